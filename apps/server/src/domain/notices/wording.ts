import {
  capitalize,
  formatFactorValue,
  formatLongDate,
  humanize,
  type Factor,
  type ScoreResult,
} from '@zview/contracts';

/**
 * How the score notice and the property report write dates, numbers, values and machine keys: as
 * the screens do (SPEC §9: dates in en-US long form, numbers with en-US grouping), through the
 * one mapping in @zview/contracts that the web's score cards use (days: formatLongDate; keys:
 * humanize; amounts: formatFactorValue). Pure.
 */

/** A score's confidence as the property view writes it: 'High (93%)'. */
export function confidence(value: ScoreResult['confidence']): string {
  return `${capitalize(value.label)} (${Math.round(value.value * 100)}%)`;
}

/** A factor's value as the score cards show it: '13%', '2.4°', '4,080 ft', 'Asphalt shingle', 'Yes'. */
export function factorValue(factor: Pick<Factor, 'key' | 'value' | 'unit'>): string {
  return formatFactorValue(factor.value, factor.unit, factor.key);
}

/** 'N points' with one decimal (or `digits`): '0.4 points', '1.0 point'. */
export function points(value: number, digits = 1): string {
  const size = Math.abs(value);
  return `${size.toFixed(digits)} point${size === 1 ? '' : 's'}`;
}

/**
 * A factor's effect on the score, with the figure the web's factor list shows for it: one decimal
 * ('raises the score by 0.4 points'), two where one would read 0.0 ('raises the score by 0.03
 * points', the list's '+0.03'), and where that too rounds to zero, as the list's grey '0.00' says:
 * 'has no effect on the score'.
 */
export function factorEffect(contribution: number): string {
  if (Math.round(contribution * 100) === 0) return 'has no effect on the score';
  const digits = Math.round(contribution * 10) === 0 ? 2 : 1;
  return `${contribution > 0 ? 'raises' : 'lowers'} the score by ${points(contribution, digits)}`;
}

/** A capture's kind as the document names it: 'Orthophoto', 'Oblique'. */
export function captureKind(kind: string): string {
  return kind === 'ortho' ? 'Orthophoto' : humanize(kind);
}

/**
 * A what-if change ('Defensible space: 71 ft → 100 ft', as the web's what-if table writes it) as
 * prose for the notice: 'Defensible space: from 71 ft to 100 ft'. The built-in PDF font has no
 * arrow, and a spelled '->' could break across lines; each value is held together by no-break
 * spaces so a line breaks only between the words around it. A change without an arrow is kept.
 */
export function changeInWords(change: string): string {
  const match = /^(.+?): (.+?) → (.+)$/.exec(change);
  if (!match) return change;
  const [, what, from, to] = match;
  const glued = (value: string) => value.replace(/ /g, '\u00A0');
  return `${what}: from ${glued(from!)} to ${glued(to!)}`;
}

/** Free text from the data (an event's name) with its YYYY-MM-DD days in long form. */
export function withLongDates(text: string): string {
  return text.replace(/\b\d{4}-\d{2}-\d{2}\b/g, (day) => formatLongDate(day));
}
