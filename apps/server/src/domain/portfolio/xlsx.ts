import { PassThrough, type Readable } from 'node:stream';
import ExcelJS from 'exceljs';

/** Excel's own limit of rows per sheet. */
export const XLSX_MAX_ROWS = 1_048_576;

/** Characters XML 1.0 cannot carry at all: dropped. */
// eslint-disable-next-line no-control-regex
const NOT_IN_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;

export type XlsxCell = string | number | null;

/**
 * Streams pages of rows (the first row is the header) into a one-sheet XLSX workbook with exceljs'
 * streaming writer: each row is committed as it comes, so memory stays flat. Numbers are number
 * cells; text is text (never a formula, whatever it starts with); null is an empty cell.
 */
export function xlsxFromPages(pages: AsyncIterable<readonly (readonly XlsxCell[])[]>, sheetName = 'Portfolio'): Readable {
  const out = new PassThrough();
  (async () => {
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: false, useSharedStrings: false, zip: { zlib: { level: 1 } } } as ConstructorParameters<typeof ExcelJS.stream.xlsx.WorkbookWriter>[0]);
    const sheet = workbook.addWorksheet(sheetName.slice(0, 31));
    let count = 0;
    for await (const page of pages) {
      for (const row of page) {
        count += 1;
        if (count > XLSX_MAX_ROWS) throw new Error(`An Excel sheet holds at most ${XLSX_MAX_ROWS.toLocaleString('en-US')} rows.`);
        sheet.addRow(row.map((cell) => (cell === '' ? null : typeof cell === 'string' ? cell.replace(NOT_IN_XML, '') : cell))).commit();
      }
      // Let the zip stream drain between pages.
      if (out.writableNeedDrain) await new Promise((resolve) => out.once('drain', resolve));
    }
    sheet.commit();
    await workbook.commit();
  })().catch((error: Error) => out.destroy(error));
  return out;
}
