import { DateTime } from 'luxon';

/**
 * Statutory timers of appeals and mitigation requests (issue 42; the rule is documented in
 * docs/appeal-deadlines.md). Pure: every function takes the instant it reasons about.
 *
 * - Periods are calendar days counted in the property's state's time zone: the request day is
 *   day 0, so a request at any time on 3 March with 10 days is due by the end of 13 March there.
 * - When the last day is a Saturday, Sunday or a legal holiday of the state, the period runs to
 *   the end of the next day that is none of these (Colorado C.R.S. 2-4-108; California Code of
 *   Civil Procedure §§ 12, 12a; the same rule for every other state).
 * - A deadline is the last millisecond of its day in that zone, stored as an instant.
 */

export type TimerKind = 'acknowledge' | 'decide' | 'rescore';
export interface TimerDays {
  acknowledgeDays: number;
  decideDays: number;
  rescoreDays: number;
}

/** Colorado HB25-1182: acknowledge within 10 days, decide within 30, re-score after mitigation within 30. */
export const HB25_1182_DAYS: TimerDays = { acknowledgeDays: 10, decideDays: 30, rescoreDays: 30 };

/** The zone a state's deadlines are counted in: its most populous zone where it has two. */
const STATE_ZONES: Record<string, string> = {
  AL: 'America/Chicago',
  AK: 'America/Anchorage',
  AZ: 'America/Phoenix',
  AR: 'America/Chicago',
  CA: 'America/Los_Angeles',
  CO: 'America/Denver',
  CT: 'America/New_York',
  DE: 'America/New_York',
  DC: 'America/New_York',
  FL: 'America/New_York',
  GA: 'America/New_York',
  HI: 'Pacific/Honolulu',
  ID: 'America/Boise',
  IL: 'America/Chicago',
  IN: 'America/Indiana/Indianapolis',
  IA: 'America/Chicago',
  KS: 'America/Chicago',
  KY: 'America/New_York',
  LA: 'America/Chicago',
  ME: 'America/New_York',
  MD: 'America/New_York',
  MA: 'America/New_York',
  MI: 'America/Detroit',
  MN: 'America/Chicago',
  MS: 'America/Chicago',
  MO: 'America/Chicago',
  MT: 'America/Denver',
  NE: 'America/Chicago',
  NV: 'America/Los_Angeles',
  NH: 'America/New_York',
  NJ: 'America/New_York',
  NM: 'America/Denver',
  NY: 'America/New_York',
  NC: 'America/New_York',
  ND: 'America/Chicago',
  OH: 'America/New_York',
  OK: 'America/Chicago',
  OR: 'America/Los_Angeles',
  PA: 'America/New_York',
  RI: 'America/New_York',
  SC: 'America/New_York',
  SD: 'America/Chicago',
  TN: 'America/Chicago',
  TX: 'America/Chicago',
  UT: 'America/Denver',
  VT: 'America/New_York',
  VA: 'America/New_York',
  WA: 'America/Los_Angeles',
  WV: 'America/New_York',
  WI: 'America/Chicago',
  WY: 'America/Denver',
};

export function zoneOfState(state: string): string {
  return STATE_ZONES[state.toUpperCase()] ?? 'America/New_York';
}

const iso = (d: DateTime) => d.toISODate()!;

/** The nth (1-based) weekday (1 = Monday … 7 = Sunday) of a month; n = -1 for the last. */
function nthWeekday(year: number, month: number, weekday: number, n: number): DateTime {
  if (n > 0) {
    const first = DateTime.utc(year, month, 1);
    return first.plus({ days: ((weekday - first.weekday + 7) % 7) + (n - 1) * 7 });
  }
  const last = DateTime.utc(year, month, 1).endOf('month').startOf('day');
  return last.minus({ days: (last.weekday - weekday + 7) % 7 });
}

/** A fixed-date holiday on a weekend is observed on the Friday before or the Monday after. */
function observed(d: DateTime): DateTime {
  if (d.weekday === 6) return d.minus({ days: 1 });
  if (d.weekday === 7) return d.plus({ days: 1 });
  return d;
}

