import type { AnalyticsEventInput } from '@zview/contracts';
import type { Db } from './database.js';

/** Stores one batch of analytics events in one insert; returns how many were stored. */
export async function recordAnalyticsEvents(db: Db, who: { organizationId: number; userId: string }, events: AnalyticsEventInput[]): Promise<number> {
  await db
    .insertInto('analytics_events')
    .values(
      events.map((event) => ({
        organization_id: who.organizationId,
        // The signed-in user, whatever id the client claims.
        user_id: who.userId,
        anonymous_id: event.anonymousId ?? null,
        type: event.type,
        event: event.event ?? null,
        properties: JSON.stringify(event.properties ?? event.traits ?? {}),
        occurred_at: new Date(event.timestamp),
      })),
    )
    .execute();
  return events.length;
}
