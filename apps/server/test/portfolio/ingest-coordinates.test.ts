import { describe, expect, it } from 'vitest';
import { createMember, usePortfolioTestApp } from './app.js';
import { portfolioSteps } from './steps.js';

/**
 * Issue 22: an ingest writes a coordinate to COPY as the file wrote it when that is a plain decimal
 * (ingest-render.ts coordinateText) rather than formatting the number it read. PostgreSQL must
 * then store exactly the number the row was read as, whatever form the decimal takes.
 */
const { app, db } = await usePortfolioTestApp({ chunkSize: 4 });
const steps = portfolioSteps(app);

describe('coordinates stored at ingest', () => {
  it('are the numbers the file text reads as: signs, padding, trailing points, leading zeros, long fractions, decimal commas', async () => {
    const { headers } = await createMember(app, db);
    const written: [string, string][] = [
      [' +30.5000 ', '-97.25'],
      ['31.', '-096.'],
      ['032.25', '-95.000001'],
      ['33.12345678901234567890123', '-94.98765432109876543210'],
      ['"34,5"', '"-93,25"'],
      ['35', '-92'],
      ['.', '-91'],
    ];
    const csv = 'id,lat,lon\n' + written.map(([lat, lon], i) => `R${i},${lat},${lon}`).join('\n') + '\n';
    const id = await steps.createPortfolio(headers, csv);
    await steps.waitForStatus(headers, id, 'zfire', 'READY');
    const rows = await db
      .selectFrom('portfolio_rows')
      .select(['row_number', 'latitude', 'longitude', 'geo_latitude', 'geo_longitude', 'problem'])
      .where('portfolio_id', '=', id)
      .orderBy('row_number')
      .execute();
    const read = (text: string) => Number(text.replaceAll('"', '').trim().replace(',', '.'));
    written.slice(0, 6).forEach(([lat, lon], i) => {
      const row = rows[i]!;
      expect(row.problem).toBeNull();
      // Placed by them: they are the row's place (its own latitude and longitude are left null).
      expect([row.latitude, row.longitude, row.geo_latitude, row.geo_longitude]).toEqual([
        null,
        null,
        read(lat),
        read(lon),
      ]);
    });
    expect(rows[6]!.problem).toBe('The latitude "." is not a number.');
    expect(rows[6]!.latitude).toBeNull();
  });
});
