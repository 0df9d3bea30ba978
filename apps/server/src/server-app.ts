import type { FastifyInstance } from 'fastify';
import { buildApp, type BuildAppOptions } from './app.js';
import type { ServerConfig } from './config.js';
import type { Db } from './db/database.js';
import { riskModelScorer } from './domain/portfolio/pipeline/risk-scorer.js';
import { createPortfolioServices } from './portfolio-services.js';
import { worldImagerySources } from './domain/property/imagery-sources.js';
import { hashPassword, verifyPassword } from './auth/passwords.js';
import { warmSearchIndex } from './domain/zorro/search.js';
import { resolveSigningSecret, UrlSigner } from './domain/imagery/signing.js';
import { warmLookupPath } from './domain/property/warm.js';
import { warmLookupRoute, warmSignInRoute } from './http/warm-routes.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Resolves when what the first sign-in and the first lookup would pay for is done (never rejects). */
    warmedUp: Promise<void>;
  }
}

/**
 * The API as `npm start` serves it: the world's imagery, portfolios (uploads in DATA_DIR/blobs,
 * jobs on pg-boss, scored by the risk models), request logging. Every API process builds the
 * same app; they share nothing but the database and DATA_DIR.
 */
export async function buildServerApp(
  config: ServerConfig,
  db: Db,
  /** The process logger by default; the lookup bench passes one writing to /dev/null. */
  options: BuildAppOptions = { logger: true },
): Promise<FastifyInstance> {
  const portfolio = createPortfolioServices({ config, db }, { scorer: riskModelScorer(db) });
  const app = await buildApp({ config, db, imagery: worldImagerySources(db), portfolio }, options);
  warmDiscovery(app, db);
  let warmed: () => void = () => {};
  app.decorate('warmedUp', new Promise<void>((resolve) => (warmed = resolve)));
  void Promise.all([warmSignIn(app), warmLookups(app, db)]).then(() => warmed());
  return app;
}

/** The longest start-up waits for the warm-up before it listens anyway (a stalled database). */
const WARM_UP_WAIT_MS = 20_000;

/**
 * Listens once the app's warm-up is done (at most WARM_UP_WAIT_MS), so the first sign-in and the
 * first lookup after start find their paths warm instead of sharing the event loop with the
 * warm-up (issue 46: a first sign-in during the warm-up took 4–5× a warm one).
 */
export async function listenWhenWarm(app: FastifyInstance, options: { port: number; host: string }): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([app.warmedUp, new Promise((resolve) => (timer = setTimeout(resolve, WARM_UP_WAIT_MS)))]);
  clearTimeout(timer);
  await app.listen(options);
}

/**
 * What the first lookup after start would otherwise pay for (issue 46: 4–10× a warm one), done in
 * the background once the app is ready: a few of the pool's connections, and the lookup path's
 * code (geocoder, property reads, risk models, imagery selection) compiled by running it on the
 * first properties of the world — through the domain, so nothing is billed or cached.
 */
export function warmLookups(app: FastifyInstance, db: Db): Promise<void> {
  const start = performance.now();
  return Promise.resolve(app.ready())
    .then(async () => {
      const { config } = app.ctx;
      // A URL signer as the imagery routes make one: its secret is read (or created under DATA_DIR
      // on a first start) now, once per process, and the routes' signers find it read.
      const signer = new UrlSigner(resolveSigningSecret(config.urlSigningSecret, config.dataDir));
      const warmed = await warmLookupPath(db, config.runtime.SAMPLE_DATA, signer);
      // The route itself: its hooks, the token's first verification, then all of it as start-up's
      // warm-up principal, billed nothing (http/warm-routes.ts).
      const route = await warmLookupRoute(app);
      return { warmed, route };
    })
    .then(
      ({ warmed, route }) =>
        app.log.info({ ms: Math.round(performance.now() - start), warmed, route }, 'lookup path warmed'),
      (err: unknown) => app.log.warn({ err }, 'lookup path not warmed at start'),
    );
}

/**
 * What the first sign-in after start would otherwise pay for, done in the background once the app
 * is ready (issue 45 item 9): scrypt's first run (its memory and thread-pool start), the identity
 * provider's discovery and key set (route compilation, key import), the sign-in route's parsing and
 * its reads, and a few database connections.
 */
export function warmSignIn(app: FastifyInstance): Promise<void> {
  const start = performance.now();
  return Promise.resolve(app.ready())
    .then(async () => {
      await verifyPassword('warm-up', await hashPassword('warm-up'));
      for (const url of ['/oidc/.well-known/openid-configuration', '/oidc/jwks', '/version'])
        await app.inject({ method: 'GET', url });
      await warmSignInRoute(app);
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
