import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createMember, usePortfolioTestApp, waitFor } from './app.js';
import { portfolioSteps } from './steps.js';

// Reads slowed to 16 KB per 300 ms: the 8,000-row file below takes some four seconds to read.
const { app, db } = await usePortfolioTestApp({ chunkSize: 4000, slowReadMs: 300 });
const { createPortfolio, waitForStatus } = portfolioSteps(app);

const ROWS = 8000;
const FILE = `id,lat,lon\n${Array.from({ length: ROWS }, (_, i) => `POLICY-${i},30.${i},-97.${i}`).join('\n')}\n`;

/** Issue 45 item 2: the file read is a job staff see, suspend while it runs, and resume. */
describe('the file read as a job', () => {
  it('is listed while it runs, stops when suspended mid-read, and reads the file again when resumed', async () => {
    const { headers } = await createMember(app, db);
    const admin = await createMember(app, db, { internalAdmin: true });
    const id = await createPortfolio(headers, FILE);
    const ingestJob = async () => {
      const res = await app.inject({ method: 'GET', url: '/api/caribou/jobs?itemsPerPage=50', headers: admin.headers });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().jobs.find((j: { type: string; id: number }) => j.type === 'portfolio-ingest' && j.id === id) as
        { state: string; portfolioId: number; progress: { committed: number; total: number } } | undefined;
    };
    const running = await waitFor(
      async () => ((await ingestJob())?.state === 'running' ? ingestJob() : null),
      30_000,
      'the file read running',
    );
    expect(running).toMatchObject({ portfolioId: id, progress: { committed: 0, total: 1 } });

    const suspend = await app.inject({
      method: 'POST',
      url: `/api/caribou/jobs/${id}/suspend?type=portfolio-ingest`,
      headers: admin.headers,
    });
    expect(suspend.json()).toEqual({ id, state: 'suspended' });
    // The worker lets go of the read (its lock) well before the file's end, and nothing was kept.
    await waitFor(
      async () => {
        const { rows } = await sql<{ held: boolean }>`SELECT EXISTS (SELECT 1 FROM pg_locks WHERE locktype = 'advisory'
          AND classid = hashtext('portfolio-ingest')::oid AND objid = ${id}::oid AND granted) AS held`.execute(db);
        return !rows[0]!.held;
      },
      30_000,
      'the read to stop',
    );
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const stopped = await db
      .selectFrom('portfolios')
      .select(['ingested_at', 'processing_error'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(stopped).toEqual({ ingested_at: null, processing_error: null });
    expect((await ingestJob())?.state).toBe('suspended');
    const suspendedList = await app.inject({
      method: 'GET',
      url: '/api/caribou/jobs?filter=suspended',
      headers: admin.headers,
    });
    expect(suspendedList.json().jobs.map((j: { type: string; id: number }) => `${j.type} ${j.id}`)).toContain(
      `portfolio-ingest ${id}`,
    );

    const resume = await app.inject({
      method: 'POST',
      url: `/api/caribou/jobs/${id}/resume?type=portfolio-ingest`,
      headers: admin.headers,
    });
    expect(resume.json()).toEqual({ id, state: 'queued' });
    await waitForStatus(headers, id, 'zfire', 'READY');
    const read = await db.selectFrom('portfolios').select('row_count').where('id', '=', id).executeTakeFirstOrThrow();
    expect(read.row_count).toBe(ROWS);
    expect((await ingestJob())?.state).toBe('complete');

    // A finished read cannot be suspended; an unknown portfolio is 404; members are refused.
    const late = await app.inject({
      method: 'POST',
      url: `/api/caribou/jobs/${id}/suspend?type=portfolio-ingest`,
      headers: admin.headers,
    });
    expect(late.statusCode).toBe(409);
    expect(late.json().error.message).toBe('This job has already finished, so it cannot be suspended.');
    const unknown = await app.inject({
      method: 'POST',
      url: '/api/caribou/jobs/999999/suspend?type=portfolio-ingest',
      headers: admin.headers,
    });
    expect(unknown.statusCode).toBe(404);
    const member = await app.inject({
      method: 'POST',
      url: `/api/caribou/jobs/${id}/suspend?type=portfolio-ingest`,
      headers,
    });
    expect(member.statusCode).toBe(403);
    const badType = await app.inject({
      method: 'POST',
      url: `/api/caribou/jobs/${id}/suspend?type=export`,
      headers: admin.headers,
    });
    expect(badType.statusCode).toBe(400);
  });
});
