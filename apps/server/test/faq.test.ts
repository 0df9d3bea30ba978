import { describe, expect, it } from 'vitest';
import { useTestApp } from './app.js';
import { authHeader, createOrganization, createUser } from './factories.js';

/** SPEC §7 "GET /faq": the FAQ page's questions and answers, for every signed-in user. */
const { app, db } = await useTestApp();

describe('GET /api/faq', () => {
  it('answers the questions and answers by category to any signed-in user, and 401 to no one', async () => {
    const org = await createOrganization(db, { name: 'FAQ Org' });
    const headers = await authHeader(app, await createUser(db, { org, role: 'member' }));
    const res = await app.inject({ method: 'GET', url: '/api/faq', headers });
    expect(res.statusCode).toBe(200);
    const { faqs } = res.json() as { faqs: { id: string; category: string; question: string; answer: string }[] };
    expect(faqs.length).toBeGreaterThan(3);
    expect(faqs[0]).toMatchObject({ id: 'what-is-zview', category: 'General', question: 'What is Z-VIEW?' });
    for (const entry of faqs) expect(entry.answer.length).toBeGreaterThan(10);
    expect((await app.inject({ method: 'GET', url: '/api/faq' })).statusCode).toBe(401);
  });
});
