import type { Readable } from 'node:stream';
import type { AccumulationGrouping, Ring, ZorroGridColumn } from '@zview/contracts';
import type { Db } from '../../db/database.js';
import type { ChangedRowsSource } from '../../db/run-diff.js';
import { renderDiff } from '../monitoring/diff-render.js';
import type { NoticeContent } from '../notices/content.js';
import type { ReportContent } from '../notices/report-content.js';
import { renderNotice } from '../notices/render-notice.js';
import { renderReport } from '../notices/render-report.js';
import { areasFile, ringsFile } from '../portfolio/accumulation/export.js';
import { filingsFile } from '../zorro/export-file.js';
import {
  combinedExportCsv,
  combinedExportXlsx,
  exportCsv,
  exportXlsx,
  type CombinedProduct,
  type ExportLayout,
} from '../portfolio/io/index.js';

/**
 * The work that renders a file off the API's event loop (pool.ts): plain data a worker thread can
 * be handed (structured clone), each kind turned into the same stream the API used to render
 * itself. Checks that can refuse a request run before a task is made, on the API's thread, so a
 * 4xx still comes before the first byte; a task only renders.
 */
export type OffLoopTask =
  | {
      kind: 'product-export';
      format: 'csv' | 'xlsx';
      portfolioId: number;
      runId: number | null;
      header: string[];
      layout: ExportLayout;
    }
  | {
      kind: 'combined-export';
      format: 'csv' | 'xlsx';
      portfolioId: number;
      header: string[];
      products: CombinedProduct[];
    }
  | { kind: 'accumulation-file'; format: 'csv' | 'xlsx'; runId: number; by: AccumulationGrouping }
  | { kind: 'rings-file'; format: 'csv' | 'xlsx'; radius: number; rings: Ring[] }
  | {
      /** Discovery's grid export: the filings' ids in the finder's order (found on the API's thread, whose search index orders them). */
      kind: 'filings-export';
      format: 'csv' | 'xlsx';
      columns: ZorroGridColumn[];
      ids: number[];
    }
  | { kind: 'diff-export'; format: 'csv' | 'xlsx'; portfolioId: number; source: ChangedRowsSource }
  | { kind: 'notice-pdf'; content: NoticeContent }
  | { kind: 'report-pdf'; content: ReportContent; ortho: Uint8Array | null };

/** Whether the task reads the database (the worker then opens its own pool on the same URL). */
export const needsDatabase = (task: OffLoopTask) =>
  task.kind === 'product-export' ||
  task.kind === 'combined-export' ||
  task.kind === 'accumulation-file' ||
  task.kind === 'filings-export' ||
  task.kind === 'diff-export';

/** The task's output as a stream; `db` is read only by the kinds that need the database. */
export function renderTask(task: OffLoopTask, db: () => Db): Readable {
  switch (task.kind) {
    case 'product-export':
      return (task.format === 'xlsx' ? exportXlsx : exportCsv)(
        db(),
        task.portfolioId,
        task.runId,
        task.header,
        task.layout,
      );
    case 'combined-export':
      return (task.format === 'xlsx' ? combinedExportXlsx : combinedExportCsv)(
        db(),
        task.portfolioId,
        task.header,
        task.products,
      );
    case 'accumulation-file':
      return areasFile(db(), task.runId, task.by, task.format);
    case 'rings-file':
      return ringsFile(task.rings, task.radius, task.format);
    case 'filings-export':
      return filingsFile(db(), task.format, task.columns, task.ids);
    case 'diff-export':
      return renderDiff(db(), task.portfolioId, task.source, task.format);
    case 'notice-pdf':
      return renderNotice(task.content);
    case 'report-pdf':
      return renderReport(task.content, task.ortho ? Buffer.from(task.ortho) : null);
  }
}
