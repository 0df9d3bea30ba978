import type { fakeApi } from '../../../test/fake-api';

/** The requests a fakeApi fetch mock saw, with method and body (the mock is typed with its URL only). */
export function requestsOf(api: ReturnType<typeof fakeApi>) {
  return (api.fetchMock.mock.calls as unknown as [RequestInfo | URL, RequestInit | undefined][]).map(
    ([input, init]) => ({
      path: new URL(String(input)).pathname,
      search: new URL(String(input)).search,
      method: init?.method ?? 'GET',
      body: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
    }),
  );
}
