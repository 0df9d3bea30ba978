import {
  ERRORS_PAGE_SIZE,
  INTERNAL_ADMIN_ROLE_GROUP,
  PORTFOLIO_ROLE_GROUP_HEADER,
  type ErrorsPage,
  type FileStatus,
  type FilterOption,
  type Job,
  type JobFilter,
  type JobsMetadata,
  type JobsPage,
  type JobState,
  type PortfolioCreate,
  type PortfolioList,
  type PortfolioListItem,
  type PortfolioListMetadata,
  type PortfolioListProduct,
  type PortfolioMapSource,
  type PortfolioMetadata,
  type PortfolioMetadataProduct,
  type PortfolioProductStub,
  type PortfolioProperty,
  type PortfolioPropertyDetail,
  type PortfolioSuggestions,
  type PropertiesPage,
  type PropertyResult,
  type RiskCounts,
  type RunProgress,
  type UploadCheck,
  type UploadResult,
} from '@zview/contracts';
import { api, buildApiUrl, getAccessToken } from '../../api/client';
import { ApiError } from '../../api/errors';

/**
 * The portfolio calls of SPEC §7. Every answer's type is the zod contract of packages/contracts
 * (portfolio.ts) that the server declares on its route; none is written by hand here. Every path
 * is relative to /api and goes through the one client (token, target organisation).
 */
export type {
  ErrorsPage,
  FilterOption,
  Job,
  JobFilter,
  JobState,
  PortfolioList,
  PortfolioListItem,
  PortfolioListMetadata,
  PortfolioListProduct,
  PortfolioMetadata,
  PortfolioMetadataProduct,
  PortfolioProperty,
  PortfolioPropertyDetail,
  PropertiesPage,
  PropertyResult,
  RiskCounts,
  RunProgress,
  UploadCheck,
  UploadResult,
};

export type Paged = Pick<PortfolioList, 'total' | 'page' | 'itemsPerPage'>;

export interface PortfolioListFilters {
  product: string[];
  status: string[];
  organization: string[];
}

export type PropertySort = 'rowNumber' | 'ref' | 'score' | 'riskLevel' | 'confidence';

const joined = (values: string[]) => (values.length ? values.join(',') : undefined);

/** Internal admins send the role group with the list calls and see every organisation (SPEC §6). */
const roleGroupHeaders = (internalAdmin: boolean) => (internalAdmin ? { [PORTFOLIO_ROLE_GROUP_HEADER]: INTERNAL_ADMIN_ROLE_GROUP } : undefined);

