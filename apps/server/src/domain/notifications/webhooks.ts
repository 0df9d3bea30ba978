import type { Actor } from '../../auth/actor.js';
import type { Db } from '../../db/database.js';
import {
  deleteEndpoint,
  findEndpoint,
  insertEndpoint,
  listAttempts,
  listDeliveries,
  listEndpoints,
  redeliver,
  updateEndpoint,
} from '../../db/webhooks.js';
import { badRequest, notFound } from '../app-error.js';
import { newSecret, rotated } from './signing.js';

/** Webhook endpoints of the organisation acted for (group admins): manage, rotate, read the log, redeliver. */

const NO_ENDPOINT = 'No such webhook endpoint in your organization.';
/** How long a rotated-out secret keeps signing. */
export const ROTATION_OVERLAP_MS = 24 * 3_600_000;

/** Plain http only to this machine (a receiver under development, the tests); https anywhere else. */
const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

export function checkUrl(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw badRequest('The endpoint URL is not a valid URL.');
  }
  if (parsed.protocol !== 'https:' && !(parsed.protocol === 'http:' && LOOPBACK.has(parsed.hostname)))
    throw badRequest('The endpoint URL must use https.');
  if (parsed.username || parsed.password) throw badRequest('The endpoint URL must not carry credentials.');
  return parsed.toString();
}

async function own(db: Db, actor: Actor, id: number) {
  const endpoint = await findEndpoint(db, actor.organization.id, id);
  if (!endpoint) throw notFound(NO_ENDPOINT);
  return endpoint;
}

export const endpointsOf = (db: Db, actor: Actor) => listEndpoints(db, actor.organization.id);

export async function createEndpoint(
  db: Db,
  actor: Actor,
  input: { url: string; description: string; eventTypes: string[] },
) {
  return insertEndpoint(db, {
    organizationId: actor.organization.id,
    url: checkUrl(input.url),
    description: input.description,
    eventTypes: input.eventTypes,
    secret: newSecret(),
    createdBy: actor.userId,
  });
}

export async function changeEndpoint(
  db: Db,
  actor: Actor,
  id: number,
  input: {
    url?: string | undefined;
    description?: string | undefined;
    eventTypes?: string[] | undefined;
    enabled?: boolean | undefined;
  },
) {
  await own(db, actor, id);
  const row = await updateEndpoint(db, actor.organization.id, id, {
    ...(input.url !== undefined ? { url: checkUrl(input.url) } : {}),
    ...(input.description !== undefined ? { description: input.description } : {}),
    ...(input.eventTypes !== undefined ? { eventTypes: input.eventTypes } : {}),
    ...(input.enabled !== undefined ? { enabled: input.enabled } : {}),
  });
  if (!row) throw notFound(NO_ENDPOINT);
  return row;
}

export async function rotateSecret(db: Db, actor: Actor, id: number, now = new Date()) {
  const endpoint = await own(db, actor, id);
  const row = await updateEndpoint(db, actor.organization.id, id, {
    secrets: rotated(endpoint.secrets, now, ROTATION_OVERLAP_MS),
  });
  return row!;
}

export async function removeEndpoint(db: Db, actor: Actor, id: number) {
  if (!(await deleteEndpoint(db, actor.organization.id, id))) throw notFound(NO_ENDPOINT);
}

export async function deliveryLog(db: Db, actor: Actor, id: number, page: { page: number; itemsPerPage: number }) {
  await own(db, actor, id);
  const offset = (page.page - 1) * page.itemsPerPage;
  const [attempts, deliveries] = await Promise.all([
    listAttempts(db, id, offset, page.itemsPerPage),
    listDeliveries(db, id, offset, page.itemsPerPage),
  ]);
  return { attempts, deliveries };
}

/** Sends a message to the endpoint again (due now); returns the lane to wake. */
export async function redeliverMessage(db: Db, actor: Actor, id: number, messageId: string) {
  await own(db, actor, id);
  const lane = await redeliver(db, id, messageId);
  if (!lane) throw notFound('No such delivery of this endpoint.');
  return lane;
}
