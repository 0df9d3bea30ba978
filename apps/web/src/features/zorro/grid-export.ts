import type { ZorroFilingSummary } from '@zview/contracts';
import Papa from 'papaparse';

/** The grid's columns: what each shows of a filing. */
export const GRID_COLUMNS = [
  { key: 'state', label: 'State', value: (f: ZorroFilingSummary) => f.state, sort: 'state' },
  { key: 'company', label: 'Company', value: (f: ZorroFilingSummary) => f.company, sort: 'company' },
  { key: 'naicGroup', label: 'NAIC group', value: (f: ZorroFilingSummary) => f.naicGroup, sort: null },
  { key: 'trackingNumber', label: 'Tracking number', value: (f: ZorroFilingSummary) => f.trackingNumber, sort: null },
  { key: 'line', label: 'Line', value: (f: ZorroFilingSummary) => f.line, sort: null },
  { key: 'filingType', label: 'Type', value: (f: ZorroFilingSummary) => f.filingType, sort: null },
  { key: 'submittedOn', label: 'Submitted', value: (f: ZorroFilingSummary) => f.submittedOn, sort: 'submitted' },
  { key: 'effectiveOn', label: 'Effective date', value: (f: ZorroFilingSummary) => f.effectiveOn ?? '', sort: 'effective' },
  { key: 'overallChange', label: 'Rate change %', value: (f: ZorroFilingSummary) => f.overallChange, sort: 'rateChange' },
  { key: 'models', label: 'Models cited', value: (f: ZorroFilingSummary) => f.models.join(', '), sort: null },
  { key: 'status', label: 'Status', value: (f: ZorroFilingSummary) => f.status, sort: 'status' },
] as const;
export type GridColumnKey = (typeof GRID_COLUMNS)[number]['key'];
export const DEFAULT_GRID_COLUMNS: GridColumnKey[] = ['state', 'company', 'submittedOn', 'effectiveOn', 'overallChange', 'models', 'status'];

const chosen = (keys: GridColumnKey[]) => GRID_COLUMNS.filter((c) => keys.includes(c.key));

export function gridCsv(rows: ZorroFilingSummary[], keys: GridColumnKey[]): string {
  const columns = chosen(keys);
  return Papa.unparse({ fields: columns.map((c) => c.label), data: rows.map((r) => columns.map((c) => c.value(r) ?? '')) });
}

export async function gridXlsx(rows: ZorroFilingSummary[], keys: GridColumnKey[]): Promise<Blob> {
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Filings');
  const columns = chosen(keys);
  sheet.columns = columns.map((c) => ({ header: c.label, key: c.key, width: c.key === 'company' || c.key === 'models' ? 36 : 16 }));
  for (const r of rows) sheet.addRow(Object.fromEntries(columns.map((c) => [c.key, c.value(r) ?? ''])));
  sheet.getRow(1).font = { bold: true };
  const buffer = await workbook.xlsx.writeBuffer();
  return new Blob([buffer], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });
}

export function download(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
