import type { Db } from '../../db/database.js';
import { placeAddressesMany, type GeocodePrecision as WorldPrecision } from '../geocoder/index.js';
import type { BatchGeocoder, GeocodePrecision, GeocodeResult, StagedRow } from './seams.js';

const PRECISION: Record<WorldPrecision, GeocodePrecision> = {
  rooftop: 'rooftop',
  parcel: 'parcel',
  street: 'street',
  zip: 'postal',
  city: 'city',
  point: 'coordinates',
};

export const ADDRESS_NOT_FOUND = 'We could not find this address.';

function addressText(row: StagedRow): string {
  if (row.address) return row.address;
  return [row.street, row.city, [row.state, row.zip].filter(Boolean).join(' ')].filter(Boolean).join(', ');
}

/**
 * Adapts the address geocoder (domain/geocoder) to the portfolio's set-wise seam. Rows that
 * carry their own coordinates keep them; the others are geocoded together, one set-wise
 * `placeAddressesMany` call per chunk (geocodeAddressesMany's answers, the place only).
 */
export function worldGeocoder(db: Db): BatchGeocoder {
  return {
    async geocodeRows(rows) {
      const toFind = rows.filter((row) => row.latitude === null || row.longitude === null);
      const hits = await placeAddressesMany(db, toFind.map(addressText));
      const hitOf = new Map(toFind.map((row, i) => [row.rowNumber, hits[i]!]));
      return rows.map((row): GeocodeResult => {
        if (row.latitude !== null && row.longitude !== null) {
          return {
            rowNumber: row.rowNumber,
            latitude: row.latitude,
            longitude: row.longitude,
            precision: 'coordinates',
            problem: null,
          };
        }
        const hit = hitOf.get(row.rowNumber);
        return hit
          ? {
              rowNumber: row.rowNumber,
              latitude: hit.lat,
              longitude: hit.lng,
              precision: PRECISION[hit.precision],
              problem: null,
              propertyId: hit.propertyId,
            }
          : {
              rowNumber: row.rowNumber,
              latitude: null,
              longitude: null,
              precision: 'none',
              problem: ADDRESS_NOT_FOUND,
            };
      });
    },
  };
}
