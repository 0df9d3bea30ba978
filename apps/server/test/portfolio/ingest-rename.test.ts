import type pg from 'pg';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { from as copyFrom } from 'pg-copy-streams';
import { describe, expect, it } from 'vitest';
import {
  analyzeIngestedRows,
  attachIngestedRows,
  beginIngest,
  commitIngest,
  DELETED_DURING_READ,
  ingestCopyStatement,
} from '../../src/db/portfolio-ingest.js';
import { createMember, usePortfolioTestApp, useRawPool } from './app.js';
import { portfolioSteps } from './steps.js';

// A portfolio renamed or deleted while its file is read: the call waited for the read's row lock
// while holding its table lock, which the read's attach needs, and PostgreSQL broke the deadlock by
// failing one of them (the call answered 500).
const { app, db, url } = await usePortfolioTestApp({ worker: false });
const pool = useRawPool(url);

/** Starts reading a one-row file into portfolio `id` on `client`, up to (not including) its keys and attach. */
async function startRead(client: pg.PoolClient, id: number) {
  expect(await beginIngest(client, id)).toBe(true);
  await pipeline(
    Readable.from([
      `${id}\t1\t["A"]\tA\t\\N\t\\N\t\\N\t\\N\t\\N\t\\N\t\\N\t\\N\t{}\t\\N\t\\N\t\\N\t\\N\tA\t\\N\t\\N\n`,
    ]),
    client.query(copyFrom(ingestCopyStatement(client, id))),
  );
}

describe('a portfolio changed while its file is read', () => {
  it('renames at once and the read completes', async () => {
    const { headers } = await createMember(app, db);
    const id = await portfolioSteps(app).createPortfolio(headers, 'id,lat,lon\nA,30,-97\n', { name: 'Reading' });
    const client = await pool.connect();
    try {
      await startRead(client, id);
      // The rename, while the read's transaction holds the portfolio …
      const rename = app.inject({
        method: 'PATCH',
        url: `/api/caribou/portfolio/${id}`,
        headers,
        payload: { name: 'Renamed while read' },
      });
      await new Promise((resolve) => setTimeout(resolve, 200));
      // … and the read goes on to attach its rows (which locks the portfolio).
      await attachIngestedRows(client, id);
      await analyzeIngestedRows(client, id);
      await commitIngest(client, id, 1, { unusable: 1 }, null);
      const renamed = await rename;
      expect(renamed.statusCode, renamed.body).toBe(200);
      expect(renamed.json().name).toBe('Renamed while read');
    } finally {
      client.release();
    }
    const row = await db
      .selectFrom('portfolios')
      .select(['name', 'row_count'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ name: 'Renamed while read', row_count: 1 });
  });

  it('deletes at once, and the read then fails its attach and leaves nothing behind', async () => {
    const { headers } = await createMember(app, db);
    const id = await portfolioSteps(app).createPortfolio(headers, 'id,lat,lon\nA,30,-97\n', { name: 'Deleted' });
    const client = await pool.connect();
    try {
      await startRead(client, id);
      const deleted = await app.inject({
        method: 'DELETE',
        url: `/api/caribou/portfolio/${id}/product/zfire`,
        headers,
      });
      expect(deleted.statusCode, deleted.body).toBe(204);
      await expect(attachIngestedRows(client, id)).rejects.toThrow(DELETED_DURING_READ);
      await client.query('ROLLBACK');
    } finally {
      client.release();
    }
    expect(await db.selectFrom('portfolios').select('id').where('id', '=', id).executeTakeFirst()).toBeUndefined();
    const { rows } = await pool.query('SELECT to_regclass($1) AS t', [`portfolio_rows_${id}`]);
    expect(rows[0].t).toBeNull();
  });

  it('waits with a delete that comes after the attach, which then empties the rows read', async () => {
    const { headers } = await createMember(app, db);
    const id = await portfolioSteps(app).createPortfolio(headers, 'id,lat,lon\nA,30,-97\n', { name: 'Deleted late' });
    const client = await pool.connect();
    let deleted: Promise<{ statusCode: number }> = Promise.resolve({ statusCode: 0 });
    let answered = false;
    try {
      await startRead(client, id);
      await attachIngestedRows(client, id);
      deleted = app.inject({ method: 'DELETE', url: `/api/caribou/portfolio/${id}/product/zfire`, headers });
      void deleted.then(() => (answered = true));
      await new Promise((resolve) => setTimeout(resolve, 200));
      // The read holds the portfolio until it commits.
      expect(answered).toBe(false);
      await analyzeIngestedRows(client, id);
      await commitIngest(client, id, 1, { unusable: 1 }, null);
    } finally {
      client.release();
    }
    expect((await deleted).statusCode).toBe(204);
    expect(await db.selectFrom('portfolios').select('id').where('id', '=', id).executeTakeFirst()).toBeUndefined();
    expect(await db.selectFrom('portfolio_rows').select('row_number').where('portfolio_id', '=', id).execute()).toEqual(
      [],
    );
  });
});
