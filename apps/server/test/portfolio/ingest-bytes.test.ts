import { describe, expect, it } from 'vitest';
import { createMember, usePortfolioTestApp } from './app.js';
import { portfolioSteps } from './steps.js';

/**
 * Issue 22: a coordinates file's plain lines are written to the COPY from the file's bytes
 * (domain/portfolio/pipeline/ingest-plain-rows.ts) once the reader is past the first chunk, the other lines
 * as before. A file of several chunks, plain lines and odd ones mixed, must be stored row for row
 * as the file says: its line, reference, point and attributes, and each odd line's problem.
 */
const { app, db } = await usePortfolioTestApp({ chunkSize: 2000 });
const steps = portfolioSteps(app);

describe('a coordinates file read past its first chunk', () => {
  it('stores every row as the file wrote it, plain lines and odd ones alike', async () => {
    const { headers } = await createMember(app, db);
    const rows = 6000;
    const lines: string[] = [];
    for (let i = 1; i <= rows; i++) {
      const lat = (30 + (i % 1000) / 100).toFixed(4);
      const lon = (-(90 + (i % 700) / 100)).toFixed(4);
      if (i % 997 === 0) lines.push(`Q${i},${lat},${lon},"x ""quoted"" note",${i}`);
      else if (i % 1499 === 0) lines.push(`Q${i},${lat},999,plain note,${i}`);
      else if (i % 1201 === 0) lines.push(`Q${i},${lat},${lon},café,${i}`);
      else lines.push(`Q${i},${lat},${lon},"note ${i}, block ${i % 7}",${i}`);
    }
    const csv = `ref,latitude,longitude,notes,building_tiv\n${lines.join('\n')}\n`;
    expect(csv.length).toBeGreaterThan(3 * 65_536); // several chunks of the blob store's reads
    const id = await steps.createPortfolio(headers, csv);
    await steps.waitForStatus(headers, id, 'zfire', 'READY');
    const stored = await db
      .selectFrom('portfolio_rows')
      .select(['row_number', 'ref', 'csv_line', 'raw_values', 'geo_latitude', 'geo_longitude', 'attributes', 'problem'])
      .where('portfolio_id', '=', id)
      .orderBy('row_number')
      .execute();
    expect(stored).toHaveLength(rows);
    stored.forEach((row, k) => {
      const i = k + 1;
      const line = lines[k]!;
      const [ref, lat, lon] = line.split(',');
      expect(row.row_number).toBe(i);
      expect(row.ref).toBe(ref);
      if (i % 1499 === 0 && i % 997 !== 0) {
        expect(row.problem).toBe('The longitude 999 is outside the range -180 to 180.');
        return;
      }
      expect(row.problem).toBeNull();
      expect([row.geo_latitude, row.geo_longitude]).toEqual([Number(lat), Number(lon)]);
      expect(row.attributes).toEqual({ buildingTiv: String(i) });
      // The line as the file wrote it where it holds the values exactly (not the doubled quotes).
      if (i % 997 === 0) expect(row.raw_values).toEqual([ref, lat, lon, 'x "quoted" note', String(i)]);
      else expect(row.csv_line).toBe(line);
    });
    const portfolio = await db
      .selectFrom('portfolios')
      .select(['row_count', 'geocode_counts'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    const unusable = stored.filter((row) => row.problem).length;
    expect(portfolio.row_count).toBe(rows);
    expect(portfolio.geocode_counts).toEqual({ unusable, coordinates: rows - unusable });
  });
});
