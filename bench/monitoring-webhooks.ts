/**
 * The webhook part of the monitoring bench (issue 41) at the scenario: EVENTS score.changed
 * events over the books' lanes to a receiver answering each request in 200 ms, delivered by the
 * worker process as `npm start` runs it (lane jobs, 8 side by side), while the real API answers
 * lookups and the same worker processes a portfolio run. Measured twice — quiet (no delivery) and
 * during the delivery — the lookups' server-side p95 and the portfolio run's upload → READY time;
 * the receiver checks each event's Standard Webhooks signature, that it arrives exactly once (by
 * `webhook-id`) and in order per portfolio.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { PORTFOLIO_PRODUCTS } from '@zview/contracts';
import { sql } from 'kysely';
import { Webhook } from 'standardwebhooks';
import { buildApp } from '../apps/server/src/app.js';
// Type-only: the route config augmentation (config.policy) the app's files rely on.
import type {} from '../apps/server/src/http/route-config.js';
import { loadConfig } from '../apps/server/src/config.js';
import type { Db } from '../apps/server/src/db/database.js';
import { worldRevision } from '../apps/server/src/db/world-revision.js';
import { riskModelScorer } from '../apps/server/src/domain/portfolio/pipeline/risk-scorer.js';
import { worldImagerySources } from '../apps/server/src/domain/property/imagery-sources.js';
import { superviseWorkerProcess } from '../apps/server/src/jobs/worker-supervisor.js';
import { createPortfolioServices } from '../apps/server/src/portfolio-services.js';
import { writeSamplePortfolioCsv } from './sample-portfolio-csv.js';
import { loadavg, mark, percentile, secs, sleep } from './support/figures.js';
import { portfolioMemberHeaders, uploadPortfolioCsv, worldAddresses } from './support/portfolio-client.js';

const RECEIVER_MS = 200;
const RUN_ROWS = Number(process.env.RUN_ROWS ?? 20_000);
const LOOKUPS_PER_SECOND = 5;
const LOOKUP_SECONDS = 20;
const SECRET = `whsec_${Buffer.alloc(32, 7).toString('base64')}`;

/** The receiver: answers each request after 200 ms; checks signature, exactly-once and order per portfolio. */
function receiver() {
  const verifier = new Webhook(SECRET);
  const seen = new Set<string>();
  const last = new Map<number, number>();
  const tally = { received: 0, duplicates: 0, outOfOrder: 0, badSignatures: 0 };
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () =>
      setTimeout(() => {
        const id = String(req.headers['webhook-id']);
        try {
          verifier.verify(body, req.headers as Record<string, string>);
        } catch {
          tally.badSignatures += 1;
        }
        if (seen.has(id)) tally.duplicates += 1;
        else tally.received += 1;
        seen.add(id);
        const portfolio = (JSON.parse(body) as { data: { portfolioId: number } }).data.portfolioId;
        const n = Number(id.slice(4));
        if ((last.get(portfolio) ?? 0) > n) tally.outOfOrder += 1;
        last.set(portfolio, n);
        res.writeHead(204).end();
      }, RECEIVER_MS),
    );
  });
  return { server, tally };
}

