import type { Db } from '../../../db/database.js';
import { worldRevision } from '../../../db/world-revision.js';
import { revisionCache } from '../../revision-cache.js';
import { loadExactAddresses } from '../../geocoder/exact-addresses.js';
import { placeAddressesMany, type GeocodePrecision as WorldPrecision } from '../../geocoder/index.js';
import { addressLine } from '../columns.js';
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

/**
 * Adapts the address geocoder (domain/geocoder) to the portfolio's set-wise seam. Rows that
 * carry their own coordinates keep them; the others are geocoded together, one set-wise
 * `placeAddressesMany` call per chunk (geocodeAddressesMany's answers, the place only). Its exact
 * addresses (geocoder/exact-addresses.ts) are read once per world revision, for the ingest.
 */
export function worldGeocoder(db: Db): BatchGeocoder {
  const addresses = revisionCache(
    () => worldRevision(db),
    (revision) => loadExactAddresses(db, revision),
  );
  return {
    exactAddresses: () => addresses.current(),
    async geocodeRows(rows) {
      const hasPoint = (row: StagedRow) => row.latitude !== null && row.longitude !== null;
      const texts: string[] = [];
      for (const row of rows) if (!hasPoint(row)) texts.push(addressLine(row));
      const hits = await placeAddressesMany(db, texts);
      // The hits are in the order of the rows without a point.
      let next = 0;
      return rows.map((row): GeocodeResult => {
        if (hasPoint(row))
          return {
            rowNumber: row.rowNumber,
            latitude: row.latitude,
            longitude: row.longitude,
            precision: 'coordinates',
            problem: null,
          };
        const hit = hits[next++];
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
