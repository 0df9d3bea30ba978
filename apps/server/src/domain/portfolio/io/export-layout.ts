import type { PORTFOLIO_EXPORT_EXTRA_COLUMNS } from '@zview/contracts';

/**
 * The shape of an export's columns, apart from export.ts that decides them: the writers
 * (export-csv.ts, export-rows.ts) read it, and export.ts imports the writers.
 */
export type ExtraColumn = (typeof PORTFOLIO_EXPORT_EXTRA_COLUMNS)[number];

export interface ExportLayout {
  /** Indexes of the original columns, in file order. */
  original: number[];
  extra: ExtraColumn[];
}
