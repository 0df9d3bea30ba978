import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import zipcodes from 'zipcodes';
import { LANDMARKS } from '../../src/world/regions.js';
import { ADDRESS_NOT_FOUND } from '../../src/domain/portfolio/pipeline/world-geocoder.js';
import { RISK_MODELS } from '../../src/domain/risk/index.js';
import { createMember, multipart, usePortfolioTestApp, waitFor } from './app.js';

// The pipeline with the real geocoder and risk models on a small generated world.
const { app, db } = await usePortfolioTestApp({ chunkSize: 4, realEngines: { properties: 300 } });

describe('portfolio with the real geocoder and risk models', () => {
  it('geocodes landmark addresses, scores them with the current models and reports the rest', async () => {
    const { headers } = await createMember(app, db);
    const lines = ['Ref,Address,City,State,Zip'];
    LANDMARKS.slice(0, 6).forEach((l, i) => {
      const zip = zipcodes.lookup(l.zip)!;
      lines.push(`L${i + 1},"${l.houseNumber} ${l.street}",${zip.city},${zip.state},${l.zip}`);
    });
    lines.push('X1,1 Nowhere Lane,Atlantis,ZZ,00000');
    const body = multipart('book.csv', `${lines.join('\n')}\n`);
    const up = await app.inject({
      method: 'POST',
      url: '/api/caribou/portfolio/csv',
      headers: { ...headers, ...body.headers },
      payload: body.payload,
    });
    expect(up.json().check.layout).toBe('street_city_state_zip');
    const created = await app.inject({
      method: 'POST',
      url: '/api/caribou/portfolios',
      headers,
      payload: { name: 'Real', products: 'zfire,zwind', uploadedFileName: up.json().uploadedFileName },
    });
    const id = created.json()[0].portfolioId;
    const meta = await waitFor(
      async () => {
        const m = (await app.inject({ method: 'GET', url: `/api/caribou/portfolio/${id}/metadata`, headers })).json();
        return m.products.every((p: { status: string }) => p.status === 'READY') ? m : null;
      },
      90_000,
      'READY',
    );
    const fire = meta.products.find((p: { product: string }) => p.product === 'zfire');
    expect(fire.runs[0].modelVersion).toBe(RISK_MODELS.zfire.modelVersion);
    const props = (
      await app.inject({
        method: 'GET',
        url: `/api/caribou/portfolio/${id}/properties?product=zfire&itemsPerPage=50`,
        headers,
      })
    ).json();
    expect(props.total).toBe(6);
    for (const p of props.properties) {
      expect(p.score).toBeGreaterThanOrEqual(1);
      expect(p.score).toBeLessThanOrEqual(10);
      expect(['low', 'medium', 'high']).toContain(p.riskLevel);
      expect(p.geocodePrecision).toMatch(/rooftop|parcel/);
      expect(p.topFactors.length).toBeGreaterThan(0);
    }
    // Each landmark row is scored as the property its address matched (the geocoder's, not found again by its point).
    const rows = await db
      .selectFrom('portfolio_rows')
      .select(['ref', 'geo_property_id'])
      .where('portfolio_id', '=', id)
      .where('ref', 'like', 'L%')
      .orderBy('row_number')
      .execute();
    const matched = await Promise.all(
      LANDMARKS.slice(0, 6).map((l) =>
        db
          .selectFrom('properties')
          .select('id')
          .where('house_number', '=', String(l.houseNumber))
          .where('zip', '=', l.zip)
          .where('address_line', 'like', `${l.houseNumber} ${l.street}%`)
          .executeTakeFirstOrThrow(),
      ),
    );
    expect(rows.map((r) => r.geo_property_id)).toEqual(matched.map((m) => m.id));
    // The exact matches were placed as the file was read (the world's addresses in the worker's
    // memory); the runs geocoded only the address no house matched.
    const placedAt = await db
      .selectFrom('portfolio_rows')
      .select(['ref', 'geo_precision', 'geocoded_at'])
      .where('portfolio_id', '=', id)
      .orderBy('row_number')
      .execute();
    expect(placedAt.map((r) => [r.ref, r.geo_precision, r.geocoded_at === null])).toEqual([
      ...LANDMARKS.slice(0, 6).map((_, i) => [`L${i + 1}`, 'rooftop', true]),
      ['X1', 'none', false],
    ]);
    const errors = (
      await app.inject({ method: 'GET', url: `/api/caribou/portfolio/${id}/errors?product=zfire`, headers })
    ).json();
    expect(errors.errors).toEqual([expect.objectContaining({ ref: 'X1', reason: ADDRESS_NOT_FOUND })]);
    // The combined export names the address each row matched, where it lies and how precisely.
    const combined = parse(
      (await app.inject({ method: 'GET', url: `/api/caribou/portfolio/${id}/export?format=csv`, headers })).rawPayload,
      { bom: true },
    ) as string[][];
    const column = (name: string) => combined[0]!.indexOf(name);
    LANDMARKS.slice(0, 6).forEach((l, i) => {
      const row = combined[i + 1]!;
      expect(row[column('matched_address')]).toMatch(new RegExp(`^${l.houseNumber} ${l.street}, .+ ${l.zip}$`));
      expect(row[column('geocode_precision')]).toMatch(/rooftop|parcel/);
      expect(Number(row[column('latitude')])).not.toBeNaN();
      expect(Number(row[column('zfire_score')])).toBeGreaterThanOrEqual(1);
      expect(Number(row[column('zwind_score')])).toBeGreaterThanOrEqual(1);
    });
    expect(combined[7]![column('problem')]).toBe(ADDRESS_NOT_FOUND);
  }, 120_000);
});
