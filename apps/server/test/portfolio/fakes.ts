import { createHash } from 'node:crypto';
import type { BatchGeocoder, PortfolioScorer, ScoredRow } from '../../src/domain/portfolio/pipeline/seams.js';

/** Test geocoder: rows with coordinates keep them; addresses map to stable points; "nowhere" is not found. */
export function fakeGeocoder(): BatchGeocoder & { calls: number } {
  const geocoder = {
    calls: 0,
    async geocodeRows(rows: Parameters<BatchGeocoder['geocodeRows']>[0]) {
      geocoder.calls += 1;
      return rows.map((row) => {
        if (row.latitude !== null && row.longitude !== null)
          return {
            rowNumber: row.rowNumber,
            latitude: row.latitude,
            longitude: row.longitude,
            precision: 'coordinates' as const,
            problem: null,
          };
        const text = [row.address, row.street, row.city, row.state, row.zip].filter(Boolean).join(' ');
        if (/nowhere/i.test(text))
          return {
            rowNumber: row.rowNumber,
            latitude: null,
            longitude: null,
            precision: 'none' as const,
            problem: 'We could not find this address.',
          };
        const hash = createHash('sha1').update(text).digest();
        return {
          rowNumber: row.rowNumber,
          latitude: 25 + (hash[0]! / 255) * 20,
          longitude: -120 + (hash[1]! / 255) * 45,
          precision: 'rooftop' as const,
          problem: null,
        };
      });
    },
  };
  return geocoder;
}

/** Test scorer: a stable score from the location and the model version; optional delay per call. */
export function fakeScorer(
  options: { version?: string; delayMs?: number } = {},
): PortfolioScorer & { version: string } {
  const scorer = {
    version: options.version ?? 'fake-1.0.0',
    modelInfo: () => ({ modelVersion: scorer.version, dataDate: '2026-01-01' }),
    async scoreRows(
      rows: Parameters<PortfolioScorer['scoreRows']>[0],
      products: Parameters<PortfolioScorer['scoreRows']>[1],
    ): Promise<ScoredRow[]> {
      if (options.delayMs) await new Promise((resolve) => setTimeout(resolve, options.delayMs));
      return rows.flatMap((row) =>
        products.map((product) => {
          const hash = createHash('sha1')
            .update(`${scorer.version}:${product}:${row.latitude.toFixed(5)}:${row.longitude.toFixed(5)}`)
            .digest();
          const score = hash[0]! % 101;
          return {
            rowNumber: row.rowNumber,
            product,
            score,
            riskLevel: score < 34 ? ('low' as const) : score < 67 ? ('medium' as const) : ('high' as const),
            confidence: 0.5 + (hash[1]! % 50) / 100,
            topFactors: [
              { name: 'Vegetation', contribution: 0.4 },
              { name: 'Slope', contribution: 0.2 },
            ],
            modelVersion: scorer.version,
            problem: null,
          };
        }),
      );
    },
  };
  return scorer;
}
