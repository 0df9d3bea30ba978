import { describe, expect, it } from 'vitest';
import { sendMail } from '../src/auth/mail.js';
import { useTestApp } from './app.js';
import { authHeader, createOrganization, createUser } from './factories.js';

/** Issue 12 item 11: no-store on what a signed-in caller reads; links stay out of logs; logout without a session. */
const { app, db } = await useTestApp();
const org = await createOrganization(db);
const headers = await authHeader(app, await createUser(db, { org, role: 'admin' }));

describe('response hygiene', () => {
  it('authenticated JSON answers carry Cache-Control: no-store', async () => {
    for (const url of [
      '/api/organization',
      '/api/user-management/user/me',
      '/api/user-management/group/members',
      '/api/faq',
    ]) {
      const res = await app.inject({ method: 'GET', url, headers });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-store');
    }
  });

  it('without SMTP, mail bodies (one-time links) go to the outbox table, never to the log', async () => {
    const logged: string[] = [];
    await sendMail(
      db,
      {
        kind: 'password_reset',
        to: 'x@example.test',
        subject: 'Reset',
        text: 'open http://localhost/oidc/reset-password/SECRET-TOKEN-123',
      },
      { from: 'a@b.test', log: (m) => logged.push(m) },
    );
    expect(logged.join('\n')).not.toContain('SECRET-TOKEN-123');
    const row = await db
      .selectFrom('outbox')
      .select('body')
      .where('recipient', '=', 'x@example.test')
      .executeTakeFirstOrThrow();
    expect(row.body).toContain('SECRET-TOKEN-123');
  });

  it('signing out with no session goes straight back, with no inline script', async () => {
    const res = await app.inject({
      method: 'GET',
      url: `/oidc/session/end?client_id=zview-web&post_logout_redirect_uri=${encodeURIComponent('http://localhost:0/')}`,
    });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('http://localhost:0/');
    expect(res.body).not.toContain('<script');
    const foreign = await app.inject({
      method: 'GET',
      url: `/oidc/session/end?post_logout_redirect_uri=${encodeURIComponent('https://evil.example/')}`,
    });
    expect(foreign.headers.location).toBe('http://localhost:0/');
  });
});
