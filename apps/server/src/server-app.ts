import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.js';
import type { ServerConfig } from './config.js';
import type { Db } from './db/database.js';
import { riskModelScorer } from './domain/portfolio/risk-scorer.js';
import { createPortfolioServices } from './portfolio-services.js';
import { worldImagerySources } from './domain/property/imagery-sources.js';

/**
 * The API as `npm start` serves it: the world's imagery, portfolios (uploads in DATA_DIR/blobs,
 * jobs on pg-boss, scored by the risk models), request logging. Every API process builds the
 * same app; they share nothing but the database and DATA_DIR.
 */
export function buildServerApp(config: ServerConfig, db: Db): Promise<FastifyInstance> {
  const portfolio = createPortfolioServices({ config, db }, { scorer: riskModelScorer(db) });
  return buildApp({ config, db, imagery: worldImagerySources(db), portfolio }, { logger: true });
}
