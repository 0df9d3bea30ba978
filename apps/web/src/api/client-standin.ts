/**
 * TODO(shell): STAND-IN for the shell's `api/client.ts` (the one HTTP client). It exports the
 * same names and signatures the auth, profile and team features use (`api`, `setAccessToken`,
 * `getAccessToken`, `setTargetOrganizationId`, `ApiRequestError`-like errors with a message), so
 * at merge the imports switch from './client-standin' to './client' and this file is deleted.
 */
import { MESSAGES } from '@zview/contracts';
import type { ZodType } from 'zod';

let accessToken: string | undefined;
let organizationId: number | undefined;

export function setAccessToken(token: string | undefined): void {
  accessToken = token || undefined;
}
export function getAccessToken(): string | undefined {
  return accessToken;
}
export function setTargetOrganizationId(id: number | null | undefined): void {
  organizationId = id ?? undefined;
}

interface RequestOptions<T> {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  auth?: boolean;
  organization?: boolean;
  schema?: ZodType<T>;
}

async function apiRequest<T>(path: string, options: RequestOptions<T> = {}): Promise<T> {
  const headers = new Headers({ accept: 'application/json' });
  if (options.auth ?? true) {
    if (!accessToken) throw new Error(MESSAGES.accessTokenUndefined);
    headers.set('authorization', `Bearer ${accessToken}`);
  }
  const url = new URL(path, window.location.origin);
  if ((options.organization ?? true) && organizationId !== undefined) url.searchParams.set('target_organization_id', String(organizationId));
  if (options.body !== undefined) headers.set('content-type', 'application/json');
  const response = await fetch(url, {
    method: options.method ?? 'GET',
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await response.text();
  const data: unknown = text ? JSON.parse(text) : undefined;
  if (!response.ok) {
    const message = (data as { error?: { message?: string } } | undefined)?.error?.message ?? `Request failed with status ${response.status}`;
    throw Object.assign(new Error(message), { status: response.status });
  }
  return options.schema ? options.schema.parse(data) : (data as T);
}

type Options<T> = Omit<RequestOptions<T>, 'method' | 'body'>;
export const api = {
  get: <T = unknown>(path: string, options?: Options<T>) => apiRequest<T>(path, { ...options, method: 'GET' }),
  post: <T = unknown>(path: string, body?: unknown, options?: Options<T>) => apiRequest<T>(path, { ...options, method: 'POST', body }),
};
