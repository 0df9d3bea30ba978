import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';

/**
 * Every row of the first sheet of an XLSX (our exports, read back in the tests), as exceljs reads
 * it: cell values, null where empty, every row as wide as the widest. Read with exceljs' streaming
 * reader, a row at a time: loading the whole workbook (Workbook.xlsx.load) held every cell as an
 * object with its style and address and slowed down past ~40k rows; the stream's time grows with
 * the rows and its memory stays that of the rows returned (docs/performance/portfolio-throughput.md).
 */
export async function readWithExcelJs(file: Buffer): Promise<unknown[][]> {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([file]), {
    worksheets: 'emit',
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: 'ignore',
    entries: 'ignore',
  });
  const rows: unknown[][] = [];
  let width = 0;
  for await (const sheet of reader) {
    for await (const row of sheet as AsyncIterable<ExcelJS.Row>) {
      const values = (row.values as unknown[]).slice(1);
      rows[row.number - 1] = values;
      width = Math.max(width, values.length);
    }
    break; // the first sheet
  }
  // Rows with no cell come as gaps: empty rows, as the whole-workbook reader gave them.
  return Array.from(rows, (values) => Array.from({ length: width }, (_, i) => values?.[i] ?? null));
}
