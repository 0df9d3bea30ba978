import { MESSAGES, VERSION_HEADER } from '@zview/contracts';
import { ApiError } from './errors';
import { applyPrOverride, type PrOverride } from './pr-override';
import { checkServerVersion } from './version';
import type { ApiUrlFor } from './paths';

/**
 * The one HTTP client of the web app (SPEC §7 common behaviour):
 * - Authorization: Bearer {token} once a token is set; a call that needs a token without one
 *   throws 'Access token is undefined' before anything is sent;
 * - target_organization_id when an organisation is selected;
 * - the x-version header of every response is compared with ours (version-update flag);
 * - pull-request override parameters on /api paths in override mode;
 * - `{ error: { code, message } }` answers are thrown as a typed ApiError.
 * The identity work feeds the token (`setAccessToken`); the session feeds the organisation.
 */
interface ClientState {
  baseUrl: string;
  accessToken: string | undefined;
  organizationId: number | undefined;
  /** The override to apply now, or null when override mode is off (endo + organisation 1 only). */
  prOverride: () => PrOverride | null;
  onUnauthorized: ((error: ApiError) => void) | undefined;
}

const state: ClientState = {
  baseUrl: '',
  accessToken: undefined,
  organizationId: undefined,
  prOverride: () => null,
  onUnauthorized: undefined,
};

export interface ClientConfiguration {
  /** Origin (and path prefix) of the API; '' for the page's own origin. */
  baseUrl?: string;
  prOverride?: () => PrOverride | null;
  /** Called on any 401 answer to an authenticated call (the identity work signs the user out). */
  onUnauthorized?: (error: ApiError) => void;
}

export function configureApiClient(configuration: ClientConfiguration): void {
  if (configuration.baseUrl !== undefined) state.baseUrl = configuration.baseUrl.replace(/\/$/, '');
  if (configuration.prOverride) state.prOverride = configuration.prOverride;
  if ('onUnauthorized' in configuration) state.onUnauthorized = configuration.onUnauthorized;
}

export function setAccessToken(token: string | undefined): void {
  state.accessToken = token || undefined;
}

export function getAccessToken(): string | undefined {
  return state.accessToken;
}

export function setTargetOrganizationId(id: number | null | undefined): void {
  state.organizationId = id ?? undefined;
}

export function getTargetOrganizationId(): number | undefined {
  return state.organizationId;
}

/** Returns the client to its initial state (sign-out, tests). */
export function resetApiClient(): void {
  Object.assign(state, {
    baseUrl: '',
    accessToken: undefined,
    organizationId: undefined,
    prOverride: () => null,
    onUnauthorized: undefined,
  });
}

type QueryValue = string | number | boolean | null | undefined | readonly (string | number)[];

export interface RequestOptions<T = unknown> {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  query?: Record<string, QueryValue>;
  /** JSON-encoded unless it is FormData, a Blob or a string. */
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Needs the bearer token (default true). /version and /get-identity do not. */
  auth?: boolean;
  /** Adds target_organization_id when an organisation is selected (default true). */
  organization?: boolean;
  /** Validates the JSON answer with a contract schema (zod's full build or zod/mini). */
  schema?: { parse(data: unknown): T };
  responseType?: 'json' | 'text' | 'blob';
}

/** The absolute URL of a call, with the organisation and override parameters. */
export function buildApiUrl(path: string, options: Pick<RequestOptions, 'query' | 'organization'> = {}): URL {
  const url = new URL(`${state.baseUrl}${path}`, window.location.origin);
  for (const [key, value] of Object.entries(options.query ?? {})) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) value.forEach((item) => url.searchParams.append(key, String(item)));
    else url.searchParams.set(key, String(value));
  }
  if ((options.organization ?? true) && state.organizationId !== undefined) {
    url.searchParams.set('target_organization_id', String(state.organizationId));
  }
  return applyPrOverride(url, state.prOverride());
}

