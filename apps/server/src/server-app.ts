import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.js';
import type { ServerConfig } from './config.js';
import type { Db } from './db/database.js';
import { riskModelScorer } from './domain/portfolio/pipeline/risk-scorer.js';
import { createPortfolioServices } from './portfolio-services.js';
import { worldImagerySources } from './domain/property/imagery-sources.js';
import { hashPassword, verifyPassword } from './auth/passwords.js';
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
  warmSignIn(app);
  return app;
}

/**
 * What the first sign-in after start would otherwise pay for, done in the background once the app
 * is ready (issue 45 item 9): scrypt's first run (its memory and thread-pool start), the identity
 * provider's discovery and key set (route compilation, key import), and a few database connections.
 */
export function warmSignIn(app: FastifyInstance): void {
  const start = performance.now();
  void app
    .ready()
    .then(async () => {
      await verifyPassword('warm-up', await hashPassword('warm-up'));
      for (const url of ['/oidc/.well-known/openid-configuration', '/oidc/jwks', '/version'])
        await app.inject({ method: 'GET', url });
    })
    .then(
      () => app.log.info({ ms: Math.round(performance.now() - start) }, 'sign-in path warmed'),
      (err: unknown) => app.log.warn({ err }, 'sign-in path not warmed at start'),
    );
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
