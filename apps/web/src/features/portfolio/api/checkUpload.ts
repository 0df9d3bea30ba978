import { uploadCheckSchema, type UploadCheck } from '@zview/contracts';
import { api } from '../../../api/client';
import { apiPath } from '../../../api/paths';

/** GET /api/caribou/portfolio/uploads/{name}/check: the dry run of an uploaded file. */
export function checkUpload(uploadedFileName: string, signal?: AbortSignal): Promise<UploadCheck> {
  return api.get(apiPath('/caribou/portfolio/uploads/{name}/check', { name: uploadedFileName }), {
    schema: uploadCheckSchema,
    signal,
  });
}
