import { sql } from 'kysely';
import type { Db } from './database.js';

/**
 * The audit trail of staff administration (audit_log, migrations 0100 and 0550): who did what,
 * to which organisation and subject, what it was before and after, and when.
 */
export interface AuditWrite {
  /** null: no signed-in actor (a lock-out, a system job). */
  actorUserId: string | null;
  organizationId: number | null;
  action: string;
  subject?: string | null;
  /** Free-form facts of the event (sign-ins, team changes); '{}' when absent. */
  details?: unknown;
  before?: unknown;
  after?: unknown;
}

const json = (value: unknown) => (value === undefined || value === null ? null : JSON.stringify(value));

/** The one writer of audit_log: staff administration, identity, team and sign-in events all record through it. */
export async function writeAudit(db: Db, entry: AuditWrite): Promise<void> {
  await db
    .insertInto('audit_log')
    .values({
      actor_user_id: entry.actorUserId,
      organization_id: entry.organizationId,
      action: entry.action,
      subject: entry.subject ?? null,
      details: entry.details === undefined ? undefined : JSON.stringify(entry.details),
      before: json(entry.before),
      after: json(entry.after),
    })
    .execute();
}

export interface AuditRow {
  id: string | number;
  at: Date;
  actor_user_id: string | null;
  actor_email: string | null;
  organization_id: number | null;
  action: string;
  subject: string | null;
  details: unknown;
  before: unknown;
  after: unknown;
}

function entriesOf(db: Db, organizationId: number | null) {
  return db
    .selectFrom('audit_log as a')
    .leftJoin('users as u', 'u.id', 'a.actor_user_id')
    .where((eb) =>
      organizationId === null ? eb('a.organization_id', 'is', null) : eb('a.organization_id', '=', organizationId),
    );
}

/** An organisation's entries (null: entries of no organisation, e.g. mocks), newest first. */
export async function listAudit(
  db: Db,
  organizationId: number | null,
  page: { limit: number; offset: number },
): Promise<{ rows: AuditRow[]; total: number }> {
  const [rows, count] = await Promise.all([
    entriesOf(db, organizationId)
      .select([
        'a.id',
        'a.at',
        'a.actor_user_id',
        'u.email as actor_email',
        'a.organization_id',
        'a.action',
        'a.subject',
        'a.details',
        'a.before',
        'a.after',
      ])
      .orderBy('a.at', 'desc')
      .orderBy('a.id', 'desc')
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    entriesOf(db, organizationId)
      .select(sql<number>`count(*)::int`.as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows: rows as AuditRow[], total: count.n };
}
