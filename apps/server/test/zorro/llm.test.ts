import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { zorroAskResponseSchema } from '@zview/contracts';
import { afterAll, describe, expect, it } from 'vitest';
import { checkCitations } from '../../src/domain/zorro/explorer.js';
import { seedFilings } from '../../src/world/filings/seed.js';
import { useTestApp } from '../app.js';
import { authHeader, createOrganization, createUser } from '../factories.js';

/**
 * The explorer with an OpenAI-compatible endpoint configured: a local stub of the endpoint
 * answers with one sentence citing a retrieved passage, one citing nothing and one citing a
 * passage that was never retrieved. Only the first is kept.
 */
const requests: { auth: string | undefined; body: { model: string; messages: { role: string; content: string }[] } }[] =
  [];
let reply = '';
const stub = createServer(async (req: IncomingMessage, res) => {
  let raw = '';
  for await (const chunk of req) raw += chunk;
  if (req.url !== '/v1/chat/completions' || req.method !== 'POST') return res.writeHead(404).end();
  requests.push({ auth: req.headers.authorization, body: JSON.parse(raw) });
  res
    .writeHead(200, { 'content-type': 'application/json' })
    .end(JSON.stringify({ choices: [{ message: { role: 'assistant', content: reply } }] }));
});
await new Promise<void>((resolve) => stub.listen(0, '127.0.0.1', resolve));
afterAll(() => new Promise<void>((resolve) => stub.close(() => resolve())));
const port = (stub.address() as AddressInfo).port;

const { app, db, url } = await useTestApp({
  ZORRO_LLM_URL: `http://127.0.0.1:${port}/v1`,
  ZORRO_LLM_API_KEY: 'stub-key',
  ZORRO_LLM_MODEL: 'stub-model',
});
await seedFilings(url, { filings: 400 });
const org = await createOrganization(db, { products: ['zorro'] });
const headers = await authHeader(app, await createUser(db, { org, externalGroups: ['zorro'] }));

describe('explorer with an LLM endpoint', () => {
  it('writes the answer from the retrieved passages and drops claims without a valid citation', async () => {
    reply =
      'Carriers cite wildfire models in their memoranda [1]. Rates everywhere will double next year. The regulator approved every filing [99].';
    const { id } = (await app.inject({ method: 'POST', url: '/api/zorro/conversations', headers, payload: {} })).json();
    const res = await app.inject({
      method: 'POST',
      url: `/api/zorro/conversations/${id}/messages`,
      headers,
      payload: { question: 'Which filings in California cited a wildfire model?' },
    });
    expect(res.statusCode, res.body).toBe(201);
    const answer = zorroAskResponseSchema.parse(res.json()).answer.answer!;
    expect(answer.mode).toBe('llm');
    expect(answer.sentences).toEqual([{ text: 'Carriers cite wildfire models in their memoranda.', citations: [1] }]);
    expect(answer.droppedClaims).toBe(2);
    const sent = requests.at(-1)!;
    expect(sent.auth).toBe('Bearer stub-key');
    expect(sent.body.model).toBe('stub-model');
    const prompt = sent.body.messages.at(-1)!.content;
    expect(prompt).toContain('[1]');
    expect(prompt).toContain(answer.citations[0]!.trackingNumber);
    expect(prompt).toContain(`count ${answer.figures.count}`);
  });

  it('falls back to the extractive answer when nothing the LLM wrote is cited', async () => {
    reply = 'Everything is fine. Nothing to see.';
    const { id } = (await app.inject({ method: 'POST', url: '/api/zorro/conversations', headers, payload: {} })).json();
    const res = await app.inject({
      method: 'POST',
      url: `/api/zorro/conversations/${id}/messages`,
      headers,
      payload: { question: 'hail filings in Kansas' },
    });
    const answer = zorroAskResponseSchema.parse(res.json()).answer.answer!;
    expect(answer.mode).toBe('extractive');
    for (const s of answer.sentences) expect(s.citations.length).toBeGreaterThan(0);
  });

  it('checks citations sentence by sentence', () => {
    const valid = new Set([1, 2, 3]);
    expect(checkCitations('A [1][2]. B. C [4]. D [3]!', valid)).toEqual({
      sentences: [
        { text: 'A.', citations: [1, 2] },
        { text: 'D!', citations: [3] },
      ],
      dropped: 2,
    });
  });
});
