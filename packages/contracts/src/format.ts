import type { Factor } from './assessment.js';
import { PRODUCT_DISPLAY_NAMES, type ProductKey } from './products.js';

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

/** Plural units the models use, read in the singular for exactly one ('1 year', not '1 years'). */
const SINGULAR_UNITS: Record<string, string> = {
  years: 'year',
  months: 'month',
  days: 'day',
  stories: 'story',
  buildings: 'building',
  items: 'item',
};

/** Keys whose value is a calendar year ('year_built', 'roof_install_year'): written 2025, never 2,025. */
const isYearKey = (key: string | undefined) => key !== undefined && /(^|_)year(_|$)/.test(key);

/**
 * How a model's factor value reads on the score cards and in the PDFs (one mapping for the web
 * and the server): '62%', '13.3%/yr', '2.4°', '4,080 ft', '1 year', 'Asphalt shingle', 'Yes', 'Unknown'.
 */
export function formatFactorValue(value: Factor['value'], unit: string | null, key?: string): string {
  if (value === null) return 'Unknown';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'number') {
    if (!unit && isYearKey(key) && Number.isInteger(value)) return String(value);
    const text = Number.isInteger(value)
      ? value.toLocaleString('en-US')
      : value.toLocaleString('en-US', { maximumFractionDigits: 2 });
    if (value === 1 && unit && SINGULAR_UNITS[unit]) return `1 ${SINGULAR_UNITS[unit]}`;
    return withUnit(text, unit);
  }
  return humanize(value);
}

/**
 * A figure already written and its unit, as the score cards write them (the appeal editor too):
 * '28%', '13.3%/yr', '2.4°' (the models' 'deg'), '50.5 ft'. Percentages and degrees stay on their
 * number; other units are set apart by a space.
 */
export function withUnit(text: string, unit: string | null): string {
  if (!unit) return text;
  if (unit === 'deg') return `${text}°`;
  return unit === '°' || unit.startsWith('%') ? `${text}${unit}` : `${text} ${unit}`;
}

/** 'roof_replacement' → 'Roof replacement': machine keys read as words. */
export function humanize(text: string): string {
  return capitalize(text.replace(/_/g, ' '));
}

export function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** An address as part of a file name: ASCII letters, digits and single spaces ('Cañon City, CO' → 'Canon City CO'). */
function addressForFileName(address: string): string {
  return address
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9]+/g, ' ')
    .trim()
    .slice(0, 100)
    .trim();
}

/** The property report's file, named by its address: `Property_report_742_Foothill_Rd_Boulder_CO_80302_20261129.pdf`. */
export function propertyReportFileName(address: string, date: Date | string | number = new Date()): string {
  return downloadFileName(`Property report ${addressForFileName(address)}`, 'pdf', date);
}

/** A score notice's file, named by product and address: `Z_FIRE_score_notice_742_Foothill_Rd_…_20261129.pdf`. */
export function scoreNoticeFileName(
  product: ProductKey,
  address: string,
  date: Date | string | number = new Date(),
): string {
  return downloadFileName(`${PRODUCT_DISPLAY_NAMES[product]} score notice ${addressForFileName(address)}`, 'pdf', date);
}