export const portfolioApi = {
  list: (filters: PortfolioListFilters, page: number, itemsPerPage: number, signal?: AbortSignal, internalAdmin = false) =>
    api.get<PortfolioList>('/api/caribou/portfolios', {
      query: { product: joined(filters.product), status: joined(filters.status), organization: joined(filters.organization), page, itemsPerPage },
      headers: roleGroupHeaders(internalAdmin),
      signal,
    }),
  listMetadata: (signal?: AbortSignal, internalAdmin = false) =>
    api.get<PortfolioListMetadata>('/api/caribou/portfolios/metadata', { headers: roleGroupHeaders(internalAdmin), signal }),
  saveExportColumns: (id: number, product: string, columns: string[]) =>
    api.put<{ columns: string[] }>(`/api/caribou/portfolio/${id}/product/${product}/export`, { data: { columns } }),
  /** Marks the export (the GET only reads): regenerates a stored CSV, records it, and accepts READY results as Processed. */
  updateExport: (id: number, product: string, format: 'csv' | 'xlsx' = 'csv') =>
    api.put<{ exportedAt: string; sizeBytes: number | null }>(`/api/caribou/portfolio/${id}/product/${product}/update_export`, undefined, {
      query: { format: format === 'xlsx' ? 'xlsx' : undefined },
    }),
  mapSource: (id: number, product: string, signal?: AbortSignal) => api.get<PortfolioMapSource>(`/api/caribou/portfolio/${id}/map`, { query: { product }, signal }),
  jobs: (filter: JobFilter, page: number, itemsPerPage: number, signal?: AbortSignal) => api.get<JobsPage>('/api/caribou/jobs', { query: { filter, page, itemsPerPage }, signal }),
  jobsMetadata: (signal?: AbortSignal) => api.get<JobsMetadata>('/api/caribou/jobs/metadata', { signal }),
  suspendJob: (id: number) => api.post<{ id: number; state: JobState }>(`/api/caribou/jobs/${id}/suspend`),
  resumeJob: (id: number) => api.post<{ id: number; state: JobState }>(`/api/caribou/jobs/${id}/resume`),
  checkName: (organizationId: number, portfolioName: string, signal?: AbortSignal) =>
    api.post<{ available: boolean; message?: string }>('/api/caribou/portfolios/names', { organizationId, portfolioName }, { signal }),
  checkUpload: (uploadedFileName: string, signal?: AbortSignal) =>
    api.get<UploadCheck>(`/api/caribou/portfolio/uploads/${encodeURIComponent(uploadedFileName)}/check`, { signal }),
  create: (body: PortfolioCreate) => api.post<PortfolioProductStub[]>('/api/caribou/portfolios', body),
  rename: (id: number, name: string) => api.patch<{ id: number; name: string }>(`/api/caribou/portfolio/${id}`, { name }),
  setStatus: (id: number, product: string, status: FileStatus) => api.patch<PortfolioProductStub>(`/api/caribou/portfolio/${id}/product/${product}/status`, { status }),
  rerun: (id: number, product: string) => api.put(`/api/caribou/portfolio/${id}/product/${product}/rerun_portfolio`),
  deleteProduct: (id: number, product: string) => api.delete(`/api/caribou/portfolio/${id}/product/${product}`),
  exportFile: (id: number, product: string, format: 'csv' | 'xlsx') =>
    api.get<Blob>(`/api/caribou/portfolio/${id}/product/${product}/export`, { query: { format: format === 'xlsx' ? 'xlsx' : undefined }, responseType: 'blob' }),
  metadata: (id: number, signal?: AbortSignal) => api.get<PortfolioMetadata>(`/api/caribou/portfolio/${id}/metadata`, { signal }),
  properties: (id: number, params: { product: string; page: number; itemsPerPage: number; riskLevel: string[]; sort: PropertySort; order: 'asc' | 'desc' }, signal?: AbortSignal) =>
    api.get<PropertiesPage>(`/api/caribou/portfolio/${id}/properties`, { query: { ...params, riskLevel: joined(params.riskLevel) }, signal }),
  errors: (id: number, product: string, page: number, signal?: AbortSignal) =>
    api.get<ErrorsPage>(`/api/caribou/portfolio/${id}/errors`, { query: { product, page, itemsPerPage: ERRORS_PAGE_SIZE }, signal }),
  autocomplete: (id: number, q: string, signal?: AbortSignal) =>
    api.get<PortfolioSuggestions>(`/api/caribou/portfolio/${id}/autocomplete`, { query: { q }, signal }),
  property: (batch: number, property: number, product: string, signal?: AbortSignal) =>
    api.get<PortfolioPropertyDetail>(`/api/caribou/portfolio/${batch}/property/${property}/${product}`, { signal }),
};

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
    xhr.open('POST', buildApiUrl('/api/caribou/portfolio/csv').toString());
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
        resolve(body as UploadResult);
        return;
      }
      const error = (body as { error?: { code?: string; message?: string } } | null)?.error;
      reject(new ApiError(xhr.status, error?.code ?? 'upload_failed', error?.message ?? `The upload failed (HTTP ${xhr.status}).`));
    };
    xhr.onerror = () => reject(new Error('The upload failed: the server could not be reached. Check your connection and try again.'));
    xhr.onabort = () => reject(new UploadCancelled());
    const form = new FormData();
    form.append('file', file, file.name);
    xhr.send(form);
  });
  return { promise, abort: () => xhr.abort() };
}

/** Query keys of the portfolio screens; all carry the active organisation id. */
export const portfolioKeys = {
  all: (org: number | null) => ['portfolio', org] as const,
  list: (org: number | null, filters: PortfolioListFilters, page: number, itemsPerPage: number) => ['portfolio', org, 'list', filters, page, itemsPerPage] as const,
  listMetadata: (org: number | null) => ['portfolio', org, 'list-metadata'] as const,
  metadata: (org: number | null, id: number) => ['portfolio', org, id, 'metadata'] as const,
  properties: (org: number | null, id: number, params: object) => ['portfolio', org, id, 'properties', params] as const,
  errors: (org: number | null, id: number, product: string, page: number) => ['portfolio', org, id, 'errors', product, page] as const,
  property: (org: number | null, id: number, row: number, product: string) => ['portfolio', org, id, 'property', row, product] as const,
  map: (org: number | null, id: number, product: string, runId: number | null) => ['portfolio', org, id, 'map', product, runId] as const,
  jobs: (filter: JobFilter, page: number) => ['jobs', filter, page] as const,
  jobsMetadata: () => ['jobs', 'metadata'] as const,
};

/** Saves a downloaded blob under a file name (the browser's download). */
export function saveBlob(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
