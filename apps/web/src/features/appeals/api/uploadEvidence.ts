import { appealEvidenceResponseSchema, APPEAL_EVIDENCE_MAX_BYTES, APPEAL_EVIDENCE_TYPES } from '@zview/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { useInvalidateAppeals } from './keys';
import { apiPath } from '../../../api/paths';

/** What the browser can tell before sending (the server checks the file's bytes too). */
export function evidenceProblem(file: File): string | null {
  if (!(APPEAL_EVIDENCE_TYPES as readonly string[]).includes(file.type))
    return `${file.name}: evidence must be a photo (JPEG, PNG, WebP) or a PDF.`;
  if (file.size > APPEAL_EVIDENCE_MAX_BYTES)
    return `${file.name}: evidence files can be at most ${APPEAL_EVIDENCE_MAX_BYTES / 1024 / 1024} MB.`;
  return null;
}

/** POST /api/caribou/appeals/{id}/evidence (multipart field "file"). */
export function postEvidence(appealId: number, file: File) {
  const form = new FormData();
  form.append('file', file, file.name);
  return api.post(apiPath('/caribou/appeals/{id}/evidence', { id: appealId }), form, {
    schema: appealEvidenceResponseSchema,
  });
}

export function useUploadEvidence() {
  const invalidate = useInvalidateAppeals();
  return useMutation({
    mutationFn: ({ appealId, file }: { appealId: number; file: File }) => postEvidence(appealId, file),
    onSuccess: () => invalidate(),
  });
}
