import { buffer } from 'node:stream/consumers';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { xlsxFromPages, type XlsxCell } from './xlsx.js';

async function* pagesOf(rows: XlsxCell[][]) {
  yield rows;
}

const ROWS: XlsxCell[][] = [
  ['Reference', 'Score', 'Note'],
  ['P-1', 72, '=HYPERLINK("x")'],
  ['P-2', -97.5, 'Ünïcödé, "quoted"'],
];

async function readBack(bytes: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0]!;
  return sheet
    .getSheetValues()
    .slice(1)
    .map((row) => (row as unknown[]).slice(1));
}

describe('the XLSX writer', () => {
  it('writes a workbook Excel readers open, cells as they were given', async () => {
    const bytes = await buffer(xlsxFromPages(pagesOf(ROWS), 'Book'));
    expect(await readBack(bytes)).toEqual(ROWS);
    expect(bytes.includes(Buffer.from([0x50, 0x4b, 0x06, 0x06]))).toBe(false); // no ZIP64 when small
  });

  it('switches to ZIP64 records past 4 GiB, and readers still open the workbook', async () => {
    // The 4 GiB threshold lowered to 1 byte: every size and offset takes the ZIP64 form a sheet of
    // a million long rows needs (before, writeUInt32LE threw a RangeError mid-download).
    const bytes = await buffer(xlsxFromPages(pagesOf(ROWS), 'Book', 1));
    const end64 = bytes.indexOf(Buffer.from([0x50, 0x4b, 0x06, 0x06]));
    expect(end64).toBeGreaterThan(0);
    const end = bytes.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
    expect(bytes.readUInt32LE(end + 16)).toBe(0xffffffff);
    // The ZIP64 end record points at the central directory's first record.
    const centralStart = Number(bytes.readBigUInt64LE(end64 + 48));
    expect(bytes.readUInt32LE(centralStart)).toBe(0x02014b50);
    expect(await readBack(bytes)).toEqual(ROWS);
  });
});
