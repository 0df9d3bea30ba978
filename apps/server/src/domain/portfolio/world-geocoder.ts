import type { Db } from '../../db/database.js';
import { geocodeAddress, type GeocodePrecision as WorldPrecision } from '../geocoder/index.js';
import type { BatchGeocoder, GeocodePrecision, GeocodeResult, StagedRow } from './seams.js';

const PRECISION: Record<WorldPrecision, GeocodePrecision> = {
  rooftop: 'rooftop',
  parcel: 'parcel',
  street: 'street',
  zip: 'postal',
  city: 'city',
  point: 'coordinates',
};

/** How many addresses are looked up at once (each lookup is a few indexed queries). */
const CONCURRENCY = 8;

export const ADDRESS_NOT_FOUND = 'We could not find this address.';

function addressText(row: StagedRow): string {
  if (row.address) return row.address;
  return [row.street, row.city, [row.state, row.zip].filter(Boolean).join(' ')].filter(Boolean).join(', ');
}

/**
 * Adapts the address geocoder (domain/geocoder) to the portfolio's set-wise seam. Rows that
 * carry their own coordinates keep them. Addresses are resolved a few at a time; a set-wise
 * SQL matcher in domain/geocoder can replace this without touching the pipeline.
 */
export function worldGeocoder(db: Db): BatchGeocoder {
  return {
    async geocodeRows(rows) {
      const results: GeocodeResult[] = new Array(rows.length);
      let next = 0;
      const worker = async () => {
        while (next < rows.length) {
          const index = next++;
          const row = rows[index]!;
          if (row.latitude !== null && row.longitude !== null) {
            results[index] = { rowNumber: row.rowNumber, latitude: row.latitude, longitude: row.longitude, precision: 'coordinates', problem: null };
            continue;
          }
          const hit = await geocodeAddress(db, addressText(row));
          results[index] = hit
            ? { rowNumber: row.rowNumber, latitude: hit.lat, longitude: hit.lng, precision: PRECISION[hit.precision], problem: null }
            : { rowNumber: row.rowNumber, latitude: null, longitude: null, precision: 'none', problem: ADDRESS_NOT_FOUND };
        }
      };
      await Promise.all(Array.from({ length: Math.min(CONCURRENCY, rows.length) }, worker));
      return results;
    },
  };
}
