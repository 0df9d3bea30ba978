import { existsSync, mkdirSync, readdirSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { describe, expect, it, vi } from 'vitest';
import { sql } from 'kysely';
import { cleanUploads } from '../src/domain/portfolio/upload-cleanup.js';
import { useTestApp } from './app.js';
import { authHeader, createOrganization, createUser } from './factories.js';

/** Issue 12 item 4: uploads always get an answer, leave nothing half-written, and are bounded per organisation. */
const { app, db } = await useTestApp({ PORTFOLIO_UPLOAD_QUOTA_MB: '0.03', PORTFOLIO_UPLOADS_PER_HOUR: '4' });
const org = await createOrganization(db, { products: ['zfire', 'zfire-portfolio'] });
const headers = await authHeader(app, await createUser(db, { org, role: 'admin' }));
const blobs = path.join(app.ctx.config.dataDir, 'blobs');
const boundary = '----hardening';
const multipartHeaders = { ...headers, 'content-type': `multipart/form-data; boundary=${boundary}` };
const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.csv"\r\nContent-Type: text/csv\r\n\r\n`;
const rows = (n: number) =>
  `id,latitude,longitude\n${Array.from({ length: n }, (_, i) => `R-${i},37.69,-97.33`).join('\n')}\n`;

function partialFiles(dir = blobs): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((entry) => {
    const full = path.join(dir, entry);
    return statSync(full).isDirectory() ? partialFiles(full) : entry.includes('.partial') ? [full] : [];
  });
}

const withTimeout = <T>(promise: Promise<T>, ms: number) =>
  Promise.race([
    promise,
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms)),
  ]);

describe('upload hardening', () => {
  it('multipart/form-data without a boundary answers 400 on both upload doors', async () => {
    const key = await app.inject({
      method: 'POST',
      url: '/api/user-management/api-keys',
      headers,
      payload: { name: 'Batch' },
    });
    expect(key.statusCode, key.body).toBe(201);
    const keyed = { authorization: `Bearer ${key.json().key as string}` };
    for (const [url, auth] of [
      ['/api/caribou/portfolio/csv', headers],
      ['/v1/portfolios/uploads', keyed],
    ] as const) {
      const res = await app.inject({
        method: 'POST',
        url,
        headers: { ...auth, 'content-type': 'multipart/form-data' },
        payload: `${head}${rows(3)}`,
      });
      expect(res.statusCode, `${url}: ${res.body}`).toBe(400);
    }
  });

  it('a multipart body without its closing boundary gets a 4xx answer and leaves no .partial file', async () => {
    const res = await withTimeout(
      app.inject({
        method: 'POST',
        url: '/api/caribou/portfolio/csv',
        headers: multipartHeaders,
        payload: `${head}${rows(3)}`,
      }),
      8000,
    );
    expect(res.statusCode, res.body).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    // The aborted write is removed as its stream closes: on a busy machine that is not at once.
    // (Flaky once in CI, session 13: the answer is kept in the message, to tell which path left it.)
    await vi.waitFor(() => expect(partialFiles(), `answered ${res.statusCode} ${res.body}`).toEqual([]), {
      timeout: 5_000,
      interval: 50,
    });
  });

  it('a truncated large body answers 4xx, not 500, and leaves no .partial file', async () => {
    const body = Buffer.from(`${head}${rows(2000)}`);
    const stream = Readable.from([body.subarray(0, 20_000)]);
    const res = await withTimeout(
      app.inject({
        method: 'POST',
        url: '/api/caribou/portfolio/csv',
        headers: { ...multipartHeaders, 'content-length': String(body.length + 100) },
        payload: stream,
      }),
      8000,
    );
    expect(res.statusCode, res.body).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    // The aborted write is removed as its stream closes: on a busy machine that is not at once.
    // (Flaky once in CI, session 13: the answer is kept in the message, to tell which path left it.)
    await vi.waitFor(() => expect(partialFiles(), `answered ${res.statusCode} ${res.body}`).toEqual([]), {
      timeout: 5_000,
      interval: 50,
    });
  });

  it('an organisation over its upload quota gets 413 with a clear message', async () => {
    const other = await createOrganization(db, { products: ['zfire', 'zfire-portfolio'] });
    const h = {
      ...(await authHeader(app, await createUser(db, { org: other, role: 'admin' }))),
      'content-type': `multipart/form-data; boundary=${boundary}`,
    };
    const upload = () =>
      app.inject({
        method: 'POST',
        url: '/api/caribou/portfolio/csv',
        headers: h,
        payload: `${head}${rows(1000)}\r\n--${boundary}--\r\n`,
      });
    expect((await upload()).statusCode).toBe(201);
    const over = await upload();
    expect(over.statusCode, over.body).toBe(413);
    expect(over.json().error.message).toMatch(/quota|storage/i);
  });

  it('too many uploads in an hour answer 429 with a clear message', async () => {
    const other = await createOrganization(db, { products: ['zfire', 'zfire-portfolio'] });
    const h = {
      ...(await authHeader(app, await createUser(db, { org: other, role: 'admin' }))),
      'content-type': `multipart/form-data; boundary=${boundary}`,
    };
    const codes: number[] = [];
    let last = '';
    for (let i = 0; i < 5; i++) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/caribou/portfolio/csv',
        headers: h,
        payload: `${head}${rows(2)}\r\n--${boundary}--\r\n`,
      });
      codes.push(res.statusCode);
      last = res.body;
    }
    expect(codes).toEqual([201, 201, 201, 201, 429]);
    expect(last).toMatch(/uploads/i);
  });

  it('the cleanup job deletes uploads no portfolio used after 24 h, and stale .partial files', async () => {
    const other = await createOrganization(db, { products: ['zfire', 'zfire-portfolio'] });
    const h = await authHeader(app, await createUser(db, { org: other, role: 'admin' }));
    const upload = async () =>
      (
        await app.inject({
          method: 'POST',
          url: '/api/caribou/portfolio/csv',
          headers: { ...h, 'content-type': `multipart/form-data; boundary=${boundary}` },
          payload: `${head}${rows(2)}\r\n--${boundary}--\r\n`,
        })
      ).json().uploadedFileName as string;
    const orphan = await upload();
    const used = await upload();
    const fresh = await upload();
    const created = await app.inject({
      method: 'POST',
      url: '/api/caribou/portfolios',
      headers: h,
      payload: { name: 'Kept', products: 'zfire', uploadedFileName: used },
    });
    expect(created.statusCode, created.body).toBe(201);
    await db
      .updateTable('portfolio_uploads')
      .set({ created_at: sql<Date>`now() - interval '25 hours'` })
      .where('name', 'in', [orphan, used])
      .execute();
    mkdirSync(path.join(blobs, 'uploads'), { recursive: true });
    const stale = path.join(blobs, 'uploads', 'x.partial-1-1');
    writeFileSync(stale, 'half');
    utimesSync(stale, new Date(Date.now() - 2 * 3600_000), new Date(Date.now() - 2 * 3600_000));

    const result = await cleanUploads({ db, blobs: app.ctx.portfolio!.blobs, blobRoot: blobs }, { orphanHours: 24 });
    expect(result).toEqual({ orphans: 1, partials: 1 });
    const left = (
      await db.selectFrom('portfolio_uploads').select('name').where('organization_id', '=', other.id).execute()
    ).map((r) => r.name);
    expect(left.sort()).toEqual([used, fresh].sort());
    expect(existsSync(path.join(blobs, 'uploads', orphan))).toBe(false);
    expect(existsSync(path.join(blobs, 'uploads', used))).toBe(true);
    expect(existsSync(stale)).toBe(false);
  });
});
