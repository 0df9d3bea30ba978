import { uploadResultSchema, type UploadResult } from '@zview/contracts';
import { buildApiUrl, getAccessToken } from '../../../api/client';
import { ApiError } from '../../../api/errors';
import { apiPath } from '../../../api/paths';

export interface UploadHandle {
  promise: Promise<UploadResult>;
  abort: () => void;
}

export class UploadCancelled extends Error {
  constructor() {
    super('The upload was cancelled.');
    this.name = 'UploadCancelled';
  }
}

/**
 * POST /api/caribou/portfolio/csv with upload progress and cancel (SPEC §7). fetch reports no
 * upload progress, so this one call uses XMLHttpRequest, with the client's URL (target
 * organisation, PR override) and bearer token.
 */
export function uploadPortfolioFile(file: File, onProgress: (fraction: number) => void): UploadHandle {
  const xhr = new XMLHttpRequest();
  const promise = new Promise<UploadResult>((resolve, reject) => {
    const token = getAccessToken();
    if (!token) {
      reject(new Error('Access token is undefined'));
      return;
    }
    xhr.open('POST', buildApiUrl(apiPath('/caribou/portfolio/csv')).toString());
    xhr.setRequestHeader('authorization', `Bearer ${token}`);
    xhr.setRequestHeader('accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      let body: unknown = null;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        body = null;
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress(1);
        resolve(uploadResultSchema.parse(body));
        return;
      }
      const error = (body as { error?: { code?: string; message?: string } } | null)?.error;
      reject(
        new ApiError(
          xhr.status,
          error?.code ?? 'upload_failed',
          error?.message ?? `The upload failed (HTTP ${xhr.status}).`,
        ),
      );
    };
    xhr.onerror = () =>
      reject(new Error('The upload failed: the server could not be reached. Check your connection and try again.'));
    xhr.onabort = () => reject(new UploadCancelled());
    const form = new FormData();
    form.append('file', file, file.name);
    xhr.send(form);
  });
  return { promise, abort: () => xhr.abort() };
}
