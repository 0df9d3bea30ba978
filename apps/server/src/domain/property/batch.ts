import { ERROR_CODES, type V1BatchRequest } from '@zview/contracts';
import type { Actor } from '../../auth/actor.js';
import { AppError } from '../app-error.js';
import { productsToScore, type PropertyLookups } from './lookup.js';

/** Lookups of one batch in flight at once: enough to overlap round trips, few enough to leave the pool to others. */
const CONCURRENCY = 8;

const STATUS: Partial<Record<string, number>> = {
  [ERROR_CODES.badRequest]: 400,
  [ERROR_CODES.forbidden]: 403,
  [ERROR_CODES.notFound]: 404,
};
const TITLES: Partial<Record<number, string>> = { 400: 'Bad Request', 403: 'Forbidden', 404: 'Not Found' };

/**
 * Up to 100 locations assessed as the single lookup assesses them (same code, same metering:
 * each scored product once on the api channel). A request-wide mistake (an unknown or disabled
 * product) fails the whole call; a location that cannot be found answers its own 404 in its slot.
 * Answers JSON text: each assessment's text is embedded as the single lookup wrote it.
 */
export async function assessBatch(
  lookups: PropertyLookups,
  actor: Actor,
  body: V1BatchRequest,
  options: { fresh: boolean },
): Promise<string> {
  productsToScore(actor, body.products);
  const parts: string[] = new Array(body.locations.length);
  let next = 0;
  async function worker() {
    while (next < body.locations.length) {
      const index = next++;
      const location = body.locations[index]!;
      try {
        const json = await lookups.assess(
          actor,
          { ...location, products: body.products, images_2d: body.images_2d, images_3d: body.images_3d },
          { fresh: options.fresh, channel: 'api' },
        );
        parts[index] = `{"index":${index},"status":200,"assessment":${json}}`;
      } catch (error) {
        const status = error instanceof AppError ? STATUS[error.code] : undefined;
        if (!status || !(error instanceof AppError)) throw error;
        const problem = {
          type: `/api/docs#problem-${error.code}`,
          title: TITLES[status] ?? 'Error',
          status,
          detail: error.message,
          code: error.code,
        };
        parts[index] = JSON.stringify({ index, status, problem });
      }
    }
  }
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, body.locations.length) }, worker));
  return `{"results":[${parts.join(',')}]}`;
}
