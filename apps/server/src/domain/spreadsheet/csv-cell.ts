/** How one value is written as a CSV cell (the exports, and the CSV line an ingest stores with each row). Pure, no I/O: portfolio ingest threads load it. */

/**
 * Spreadsheet programs run a cell that starts with = + - @ (or tab / carriage return) as a
 * formula. Such cells get a leading apostrophe, except plain numbers like -97.5, which no
 * spreadsheet reads as a formula and which must survive the round trip unchanged.
 */
export function neutraliseCell(value: string): string {
  if (!/^[=+\-@\t\r]/.test(value)) return value;
  if (/^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(value)) return value;
  return `'${value}`;
}

/** Cells that need neither neutralising nor quoting (nearly all of them) match none of these. */
const CELL_NEEDS_CARE = /^[=+\-@\s]|[",\r\n]|\s$/;

/** One cell of the CSV: neutralised, then quoted when RFC 4180 needs it (or it starts or ends with a space). */
export function csvCell(value: string): string {
  if (!CELL_NEEDS_CARE.test(value)) return value;
  const cell = neutraliseCell(value);
  return /[",\r\n]|^\s|\s$/.test(cell) ? `"${cell.replaceAll('"', '""')}"` : cell;
}