export async function benchWebhooks(
  db: Db,
  options: { databaseUrl: string; organizationId: number; userId: string; books: number[]; events: number },
): Promise<boolean> {
  const { books, events } = options;
  const work = mkdtempSync(path.join(os.tmpdir(), 'zview-bench-webhooks-'));
  const config = loadConfig({ PORT: '0', DATABASE_URL: options.databaseUrl, DATA_DIR: work, LOG_LEVEL: 'warn' });
  const services = createPortfolioServices({ config, db }, { scorer: riskModelScorer(db) });
  const app = await buildApp({ config, db, imagery: worldImagerySources(db), portfolio: services });
  const lookupMs: number[] = [];
  app.addHook('onResponse', async (request, reply) => {
    if (request.url.startsWith('/api/caribou/v3/property/assessment/zview')) lookupMs.push(reply.elapsedTime);
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const port = (app.server.address() as AddressInfo).port;
  const worker = superviseWorkerProcess({
    databaseUrl: options.databaseUrl,
    env: { DATA_DIR: work, LOG_LEVEL: 'warn', SEED_DEMO: 'false' },
    log: () => {},
  });
  const { server, tally } = receiver();
  let ok = true;
  try {
    const headers = await portfolioMemberHeaders(app, db, 'Bench webhooks');
    const csv = path.join(work, 'run.csv');
    await writeSamplePortfolioCsv(csv, RUN_ROWS);
    // Portfolio runs score from the score index the worker builds after a world load: wait for it.
    for (;;) {
      const builds = await db
        .selectFrom('score_index_builds')
        .select('completed_at')
        .where('world_revision', '=', await worldRevision(db))
        .execute();
      if (builds.length >= PORTFOLIO_PRODUCTS.length && builds.every((b) => b.completed_at)) break;
      await sleep(1000);
    }
    const addresses = await worldAddresses(db, 200);
    /** Lookups at a fixed pace until `until` settles; their server-side times. */
    const lookupsDuring = async (until: Promise<unknown>) => {
      lookupMs.length = 0;
      let going = true;
      void until.finally(() => (going = false));
      for (let n = 0; going; n++) {
        const location = addresses[n % addresses.length]!;
        await fetch(
          `http://127.0.0.1:${port}/api/caribou/v3/property/assessment/zview?${new URLSearchParams({ location_type: 'address', location })}`,
          { headers },
        ).then((r) => r.text());
        await sleep(1000 / LOOKUPS_PER_SECOND);
      }
      return [...lookupMs];
    };
    /** A zfire portfolio of RUN_ROWS rows uploaded and run: upload → READY. */
    const portfolioRun = async (name: string) => {
      const t = performance.now();
      const { uploadedFileName } = await uploadPortfolioCsv(port, headers, csv, `${name}.csv`);
      const created = await app.inject({
        method: 'POST',
        url: '/api/caribou/portfolios',
        headers,
        payload: { name, description: 'bench', portfolioType: 'homeowners', products: 'zfire', uploadedFileName },
      });
      if (created.statusCode !== 201) throw new Error(`portfolio ${created.statusCode}: ${created.body}`);
      const id = created.json<{ portfolioId: number }[]>()[0]!.portfolioId;
      for (;;) {
        const product = await db
          .selectFrom('portfolio_products')
          .select('status')
          .where('portfolio_id', '=', id)
          .executeTakeFirst();
        if (product?.status === 'READY') return performance.now() - t;
        if (performance.now() - t > 900_000) throw new Error(`portfolio ${name} not READY after 15 minutes`);
        await sleep(250);
      }
    };

    // Warm the lookups' caches, then quiet: lookups while a portfolio runs and for at least
    // LOOKUP_SECONDS, no delivery.
    await lookupsDuring(sleep(5_000));
    const quietRun = portfolioRun('quiet run');
    const quietLookups = await lookupsDuring(Promise.all([quietRun, sleep(LOOKUP_SECONDS * 1000)]));
    const quietRunMs = await quietRun;

    // The events, queued as the alerts queue them (a message per event, a delivery per endpoint).
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
    const endpoint = await db
      .insertInto('webhook_endpoints')
      .values({
        organization_id: options.organizationId,
        url,
        secrets: JSON.stringify([{ secret: SECRET, createdAt: new Date().toISOString(), expiresAt: null }]),
        created_by: options.userId,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db.deleteFrom('webhook_messages').execute();
    await sql`INSERT INTO webhook_messages (organization_id, lane, event_type, payload)
      SELECT ${options.organizationId}, 'portfolio:' || (${sql.val(books)}::int[])[1 + k % ${books.length}], 'score.changed',
        jsonb_build_object('type', 'score.changed', 'data', jsonb_build_object('portfolioId', (${sql.val(books)}::int[])[1 + k % ${books.length}]))
      FROM generate_series(1, ${events}) k ORDER BY k`.execute(db);
    await sql`INSERT INTO webhook_deliveries (message_id, endpoint_id, lane) SELECT id, ${endpoint.id}, lane FROM webhook_messages`.execute(
      db,
    );
    // The worker's sweep (every 10 s) finds the due lanes and queues a job per lane.
    const t0 = performance.now();
    const delivered = (async () => {
      while (tally.received < events && performance.now() - t0 < 3_600_000) await sleep(500);
      return performance.now() - t0;
    })();
    while (tally.received === 0) await sleep(100);
    const startedAfter = performance.now() - t0;

    // During the delivery: the same lookups and portfolio run.
    const busyRun = portfolioRun('run during delivery');
    const busyLookups = await lookupsDuring(Promise.all([busyRun, sleep(LOOKUP_SECONDS * 1000)]));
    const busyRunMs = await busyRun;
    const receivedByRunEnd = tally.received;
    const busyLookupsAfterRun = await lookupsDuring(Promise.race([delivered, sleep(LOOKUP_SECONDS * 1000)]));
    const deliveryMs = await delivered;

    const exact = tally.received === events && tally.duplicates === 0;
    const ordered = tally.outOfOrder === 0 && tally.badSignatures === 0;
    const quietP95 = percentile(quietLookups, 95);
    const busyP95 = percentile([...busyLookups, ...busyLookupsAfterRun], 95);
    // Not blocked: the lookups' p95 stays within the lookup target (100 ms, issue 22) or within
    // twice its quiet figure on a loaded machine; the run within 1.5× its quiet time.
    const lookupsFree = busyP95 <= Math.max(100, 2 * quietP95);
    const runFree = busyRunMs <= 1.5 * quietRunMs;
    ok = exact && ordered && lookupsFree && runFree;
    console.log(
      `  ${mark(exact)} ${events} webhook events to a ${RECEIVER_MS} ms receiver over ${books.length} portfolio lanes: ` +
        `${tally.received} received, ${tally.duplicates} duplicates (exactly once per webhook-id) in ${secs(deliveryMs)} ` +
        `(first after ${secs(startedAfter)}: the worker's sweep)\n` +
        `  ${mark(ordered)} in order per portfolio: ${tally.outOfOrder} out of order; ${tally.badSignatures} bad signatures\n` +
        `  ${mark(lookupsFree)} lookup p95 (server): ${quietP95.toFixed(1)} ms without delivery (n=${quietLookups.length}), ` +
        `${busyP95.toFixed(1)} ms during it (n=${busyLookups.length + busyLookupsAfterRun.length})\n` +
        `  ${mark(runFree)} a ${RUN_ROWS}-row zfire portfolio run (upload → READY): ${secs(quietRunMs)} without delivery, ` +
        `${secs(busyRunMs)} during it (${receivedByRunEnd} events received by its end, lookups measured ${LOOKUP_SECONDS} s at least); load ${loadavg()}`,
    );
  } finally {
    server.close();
    await worker.stop();
    await app.close();
    rmSync(work, { recursive: true, force: true });
  }
  return ok;
}
