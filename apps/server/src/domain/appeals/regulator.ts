import { listTimerSettings, regulatorFigures, replaceTimerSettings } from '../../db/appeals.js';
import type { Db } from '../../db/database.js';
import { csvCell } from '../spreadsheet/csv-cell.js';
import type { AppealActor } from './service.js';
import { HB25_1182_DAYS } from './timers.js';

/** The organisation's timer days per state, and the defaults (HB25-1182) for states without a row. */
export async function timerSettings(db: Db, actor: AppealActor) {
  const rows = await listTimerSettings(db, actor.organizationId);
  return {
    rows: rows.map((r) => ({
      state: r.state,
      acknowledgeDays: r.acknowledge_days,
      decideDays: r.decide_days,
      rescoreDays: r.rescore_days,
    })),
    defaults: HB25_1182_DAYS,
  };
}

export async function updateTimerSettings(
  db: Db,
  actor: AppealActor,
  rows: { state: string; acknowledgeDays: number; decideDays: number; rescoreDays: number }[],
) {
  await db.transaction().execute((trx) => replaceTimerSettings(trx, actor.organizationId, rows));
  return timerSettings(db, actor);
}

export const REGULATOR_COLUMNS = [
  'period_start',
  'period_end',
  'kind',
  'requests',
  'median_days_to_acknowledge',
  'median_days_to_decide',
  'missed_acknowledge_deadline',
  'missed_decide_deadline',
  'missed_rescore_deadline',
  'open',
  'accepted',
  'rejected',
  'expired',
  'withdrawn',
] as const;

const days = (x: number | null) => (x === null ? '' : (Math.round(x * 10) / 10).toFixed(1));

/**
 * The regulator export of a period (appeals opened from `from` to the day before `to`): one row
 * per kind (appeals, mitigation requests), always both, with counts, median days to acknowledge
 * and decide, missed deadlines and outcomes. CSV cells through the portfolio exports' writer.
 */
export async function regulatorCsv(db: Db, actor: AppealActor, from: string, to: string, now = new Date()) {
  const figures = await regulatorFigures(
    db,
    actor.organizationId,
    new Date(`${from}T00:00:00Z`),
    new Date(`${to}T00:00:00Z`),
    now,
  );
  const lines = (['appeal', 'mitigation'] as const).map((kind) => {
    const f = figures.find((r) => r.kind === kind);
    return [
      from,
      to,
      kind === 'appeal' ? 'appeals' : 'mitigation requests',
      f?.requests ?? 0,
      days(f?.median_days_to_acknowledge ?? null),
      days(f?.median_days_to_decide ?? null),
      f?.missed_acknowledge ?? 0,
      f?.missed_decide ?? 0,
      f?.missed_rescore ?? 0,
      f?.open ?? 0,
      f?.accepted ?? 0,
      f?.rejected ?? 0,
      f?.expired ?? 0,
      f?.reverted ?? 0,
    ]
      .map((v) => csvCell(String(v)))
      .join(',');
  });
  return [REGULATOR_COLUMNS.join(','), ...lines].join('\r\n') + '\r\n';
}
