/** What the portfolio benchmarks do as a customer would: a member with the portfolio products, a streamed upload, lookups. */
import { createReadStream } from 'node:fs';
import http from 'node:http';
import { PORTFOLIO_FEATURE, PORTFOLIO_PRODUCTS } from '@zview/contracts';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../apps/server/src/db/database.js';
import { createOrganization, createUser, tokenFor } from '../../apps/server/test/factories.js';

/** A new organisation with the scoring and portfolio products, and the bearer headers of a member of it. */
export async function portfolioMemberHeaders(app: FastifyInstance, db: Db, name: string) {
  const org = await createOrganization(db, {
    name: `${name} ${Date.now()}`,
    products: [
      'zfire',
      'zproperty',
      'zhail',
      'zwind',
      'zstorm',
      ...PORTFOLIO_PRODUCTS.map((p) => PORTFOLIO_FEATURE[p]),
    ],
  });
  const user = await createUser(db, { org });
  return { authorization: `Bearer ${await tokenFor(app, user)}` };
}

/** Streams a multipart upload of the CSV file (no buffering) to POST /api/caribou/portfolio/csv; its JSON answer. */
export function uploadPortfolioCsv(
  port: number,
  headers: Record<string, string>,
  csvPath: string,
  fileName: string,
): Promise<{ uploadedFileName: string }> {
  const boundary = `----zviewbench${Date.now()}`;
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/api/caribou/portfolio/csv',
        headers: { ...headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
      },
      (res) => {
        let body = '';
        res.on('data', (d) => (body += d));
        res.on('end', () =>
          res.statusCode === 201 ? resolve(JSON.parse(body)) : reject(new Error(`upload ${res.statusCode}: ${body}`)),
        );
      },
    );
    req.on('error', reject);
    req.write(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: text/csv\r\n\r\n`,
    );
    const file = createReadStream(csvPath);
    file.pipe(req, { end: false });
    file.on('end', () => req.end(`\r\n--${boundary}--\r\n`));
    file.on('error', reject);
  });
}

/** The first `limit` addresses of the world, as a person types them into the lookup. */
export async function worldAddresses(db: Db, limit: number): Promise<string[]> {
  const rows = await db
    .selectFrom('properties')
    .select(['address_line', 'city', 'state', 'zip'])
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map((r) => `${r.address_line}, ${r.city}, ${r.state} ${r.zip}`);
}