/** Legal holidays of a state in a year (YYYY-MM-DD): the federal ones, plus the state's own we encode. */
export function holidaysOf(state: string, year: number): Set<string> {
  const fixed = (m: number, d: number) => observed(DateTime.utc(year, m, d));
  const thanksgiving = nthWeekday(year, 11, 4, 4);
  const days = [
    fixed(1, 1), // New Year's Day
    nthWeekday(year, 1, 1, 3), // Martin Luther King Jr. Day
    nthWeekday(year, 2, 1, 3), // Washington's Birthday
    nthWeekday(year, 5, 1, -1), // Memorial Day
    fixed(6, 19), // Juneteenth
    fixed(7, 4), // Independence Day
    nthWeekday(year, 9, 1, 1), // Labor Day
    nthWeekday(year, 10, 1, 2), // Columbus Day (Colorado: Frances Xavier Cabrini Day, same Monday)
    fixed(11, 11), // Veterans Day
    thanksgiving,
    fixed(12, 25), // Christmas Day
  ];
  if (state.toUpperCase() === 'CA') {
    days.push(fixed(3, 31)); // César Chávez Day
    days.push(thanksgiving.plus({ days: 1 })); // Day after Thanksgiving
  }
  return new Set(days.map(iso));
}

export function isBusinessDay(state: string, day: DateTime): boolean {
  return day.weekday <= 5 && !holidaysOf(state, day.year).has(iso(day));
}

/**
 * The deadline `days` calendar days after `requestedAt` for a property in `state`: the end of
 * the last day in the state's zone, moved to the end of the next business day when the last day
 * is a weekend day or a holiday there.
 */
export function deadlineAfter(requestedAt: Date, days: number, state: string): Date {
  const zone = zoneOfState(state);
  const requestDay = DateTime.fromJSDate(requestedAt, { zone }).startOf('day');
  let last = requestDay.plus({ days });
  // Holidays are dates: compare the local calendar date.
  while (!isBusinessDay(state, DateTime.utc(last.year, last.month, last.day))) last = last.plus({ days: 1 });
  return last.endOf('day').toJSDate();
}

export interface AppealDeadlines {
  acknowledgeBy: Date;
  decideBy: Date;
  /** Only for a mitigation request: the re-score after mitigation. */
  rescoreBy: Date | null;
}

export function deadlinesFor(
  requestedAt: Date,
  state: string,
  days: TimerDays,
  kind: 'appeal' | 'mitigation',
): AppealDeadlines {
  return {
    acknowledgeBy: deadlineAfter(requestedAt, days.acknowledgeDays, state),
    decideBy: deadlineAfter(requestedAt, days.decideDays, state),
    rescoreBy: kind === 'mitigation' ? deadlineAfter(requestedAt, days.rescoreDays, state) : null,
  };
}

export interface TimerState {
  acknowledgeBy: Date | null;
  decideBy: Date | null;
  rescoreBy: Date | null;
  acknowledgedAt: Date | null;
  decidedAt: Date | null;
  rescoredAt: Date | null;
}

/** The next deadline still to meet (the earliest unmet one); null when every one is met. */
export function nextDeadline(t: TimerState): { kind: TimerKind; at: Date } | null {
  const open = (
    [
      ['acknowledge', t.acknowledgeBy, t.acknowledgedAt],
      ['decide', t.decideBy, t.decidedAt],
      ['rescore', t.rescoreBy, t.rescoredAt],
    ] as const
  )
    .filter(([, by, met]) => by !== null && met === null)
    .map(([kind, by]) => ({ kind, at: by! }));
  open.sort((a, b) => a.at.getTime() - b.at.getTime());
  return open[0] ?? null;
}

/** Deadlines missed: passed unmet at `now`, or met after the deadline. */
export function missedDeadlines(t: TimerState, now: Date): TimerKind[] {
  const pairs = [
    ['acknowledge', t.acknowledgeBy, t.acknowledgedAt],
    ['decide', t.decideBy, t.decidedAt],
    ['rescore', t.rescoreBy, t.rescoredAt],
  ] as const;
  return pairs.filter(([, by, met]) => by !== null && (met ?? now).getTime() > by.getTime()).map(([kind]) => kind);
}
