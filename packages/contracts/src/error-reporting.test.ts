import { describe, expect, it } from 'vitest';
import { FILTERED, maskString, scrubErrorReport } from './error-reporting.js';

describe('error-report masking', () => {
  it('masks credential keys at any depth and credentials inside strings', () => {
    const jwt = 'eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJ1c2VyIn0.c2lnbmF0dXJlLXZhbHVl';
    const report = scrubErrorReport({
      request: {
        headers: { Authorization: `Bearer ${jwt}`, cookie: 'zview_session=abc; theme=dark', accept: 'json' },
        url: `/api/x?token=t0k&page=2`,
        cookies: { sid: 'x' },
      },
      extra: {
        password: 'hunter2',
        sessionToken: 's3ss',
        nested: [{ access_token: 'a' }],
        note: `failed with Bearer ${jwt}`,
      },
      breadcrumbs: [
        { message: `GET /login?sessionToken=abc123&x=1`, data: { headers: [['authorization', 'Basic dXNlcjpwYXNz']] } },
      ],
      empty: { token: null },
    });
    expect(report.request.headers).toEqual({ Authorization: FILTERED, cookie: FILTERED, accept: 'json' });
    expect(report.request.url).toBe(`/api/x?token=${FILTERED}&page=2`);
    expect(report.request.cookies).toBe(FILTERED);
    expect(report.extra).toEqual({
      password: FILTERED,
      sessionToken: FILTERED,
      nested: [{ access_token: FILTERED }],
      note: `failed with Bearer ${FILTERED}`,
    });
    expect(report.breadcrumbs[0]!.message).toBe(`GET /login?sessionToken=${FILTERED}&x=1`);
    expect(report.breadcrumbs[0]!.data.headers).toEqual([['authorization', FILTERED]]);
    expect(report.empty.token).toBeNull();
    expect(JSON.stringify(report)).not.toMatch(/hunter2|s3ss|abc123|eyJ|dXNlcjpwYXNz/);
  });

  it('masks JWTs and session cookies in free text', () => {
    expect(maskString('token eyJabcdefgh.eyJabcdefgh.sig in text')).toBe(`token ${FILTERED} in text`);
    expect(maskString('Cookie: my_session_id=xyz; other=1')).toBe(`Cookie: my_session_id=${FILTERED}; other=1`);
    expect(maskString('login with password=hunter2 failed')).toBe(`login with password=${FILTERED} failed`);
  });
});
