import { mockPayloadSchema } from '@zview/contracts';

/** Checks the editor's text as the server will: JSON first, then the assessment response schema. Null when valid. */
export function payloadProblem(text: string): string | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return `Not valid JSON: ${(error as Error).message}`;
  }
  const parsed = mockPayloadSchema.safeParse(value);
  if (parsed.success) return null;
  return parsed.error.issues
    .slice(0, 3)
    .map((issue) => `${issue.path.length ? issue.path.join('.') : '(payload)'}: ${issue.message}`)
    .join('; ');
}
