import { describe, expect, it } from 'vitest';
import {
  HB25_1182_DAYS,
  deadlineAfter,
  deadlinesFor,
  holidaysOf,
  missedDeadlines,
  nextDeadline,
  zoneOfState,
} from './timers.js';

const at = (iso: string) => new Date(iso);

describe('deadlineAfter: calendar days in the state’s zone, to the end of the last day', () => {
  it('counts calendar days from the request day and ends at local midnight (Denver, across the DST change)', () => {
    // Tue 3 March 2026 10:00 MST; 10 days → Fri 13 March, after DST began on 8 March (MDT, UTC−6).
    expect(deadlineAfter(at('2026-03-03T17:00:00Z'), 10, 'CO').toISOString()).toBe('2026-03-14T05:59:59.999Z');
  });

  it('takes the request day in the state’s zone, not in UTC', () => {
    // 03:00 UTC on 4 March is still 3 March in Denver (20:00) and in Los Angeles (19:00).
    expect(deadlineAfter(at('2026-03-04T03:00:00Z'), 10, 'CO').toISOString()).toBe('2026-03-14T05:59:59.999Z');
    expect(deadlineAfter(at('2026-03-04T03:00:00Z'), 10, 'CA').toISOString()).toBe('2026-03-14T06:59:59.999Z');
    // 06:00 UTC on 4 March is already 4 March in New York (01:00 EST): 14 March is a Saturday → Mon 16 March, EDT.
    expect(deadlineAfter(at('2026-03-04T06:00:00Z'), 10, 'NY').toISOString()).toBe('2026-03-17T03:59:59.999Z');
    expect(deadlineAfter(at('2026-03-04T03:00:00Z'), 10, 'NY').toISOString()).toBe('2026-03-14T03:59:59.999Z');
    expect(zoneOfState('co')).toBe('America/Denver');
  });

  it('moves a deadline on a Saturday or Sunday to the end of the next Monday', () => {
    // Wed 4 March + 10 = Sat 14 March → Mon 16 March.
    expect(deadlineAfter(at('2026-03-04T17:00:00Z'), 10, 'CO').toISOString()).toBe('2026-03-17T05:59:59.999Z');
    // Thu 5 March + 10 = Sun 15 March → Mon 16 March.
    expect(deadlineAfter(at('2026-03-05T17:00:00Z'), 10, 'CO').toISOString()).toBe('2026-03-17T05:59:59.999Z');
  });

  it('moves a deadline on a legal holiday to the next business day, by each state’s calendar', () => {
    // Memorial Day, Mon 25 May 2026 → Tue 26 May.
    expect(deadlineAfter(at('2026-04-25T18:00:00Z'), 30, 'CO').toISOString()).toBe('2026-05-27T05:59:59.999Z');
    // César Chávez Day (31 March) is a California holiday, not a Colorado one.
    expect(deadlineAfter(at('2026-03-21T18:00:00Z'), 10, 'CA').toISOString()).toBe('2026-04-02T06:59:59.999Z');
    expect(deadlineAfter(at('2026-03-21T18:00:00Z'), 10, 'CO').toISOString()).toBe('2026-04-01T05:59:59.999Z');
    // Christmas, Fri 25 December 2026, then the weekend → Mon 28 December (MST, UTC−7).
    expect(deadlineAfter(at('2026-11-25T18:00:00Z'), 30, 'CO').toISOString()).toBe('2026-12-29T06:59:59.999Z');
    // Independence Day on Saturday 4 July 2026 is observed Friday 3 July: 3 July + weekend → Mon 6 July.
    expect(deadlineAfter(at('2026-06-03T18:00:00Z'), 30, 'CO').toISOString()).toBe('2026-07-07T05:59:59.999Z');
  });

  it('knows the holidays it applies', () => {
    const co = holidaysOf('CO', 2026);
    expect([...co]).toEqual(
      expect.arrayContaining(['2026-01-01', '2026-01-19', '2026-05-25', '2026-07-03', '2026-11-26', '2026-12-25']),
    );
    expect(co.has('2026-03-31')).toBe(false);
    expect(holidaysOf('CA', 2026).has('2026-03-31')).toBe(true);
    expect(holidaysOf('CA', 2026).has('2026-11-27')).toBe(true);
  });
});

describe('deadlinesFor, nextDeadline, missedDeadlines', () => {
  const requested = at('2026-06-01T16:00:00Z'); // Monday 1 June, 10:00 in Denver

  it('gives HB25-1182’s 10 / 30 / 30 days, the re-score only for a mitigation request', () => {
    expect(HB25_1182_DAYS).toEqual({ acknowledgeDays: 10, decideDays: 30, rescoreDays: 30 });
    const appeal = deadlinesFor(requested, 'CO', HB25_1182_DAYS, 'appeal');
    expect(appeal.acknowledgeBy.toISOString()).toBe('2026-06-12T05:59:59.999Z'); // Thu 11 June
    expect(appeal.decideBy.toISOString()).toBe('2026-07-02T05:59:59.999Z'); // Wed 1 July
    expect(appeal.rescoreBy).toBeNull();
    expect(deadlinesFor(requested, 'CO', HB25_1182_DAYS, 'mitigation').rescoreBy!.toISOString()).toBe(
      '2026-07-02T05:59:59.999Z',
    );
  });

  it('names the earliest unmet deadline and the missed ones', () => {
    const d = deadlinesFor(requested, 'CO', HB25_1182_DAYS, 'mitigation');
    const state = { ...d, acknowledgedAt: null, decidedAt: null, rescoredAt: null };
    expect(nextDeadline(state)).toEqual({ kind: 'acknowledge', at: d.acknowledgeBy });
    const acknowledged = { ...state, acknowledgedAt: at('2026-06-05T12:00:00Z') };
    expect(nextDeadline(acknowledged)!.kind).toBe('decide');
    expect(missedDeadlines(acknowledged, at('2026-06-20T00:00:00Z'))).toEqual([]);
    expect(missedDeadlines(acknowledged, at('2026-07-03T00:00:00Z'))).toEqual(['decide', 'rescore']);
    const late = { ...state, acknowledgedAt: at('2026-06-13T00:00:00Z') };
    expect(missedDeadlines(late, at('2026-06-14T00:00:00Z'))).toEqual(['acknowledge']);
    const done = { ...acknowledged, decidedAt: at('2026-06-20T00:00:00Z'), rescoredAt: at('2026-06-20T00:00:00Z') };
    expect(nextDeadline(done)).toBeNull();
  });
});
