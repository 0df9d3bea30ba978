import { timerDaysOf } from '../../db/appeals.js';
import type { Db } from '../../db/database.js';
import { HB25_1182_DAYS, type TimerDays } from './timers.js';

/** An organisation's days for a state: its row for the state, else its '*' row, else HB25-1182's. */
export async function timerDaysFor(db: Db, organizationId: number, state: string): Promise<TimerDays> {
  const row = await timerDaysOf(db, organizationId, state);
  return row
    ? { acknowledgeDays: row.acknowledge_days, decideDays: row.decide_days, rescoreDays: row.rescore_days }
    : HB25_1182_DAYS;
}
