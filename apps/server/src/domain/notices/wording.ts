import { formatFactorValue, formatLongDate, humanize, type Factor } from '@zview/contracts';

/**
 * How the score notice and the property report write dates, numbers, values and machine keys: as
 * the screens do (SPEC §9: dates in en-US long form, numbers with en-US grouping), through the
 * one mapping in @zview/contracts that the web's score cards use. Pure.
 */

/** 'November 29, 2026' for a Date (its UTC day) or a YYYY-MM-DD day. */
export function longDate(value: Date | string): string {
  return formatLongDate(value);
}

/** A factor's value as the score cards show it: '13%', '2.4°', '4,080 ft', 'Asphalt shingle', 'Yes'. */
export function factorValue(factor: Pick<Factor, 'key' | 'value' | 'unit'>): string {
  return formatFactorValue(factor.value, factor.unit, factor.key);
}

/** An amount and its unit: '4,360 acres', '1.5 in', '1 year'. */
export function amount(value: number, unit: string | null): string {
  return formatFactorValue(value, unit);
}

/** A machine key as words: 'roof_replacement' → 'Roof replacement', 'ortho' → 'Ortho'. */
export function keyLabel(key: string): string {
  return humanize(key);
}

/** A capture's kind as the document names it: 'Orthophoto', 'Oblique'. */
export function captureKind(kind: string): string {
  return kind === 'ortho' ? 'Orthophoto' : keyLabel(kind);
}

/** Free text from the data (an event's name) with its YYYY-MM-DD days in long form. */
export function withLongDates(text: string): string {
  return text.replace(/\b\d{4}-\d{2}-\d{2}\b/g, (day) => formatLongDate(day));
}
