import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.js';
import type { ServerConfig } from './config.js';
import type { Db } from './db/database.js';
import { riskModelScorer } from './domain/portfolio/risk-scorer.js';
import { createPortfolioServices } from './portfolio-services.js';
import { worldImagerySources } from './domain/property/imagery-sources.js';
import { warmSearchIndex } from './domain/zorro/search.js';

/**
 * The API as `npm start` serves it: the world's imagery, portfolios (uploads in DATA_DIR/blobs,
 * jobs on pg-boss, scored by the risk models), request logging. Every API process builds the
 * same app; they share nothing but the database and DATA_DIR.
 */
export async function buildServerApp(config: ServerConfig, db: Db): Promise<FastifyInstance> {
  const portfolio = createPortfolioServices({ config, db }, { scorer: riskModelScorer(db) });
  const app = await buildApp({ config, db, imagery: worldImagerySources(db), portfolio }, { logger: true });
  warmDiscovery(app, db);
  return app;
}

/**
 * Loads discovery's in-memory search index in the background (1.7–3.4 s at 100,000 filings), so
 * the first search after start does not wait for it; start-up and readiness never wait, and a
 * database that is away only logs (the first request then loads it, issue 18).
 */
export function warmDiscovery(app: FastifyInstance, db: Db): void {
  const start = performance.now();
  warmSearchIndex(db).then(
    () => app.log.info({ ms: Math.round(performance.now() - start) }, 'discovery search index loaded'),
    (err: unknown) => app.log.warn({ err }, 'discovery search index not loaded at start (loaded on first request)'),
  );
}
