import { COLUMNS } from './columns.js';
import { encodeRow } from './copy.js';
import type { NeighbourhoodBatch } from './rows.js';

export const STREAMED_TABLES = [
  'neighbourhoods',
  'properties',
  'buildings',
  'permits',
  'weather_events',
  'imagery_captures',
] as const;
export type StreamedTable = (typeof STREAMED_TABLES)[number];

/** Generated neighbourhoods encoded as COPY text per table, plus the H3 cells their properties use. */
export interface EncodedChunk {
  text: Record<StreamedTable, string>;
  rows: Record<StreamedTable, number>;
  cells: string[];
}

export function encodeBatches(batches: NeighbourhoodBatch[]): EncodedChunk {
  const parts: Record<StreamedTable, string[]> = {
    neighbourhoods: [],
    properties: [],
    buildings: [],
    permits: [],
    weather_events: [],
    imagery_captures: [],
  };
  const cells = new Set<string>();
  for (const batch of batches) {
    parts.neighbourhoods.push(encodeRow(batch.neighbourhood, COLUMNS.neighbourhoods));
    for (const row of batch.properties) {
      cells.add(row.h3_cell);
      parts.properties.push(encodeRow(row, COLUMNS.properties));
    }
    for (const row of batch.buildings) parts.buildings.push(encodeRow(row, COLUMNS.buildings));
    for (const row of batch.permits) parts.permits.push(encodeRow(row, COLUMNS.permits));
    for (const row of batch.events) parts.weather_events.push(encodeRow(row, COLUMNS.weather_events));
    for (const row of batch.captures) parts.imagery_captures.push(encodeRow(row, COLUMNS.imagery_captures));
  }
  const text = {} as Record<StreamedTable, string>;
  const rows = {} as Record<StreamedTable, number>;
  for (const table of STREAMED_TABLES) {
    text[table] = parts[table].join('');
    rows[table] = parts[table].length;
  }
  return { text, rows, cells: [...cells] };
}
