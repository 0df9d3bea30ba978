import { uploadCheckSchema, type UploadCheck } from '@zview/contracts';
import { api } from '../../../api/client';

/** GET /api/caribou/portfolio/uploads/{name}/check: the dry run of an uploaded file. */
export function checkUpload(uploadedFileName: string, signal?: AbortSignal): Promise<UploadCheck> {
  return api.get(`/api/caribou/portfolio/uploads/${encodeURIComponent(uploadedFileName)}/check`, {
    schema: uploadCheckSchema,
    signal,
  });
}
