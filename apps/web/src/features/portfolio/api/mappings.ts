import {
  savedMappingListSchema,
  savedMappingSchema,
  uploadCheckSchema,
  type ColumnMappingInput,
  type SavedMappingCreate,
  type UploadCheck,
} from '@zview/contracts';
import { api } from '../../../api/client';
import { apiPath } from '../../../api/paths';

/** POST /api/caribou/portfolio/uploads/{name}/check: the dry run read with the mapping chosen. */
export function checkUploadWithMapping(
  uploadedFileName: string,
  columnMapping: ColumnMappingInput,
  signal?: AbortSignal,
): Promise<UploadCheck> {
  return api.post(
    apiPath('/caribou/portfolio/uploads/{name}/check', { name: uploadedFileName }),
    { columnMapping },
    { schema: uploadCheckSchema, signal },
  );
}

/** GET /api/caribou/portfolio/mappings: the organisation's saved column mappings. */
export function fetchSavedMappings(signal?: AbortSignal) {
  return api.get(apiPath('/caribou/portfolio/mappings'), { schema: savedMappingListSchema, signal });
}

/** POST /api/caribou/portfolio/mappings: saves a mapping for files with these headers. */
export function saveMapping(body: SavedMappingCreate) {
  return api.post(apiPath('/caribou/portfolio/mappings'), body, { schema: savedMappingSchema });
}
