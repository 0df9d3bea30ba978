import type { V1UsageResponse } from '@zview/contracts';
import type { Actor } from '../../auth/actor.js';
import { usageByProductAndChannel } from '../../db/api-keys.js';
import type { Db } from '../../db/database.js';
import { badRequest } from '../app-error.js';

const DAY_MS = 86_400_000;
const MAX_DAYS = 3660;

/** The organisation's usage by product and channel between two UTC days (default: the last 30 days, today included). */
export async function organizationUsage(
  db: Db,
  actor: Actor,
  query: { from?: string; to?: string },
): Promise<V1UsageResponse> {
  const to = query.to ?? new Date().toISOString().slice(0, 10);
  const from = query.from ?? new Date(Date.parse(to) - 29 * DAY_MS).toISOString().slice(0, 10);
  if (from > to) throw badRequest('from must not be after to.');
  if ((Date.parse(to) - Date.parse(from)) / DAY_MS > MAX_DAYS) throw badRequest('Ask for at most ten years at once.');
  const rows = await usageByProductAndChannel(db, actor.organization.id, from, to);
  return {
    organizationId: actor.organization.id,
    from,
    to,
    usage: rows.map((r) => ({
      product: r.product,
      channel: r.channel,
      quantity: Number(r.quantity),
      unbilledReruns: Number(r.unbilled_reruns),
    })),
  };
}
