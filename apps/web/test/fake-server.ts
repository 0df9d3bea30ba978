import { afterEach, vi } from 'vitest';

/**
 * A tiny fake server at the network boundary: `fetch` is replaced, routes answer by method and
 * path, and every request is recorded so tests can assert what the app sent.
 */
export interface RecordedRequest {
  method: string;
  url: URL;
  headers: Headers;
  body: unknown;
}
export interface FakeResponse {
  status?: number;
  body?: unknown;
  headers?: Record<string, string>;
}
type Handler = (request: RecordedRequest) => FakeResponse | Promise<FakeResponse>;

export function fakeServer() {
  const routes = new Map<string, Handler>();
  const requests: RecordedRequest[] = [];

  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(input instanceof Request ? input.url : String(input), window.location.origin);
    const method = (init.method ?? 'GET').toUpperCase();
    const raw = init.body;
    const body = typeof raw === 'string' && raw ? (JSON.parse(raw) as unknown) : raw;
    const request: RecordedRequest = { method, url, headers: new Headers(init.headers), body };
    requests.push(request);
    const handler = routes.get(`${method} ${url.pathname}`);
    const answer = handler
      ? await handler(request)
      : { status: 404, body: { error: { code: 'not_found', message: `No fake route ${method} ${url.pathname}` } } };
    const status = answer.status ?? 200;
    const text = answer.body === undefined ? null : JSON.stringify(answer.body);
    return new Response(status === 204 ? null : text, {
      status,
      headers: { 'content-type': 'application/json', ...answer.headers },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  afterEach(() => vi.unstubAllGlobals());

  return {
    requests,
    on(method: string, path: string, handler: Handler | FakeResponse) {
      routes.set(`${method.toUpperCase()} ${path}`, typeof handler === 'function' ? handler : () => handler);
      return this;
    },
    /** Requests made to a path (any method unless given). */
    sent(path: string, method?: string) {
      return requests.filter((r) => r.url.pathname === path && (!method || r.method === method.toUpperCase()));
    },
  };
}

/** A runtime configuration for tests. */
export const TEST_CONFIG = {
  ENV: 'test',
  API_URL: '',
  OIDC_ISSUER: 'http://localhost:3000/oidc',
  OIDC_CLIENT_ID: 'zview-web',
  SUPPORT_EMAIL: 'support@zview.example',
  VERSION: '4.10.1',
  BILLING_PAGE_ENABLED: false,
  PORTFOLIO_ENABLED: true,
  USER_MANAGEMENT_ENABLED: true,
  ANALYTICS_ENABLED: false,
  SAMPLE_DATA: true,
};

/** An unsigned JWT with these claims (the browser never verifies signatures). */
export function fakeJwt(claims: Record<string, unknown>): string {
  // Real tokens are base64url of UTF-8 JSON.
  const encode = (value: unknown) =>
    btoa(String.fromCharCode(...new TextEncoder().encode(JSON.stringify(value))))
      .replace(/=+$/, '')
      .replace(/\+/g, '-')
      .replace(/\//g, '_');
  return `${encode({ alg: 'RS256', typ: 'JWT' })}.${encode(claims)}.signature`;
}
