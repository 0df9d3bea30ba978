import { APP_VERSION, SESSION_STORAGE_KEYS, STORAGE_KEYS, VERSION_UPDATE_EVENT } from '@zview/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import {
  api,
  apiRequest,
  configureApiClient,
  installFetchOverride,
  resetApiClient,
  setAccessToken,
  setTargetOrganizationId,
} from './client';
import { ApiError } from './errors';
import { apiPath } from './paths';
import { readPrOverride } from './pr-override';

interface Call {
  url: URL;
  init: RequestInit;
}

function stubFetch(
  respond: (call: Call) => Response = () => Response.json({ ok: true }, { headers: { 'x-version': APP_VERSION } }),
) {
  const calls: Call[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const call = { url: new URL(String(input)), init };
    calls.push(call);
    return respond(call);
  });
  vi.stubGlobal('fetch', fetchMock);
  return calls;
}

const header = (call: Call | undefined, name: string) => new Headers(call?.init.headers).get(name);

beforeEach(() => resetApiClient());
afterEach(() => vi.unstubAllGlobals());

describe('the API client', () => {
  it('refuses a call that needs a token before one is set, without sending it', async () => {
    const calls = stubFetch();
    await expect(api.get(apiPath('/organization'))).rejects.toThrow('Access token is undefined');
    expect(calls).toHaveLength(0);
  });

  it('sends the bearer token and the selected organisation', async () => {
    const calls = stubFetch();
    setAccessToken('tok-123');
    setTargetOrganizationId(42);
    await expect(
      api.get(apiPath('/organization'), { query: { page: 2, tags: ['a', 'b'], skip: undefined } }),
    ).resolves.toEqual({ ok: true });
    expect(header(calls[0], 'authorization')).toBe('Bearer tok-123');
    expect(calls[0]?.url.pathname).toBe('/api/organization');
    expect(calls[0]?.url.searchParams.get('target_organization_id')).toBe('42');
    expect(calls[0]?.url.searchParams.getAll('tags')).toEqual(['a', 'b']);
    expect(calls[0]?.url.searchParams.get('page')).toBe('2');
    expect(calls[0]?.url.searchParams.has('skip')).toBe(false);
  });

  it('leaves out the organisation when none is selected and the token when the call needs none', async () => {
    const calls = stubFetch(() => new Response('4.10.1', { headers: { 'content-type': 'text/plain' } }));
    setAccessToken('tok-123');
    await expect(apiRequest('/version', { auth: false, responseType: 'text' })).resolves.toBe('4.10.1');
    expect(header(calls[0], 'authorization')).toBeNull();
    expect(calls[0]?.url.searchParams.has('target_organization_id')).toBe(false);
  });

  it('encodes JSON bodies', async () => {
    const calls = stubFetch();
    setAccessToken('t');
    await api.post(apiPath('/user-management/user/me'), { profile: { firstName: 'Ada', lastName: 'Byron' } });
    expect(calls[0]?.init.method).toBe('POST');
    expect(header(calls[0], 'content-type')).toBe('application/json');
    expect(JSON.parse(String(calls[0]?.init.body))).toEqual({ profile: { firstName: 'Ada', lastName: 'Byron' } });
  });

  it('surfaces the JSON error shape as a typed ApiError', async () => {
    stubFetch(() => Response.json({ error: { code: 'forbidden', message: 'Not allowed here.' } }, { status: 403 }));
    setAccessToken('t');
    const error = await api.get(apiPath('/caribou/billing')).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 403, code: 'forbidden', message: 'Not allowed here.' });
  });

  it('turns a non-JSON failure into an ApiError too, and reports 401s', async () => {
    stubFetch(() => new Response('Bad gateway', { status: 502 }));
    setAccessToken('t');
    await expect(api.get(apiPath('/faq'))).rejects.toMatchObject({
      status: 502,
      code: 'http_502',
      message: 'Bad gateway',
    });

    const onUnauthorized = vi.fn();
    configureApiClient({ onUnauthorized });
    stubFetch(() => Response.json({ error: { code: 'unauthorized', message: 'Expired.' } }, { status: 401 }));
    await expect(api.get(apiPath('/faq'))).rejects.toBeInstanceOf(ApiError);
    expect(onUnauthorized).toHaveBeenCalledOnce();
  });

  it('validates answers with a contract schema', async () => {
    stubFetch(() => Response.json({ organizations: 'nope' }));
    setAccessToken('t');
    await expect(
      api.get(apiPath('/organization'), { schema: z.object({ organizations: z.array(z.unknown()) }) }),
    ).rejects.toThrow();
  });

  it('sets the version-update flag and fires the event when x-version differs', async () => {
    const onUpdate = vi.fn();
    window.addEventListener(VERSION_UPDATE_EVENT, onUpdate);
    setAccessToken('t');
    stubFetch();
    await api.get(apiPath('/faq'));
    expect(localStorage.getItem(STORAGE_KEYS.versionUpdateNeeded)).toBeNull();
    stubFetch(() => Response.json({}, { headers: { 'x-version': '4.11.0' } }));
    await api.get(apiPath('/faq'));
    expect(localStorage.getItem(STORAGE_KEYS.versionUpdateNeeded)).toBe('true');
    expect(onUpdate).toHaveBeenCalledOnce();
    window.removeEventListener(VERSION_UPDATE_EVENT, onUpdate);
  });

  it('adds the PR override parameters to /api paths only, while override mode is on', async () => {
    const calls = stubFetch();
    setAccessToken('t');
    let overrideMode = true;
    sessionStorage.setItem(SESSION_STORAGE_KEYS.prOverride, JSON.stringify({ caribou_pr: '12', ragamuffin_pr: '34' }));
    configureApiClient({ prOverride: () => (overrideMode ? readPrOverride() : null) });
    await api.get(apiPath('/caribou/billing'));
    await apiRequest('/get-identity', { auth: false, method: 'POST', body: { userEmail: 'a@b.c' } });
    overrideMode = false;
    await api.get(apiPath('/caribou/billing'));
    expect(calls[0]?.url.searchParams.get('caribou_pr')).toBe('12');
    expect(calls[0]?.url.searchParams.get('ragamuffin_pr')).toBe('34');
    expect(calls[1]?.url.searchParams.has('caribou_pr')).toBe(false);
    expect(calls[2]?.url.searchParams.has('caribou_pr')).toBe(false);
  });

  it('patches native fetch with the override parameters', async () => {
    const calls = stubFetch();
    sessionStorage.setItem(SESSION_STORAGE_KEYS.prOverride, JSON.stringify({ ragamuffin_pr: '7' }));
    configureApiClient({ prOverride: readPrOverride });
    const uninstall = installFetchOverride();
    try {
      await window.fetch('/api/zorro/filters?x=1');
      await window.fetch('/assets/logo.svg');
    } finally {
      uninstall();
    }
    expect(calls[0]?.url.searchParams.get('ragamuffin_pr')).toBe('7');
    expect(calls[0]?.url.searchParams.get('x')).toBe('1');
    expect(calls[1]?.url.searchParams.has('ragamuffin_pr')).toBe(false);
  });
});
