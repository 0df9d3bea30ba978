import { createReadStream } from 'node:fs';
import type { Readable } from 'node:stream';
import { parse } from 'csv-parse';
import zipcodes from 'zipcodes';
import type { Db } from '../../db/database.js';
import { parseAddress } from '../../domain/geocoder/parse.js';
import { normalizeCity, STATE_CODE, UNIT_DESIGNATOR } from '../../domain/geocoder/vocabulary.js';
import type { PropertyRow } from '../rows.js';
import { importedPropertyRow, upsertImportedProperties } from './imported.js';

export interface ImportReport {
  imported: number;
  skipped: number;
  /** First few reasons rows were skipped, with their line numbers. */
  problems: string[];
}

/**
 * Imports an OpenAddresses CSV (columns LON, LAT, NUMBER, STREET, UNIT, CITY, DISTRICT, REGION,
 * POSTCODE, ID, HASH; header case ignored), streaming: any size of file in constant memory.
 * A missing city or state is taken from the ZIP; rows without a usable address or point are
 * skipped and reported.
 */
export async function importOpenAddresses(
  db: Db,
  input: string | Readable,
  options: { batchSize?: number } = {},
): Promise<ImportReport> {
  const stream = typeof input === 'string' ? createReadStream(input) : input;
  const parser = stream.pipe(
    parse({
      columns: (header: string[]) => header.map((h) => h.trim().toUpperCase()),
      skip_empty_lines: true,
      trim: true,
      bom: true,
      relax_column_count: true,
    }),
  );
  const report: ImportReport = { imported: 0, skipped: 0, problems: [] };
  const batchSize = options.batchSize ?? 1000;
  let batch: PropertyRow[] = [];
  let line = 1;
  const skip = (reason: string) => {
    report.skipped++;
    if (report.problems.length < 20) report.problems.push(`line ${line}: ${reason}`);
  };
  for await (const record of parser as AsyncIterable<Record<string, string | undefined>>) {
    line++;
    const lat = Number(record.LAT);
    const lng = Number(record.LON);
    if (
      !record.LAT ||
      !record.LON ||
      !Number.isFinite(lat) ||
      !Number.isFinite(lng) ||
      Math.abs(lat) > 90 ||
      Math.abs(lng) > 180
    ) {
      skip('no valid LAT/LON');
      continue;
    }
    const zip = (record.POSTCODE ?? '').slice(0, 5);
    const fromZip = /^\d{5}$/.test(zip) ? zipcodes.lookup(zip) : undefined;
    const state = STATE_CODE[(record.REGION ?? '').toUpperCase()] ?? fromZip?.state;
    const city = record.CITY || record.DISTRICT || fromZip?.city;
    if (!record.NUMBER || !record.STREET || !city || !state || !/^\d{5}$/.test(zip)) {
      skip('missing NUMBER, STREET, city, state or POSTCODE');
      continue;
    }
    const unit = record.UNIT
      ? UNIT_DESIGNATOR[record.UNIT.split(/\s+/)[0]!.toUpperCase()]
        ? ` ${record.UNIT}`
        : ` # ${record.UNIT}`
      : '';
    const parsed = parseAddress(`${record.NUMBER} ${record.STREET}${unit}, ${city}, ${state} ${zip}`);
    parsed.city = normalizeCity(city);
    const row = importedPropertyRow({ parsed, lat, lng, sourceId: record.HASH || record.ID });
    if (!row) {
      skip('address could not be parsed');
      continue;
    }
    batch.push(row);
    if (batch.length >= batchSize) {
      report.imported += await upsertImportedProperties(db, dedupe(batch));
      batch = [];
    }
  }
  report.imported += await upsertImportedProperties(db, dedupe(batch));
  return report;
}

/** One row per id within a batch (an upsert cannot touch the same row twice). */
function dedupe(rows: PropertyRow[]): PropertyRow[] {
  return [...new Map(rows.map((r) => [r.id, r])).values()];
}
