import Papa from 'papaparse';
import { saveBlob } from '../../ui/saveBlob';
import type { BillingColumn } from './components/BillingTable';

/** A table as CSV: SPEC's column labels as the header, raw numbers, dates MM/DD/YYYY. */
export function tableCsv<Row>(columns: BillingColumn<Row>[], rows: Row[]): string {
  return Papa.unparse({
    fields: columns.map((c) => c.label),
    data: rows.map((row) => columns.map((c) => (c.csv ? c.csv(row) : c.cell(row)))),
  });
}

export function downloadCsv(fileName: string, text: string): void {
  saveBlob(new Blob([text], { type: 'text/csv;charset=utf-8' }), fileName);
}
