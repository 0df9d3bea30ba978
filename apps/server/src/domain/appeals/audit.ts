import { listAppealEvents } from '../../db/appeals.js';
import type { Db } from '../../db/database.js';
import { csvCell } from '../spreadsheet/csv-cell.js';
import type { AppealActor } from './service.js';

/** The audit trail as CSV, per organisation or per property (RFC 4180 quoting; formula-safe). */
export async function auditCsv(db: Db, actor: AppealActor, propertyId?: string): Promise<string> {
  const events = await listAppealEvents(db, actor.organizationId, { propertyId });
  const header = [
    'at',
    'appeal_id',
    'property_id',
    'product',
    'action',
    'from_status',
    'to_status',
    'actor_email',
    'actor_name',
    'details',
  ];
  const lines = events.map((e) =>
    [
      e.at.toISOString(),
      e.appeal_id,
      e.property_id,
      e.product,
      e.action,
      e.from_status ?? '',
      e.to_status,
      e.actor_email ?? 'system',
      e.actor_name ?? '',
      JSON.stringify(e.details),
    ]
      .map((value) => csvCell(String(value)))
      .join(','),
  );
  return [header.join(','), ...lines].join('\r\n') + '\r\n';
}
