import type { AuditEntry } from '@zview/contracts';
import type { Actor } from '../../auth/actor.js';
import { authorize } from '../../auth/policy.js';
import { listAudit, type AuditRow } from '../../db/audit.js';
import { findCustomer } from '../../db/customers.js';
import type { Db } from '../../db/database.js';
import { notFound } from '../app-error.js';
import { csvCell } from '../spreadsheet/csv-cell.js';

/** A customer's history: every write of staff administration (and team management) to it. */
export function presentAuditEntry(row: AuditRow): AuditEntry {
  const details =
    row.details && typeof row.details === 'object' && Object.keys(row.details).length ? row.details : null;
  return {
    id: Number(row.id),
    at: row.at.toISOString(),
    actorUserId: row.actor_user_id,
    actorEmail: row.actor_email,
    organizationId: row.organization_id,
    action: row.action,
    subject: row.subject,
    before: row.before ?? null,
    // Entries written before 0550 kept what changed in `details`.
    after: row.after ?? details,
  };
}

export async function customerHistory(
  db: Db,
  actor: Actor,
  organizationId: number,
  page: { page: number; itemsPerPage: number },
) {
  authorize(actor, 'customers:manage');
  if (!(await findCustomer(db, organizationId))) throw notFound('Customer not found.');
  const { rows, total } = await listAudit(db, organizationId, {
    limit: page.itemsPerPage,
    offset: (page.page - 1) * page.itemsPerPage,
  });
  return { entries: rows.map(presentAuditEntry), total };
}

const CSV_COLUMNS = ['at', 'actor', 'action', 'subject', 'before', 'after'] as const;

/** The whole history of a customer as CSV (newest first). */
export async function customerHistoryCsv(db: Db, actor: Actor, organizationId: number): Promise<string> {
  const { entries } = await customerHistory(db, actor, organizationId, { page: 1, itemsPerPage: 100_000 });
  const json = (value: unknown) => (value === null || value === undefined ? '' : JSON.stringify(value));
  const lines = entries.map((e) =>
    [e.at, e.actorEmail ?? e.actorUserId ?? '', e.action, e.subject ?? '', json(e.before), json(e.after)]
      .map(csvCell)
      .join(','),
  );
  return `${[CSV_COLUMNS.join(','), ...lines].join('\r\n')}\r\n`;
}
