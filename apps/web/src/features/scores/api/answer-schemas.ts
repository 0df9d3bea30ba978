// The property search's answer schemas (zod's full build), a chunk of their own: loaded beside the
// first search's call, so the empty home page does not wait for zod's full build (issue 45).
export { addressAutocompleteResponseSchema, assessmentResponseSchema } from '@zview/contracts';
