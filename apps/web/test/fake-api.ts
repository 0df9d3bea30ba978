import { vi } from 'vitest';

/**
 * Answers the page's HTTP calls in component tests (the network edge only): each handler gets
 * the URL (and the request's init: method, body) and returns a JSON body, or `{ status, body }` for an error answer. Unhandled paths 404.
 */
export type FakeAnswer = unknown | { status: number; body: unknown };
export type FakeHandlers = Record<string, (url: URL, init?: RequestInit) => FakeAnswer>;

export function fakeApi(handlers: FakeHandlers) {
  const calls: URL[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : String(input), window.location.origin);
    calls.push(url);
    const handler = handlers[url.pathname];
    if (!handler)
      return new Response(JSON.stringify({ error: { code: 'not_found', message: 'No route' } }), {
        status: 404,
        headers: { 'content-type': 'application/json' },
      });
    const answer = handler(url, init);
    const isError = typeof answer === 'object' && answer !== null && 'status' in answer && 'body' in answer;
    const status = isError ? (answer as { status: number }).status : 200;
    const body = isError ? (answer as { body: unknown }).body : answer;
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock, callsTo: (path: string) => calls.filter((url) => url.pathname === path) };
}