function encodeBody(body: unknown, headers: Headers): BodyInit | undefined {
  if (body === undefined) return undefined;
  if (body instanceof FormData || body instanceof Blob || typeof body === 'string') return body;
  headers.set('content-type', 'application/json');
  return JSON.stringify(body);
}

export async function apiRequest<T = unknown>(path: string, options: RequestOptions<T> = {}): Promise<T> {
  const needsToken = options.auth ?? true;
  const headers = new Headers(options.headers);
  if (needsToken) {
    if (!state.accessToken) throw new Error(MESSAGES.accessTokenUndefined);
    headers.set('authorization', `Bearer ${state.accessToken}`);
  } else {
    headers.delete('authorization');
  }
  if (!headers.has('accept'))
    headers.set('accept', options.responseType === 'text' ? 'text/plain' : 'application/json');

  const response = await fetch(buildApiUrl(path, options), {
    method: options.method ?? 'GET',
    headers,
    body: encodeBody(options.body, headers),
    signal: options.signal,
  });
  checkServerVersion(response.headers.get(VERSION_HEADER));

  if (!response.ok) {
    const error = await ApiError.fromResponse(response);
    if (response.status === 401 && needsToken) state.onUnauthorized?.(error);
    throw error;
  }
  if (options.responseType === 'blob') return (await response.blob()) as T;
  if (response.status === 204) return undefined as T;
  const isJson = (response.headers.get('content-type') ?? '').includes('json');
  if (options.responseType === 'text' || !isJson) return (await response.text()) as T;
  const data: unknown = await response.json();
  return options.schema ? options.schema.parse(data) : (data as T);
}

type WithoutMethod<T> = Omit<RequestOptions<T>, 'method' | 'body'>;

/**
 * The calls, each typed by the method it makes: a path whose document entry lacks the method fails
 * `tsc` (api/paths.ts ApiUrlFor). `apiRequest` stays untyped for the few calls outside the document.
 */
export const api = {
  get: <T = unknown>(path: ApiUrlFor<'get'>, options?: WithoutMethod<T>) =>
    apiRequest<T>(path, { ...options, method: 'GET' }),
  delete: <T = unknown>(path: ApiUrlFor<'delete'>, options?: WithoutMethod<T>) =>
    apiRequest<T>(path, { ...options, method: 'DELETE' }),
  post: <T = unknown>(path: ApiUrlFor<'post'>, body?: unknown, options?: WithoutMethod<T>) =>
    apiRequest<T>(path, { ...options, method: 'POST', body }),
  put: <T = unknown>(path: ApiUrlFor<'put'>, body?: unknown, options?: WithoutMethod<T>) =>
    apiRequest<T>(path, { ...options, method: 'PUT', body }),
  patch: <T = unknown>(path: ApiUrlFor<'patch'>, body?: unknown, options?: WithoutMethod<T>) =>
    apiRequest<T>(path, { ...options, method: 'PATCH', body }),
};

let nativeFetch: typeof fetch | undefined;

/**
 * Native fetch gets the override parameters too (SPEC §7), for code that does not go through
 * this client (map tiles, third-party widgets). Idempotent; returns the uninstaller.
 */
export function installFetchOverride(): () => void {
  if (nativeFetch) return uninstallFetchOverride;
  const original = window.fetch.bind(window);
  nativeFetch = original;
  window.fetch = (input: RequestInfo | URL, init?: RequestInit) => {
    const override = state.prOverride();
    if (!override) return original(input, init);
    const raw = input instanceof Request ? input.url : String(input);
    const url = new URL(raw, window.location.origin);
    if (url.origin !== window.location.origin) return original(input, init);
    const patched = applyPrOverride(url, override).toString();
    return original(input instanceof Request ? new Request(patched, input) : patched, init);
  };
  return uninstallFetchOverride;
}

function uninstallFetchOverride() {
  if (nativeFetch) window.fetch = nativeFetch;
  nativeFetch = undefined;
}
