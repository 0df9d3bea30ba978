import type { Readable } from 'node:stream';
import type { ZorroExportQuery } from '@zview/contracts';
import { ZORRO_GRID_COLUMNS } from '@zview/contracts';
import type { Db } from '../../db/database.js';
import { renderOffLoop } from '../off-loop/pool.js';
import { resolveQuery } from './discover.js';
import { orderedMatches } from './matches.js';
import { parseTextQuery } from './text-query.js';

/**
 * Grid export: every filing matching the filters (no cap), in the grid's order and columns,
 * streamed as CSV or XLSX. The order comes from this process's search index, so the ids are
 * found here; the rows are read and the file rendered on a render thread (export-file.ts).
 */
export async function exportFilings(
  db: Db,
  query: ZorroExportQuery,
): Promise<{ fileName: string; contentType: string; stream: Readable }> {
  const columns = query.columns.length
    ? ZORRO_GRID_COLUMNS.filter((k) => query.columns.includes(k))
    : [...ZORRO_GRID_COLUMNS];
  // The search box read as the finder and the grid read it, so the export holds what the grid shows.
  const resolved = (await resolveQuery(db, query)).query;
  // The finder's order (relevance is the ranked index's): ids only, the rows are read a page at a time.
  const { ids } = await orderedMatches(db, resolved, parseTextQuery(resolved.q));
  const stream = renderOffLoop({ kind: 'filings-export', format: query.format, columns, ids }, db);
  return query.format === 'xlsx'
    ? {
        fileName: 'filings.xlsx',
        contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        stream,
      }
    : { fileName: 'filings.csv', contentType: 'text/csv; charset=utf-8', stream };
}
