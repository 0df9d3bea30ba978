import { PR_OVERRIDE_ECHO_HEADER } from '@zview/contracts';
import { describe, expect, it } from 'vitest';
import { useTestApp } from './app.js';

const { app } = await useTestApp();

describe('pull-request override echo', () => {
  it('echoes the all-digit overrides an /api request carried in x-pr-override', async () => {
    const both = await app.inject({ method: 'GET', url: '/api/health?caribou_pr=812&ragamuffin_pr=97' });
    expect(both.statusCode).toBe(200);
    expect(both.headers[PR_OVERRIDE_ECHO_HEADER]).toBe('caribou_pr=812, ragamuffin_pr=97');
    const one = await app.inject({ method: 'GET', url: '/api/health?caribou_pr=12a&ragamuffin_pr=5' });
    expect(one.headers[PR_OVERRIDE_ECHO_HEADER]).toBe('ragamuffin_pr=5');
  });

  it('says nothing when no override was carried, or outside /api', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/health' })).headers[PR_OVERRIDE_ECHO_HEADER]).toBeUndefined();
    expect(
      (await app.inject({ method: 'GET', url: '/api/health?caribou_pr=x' })).headers[PR_OVERRIDE_ECHO_HEADER],
    ).toBeUndefined();
    expect(
      (await app.inject({ method: 'GET', url: '/version?caribou_pr=1' })).headers[PR_OVERRIDE_ECHO_HEADER],
    ).toBeUndefined();
  });
});
