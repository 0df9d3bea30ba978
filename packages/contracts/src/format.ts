/** en-US helpers (SPEC §9). Dates are shown in long form, numbers with en-US grouping. */
const longDate = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
const grouping = new Intl.NumberFormat('en-US');

function toDate(value: Date | string | number): Date {
  return value instanceof Date ? value : new Date(value);
}

const longDateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeStyle: 'short' });

/**
 * 'November 21, 2026'. Date-only strings are read as UTC so the day never shifts. A value that is
 * not a date is shown as it came rather than throwing inside a table cell.
 */
export function formatLongDate(value: Date | string | number): string {
  const date = toDate(value);
  return Number.isNaN(date.getTime()) ? String(value) : longDate.format(date);
}

/**
 * 'December 8, 2026' as the day is named in `timeZone`: a statutory deadline is the end of a day
 * where the property is (America/Denver), which is already the next day in UTC.
 */
export function formatLongDateIn(value: Date | string | number, timeZone: string | null | undefined): string {
  const date = toDate(value);
  if (Number.isNaN(date.getTime())) return String(value);
  if (!timeZone) return longDate.format(date);
  return new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone }).format(date);
}

/** 'November 21, 2026 at 3:04 PM' in the reader's time zone: when something happened (audit trails). */
export function formatLongDateTime(value: Date | string | number): string {
  const date = toDate(value);
  return Number.isNaN(date.getTime()) ? String(value) : longDateTime.format(date);
}

/** 1234567 → '1,234,567'. */
export function formatNumber(value: number): string {
  return grouping.format(value);
}

/** Billing tables: thousands separators, and 0 shows as '-'. */
export function formatCount(value: number | null | undefined): string {
  if (value === null || value === undefined || value === 0) return '-';
  return formatNumber(value);
}

/** MM/DD/YYYY, as billing's date_delivered column shows it. */
export function formatShortDate(value: Date | string | number): string {
  const date = toDate(value);
  const mm = String(date.getUTCMonth() + 1).padStart(2, '0');
  const dd = String(date.getUTCDate()).padStart(2, '0');
  return `${mm}/${dd}/${date.getUTCFullYear()}`;
}

/** YYYYMMDD (UTC). */
export function toYYYYMMDD(value: Date | string | number): string {
  const date = toDate(value);
  return `${date.getUTCFullYear()}${String(date.getUTCMonth() + 1).padStart(2, '0')}${String(date.getUTCDate()).padStart(2, '0')}`;
}

/** File-name helper: spaces, parentheses and hyphens become underscores; dots are removed. */
export function toSafeFileName(name: string): string {
  return name.replace(/[\s()-]/g, '_').replace(/\./g, '');
}

/**
 * The name of every file the app downloads (SPEC §9): its title through the file-name helper, then
 * the day as YYYYMMDD, e.g. `Coastal_book_2026_zfire_20261124.csv`.
 */
export function downloadFileName(title: string, extension: string, date: Date | string | number = new Date()): string {
  return `${toSafeFileName(title.trim()) || 'download'}_${toYYYYMMDD(date)}.${extension}`;
}
