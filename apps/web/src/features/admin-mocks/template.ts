import type { AssessmentResponse } from '@zview/contracts';

/** What a new mock response starts from: a valid assessment answer with one high hail score. */
export const MOCK_TEMPLATE: AssessmentResponse = {
  location: {
    locationType: 'address',
    input: '100 Mock Ave, Wichita, KS 67203',
    propertyId: null,
    address: {
      line1: '100 Mock Ave',
      unit: null,
      city: 'Wichita',
      state: 'KS',
      zip: '67203',
      formatted: '100 Mock Ave, Wichita, KS 67203',
    },
    point: { lat: 37.6922, lng: -97.3361 },
    precision: 'rooftop',
    confidence: 1,
    h3Index: '872a1072bffffff',
    parcel: null,
    buildings: [],
  },
  asOf: '2026-01-01',
  availableDates: [],
  products: {
    zhail: {
      product: 'zhail',
      score: 9.5,
      riskLevel: 'high',
      baseScore: 5,
      confidence: { value: 0.9, label: 'high' },
      factors: [
        {
          key: 'hail_days',
          name: 'Hail days per year',
          value: 12,
          unit: 'days',
          description: 'Mock factor.',
          contribution: 4.5,
        },
      ],
      modelVersion: 'zhail-mock',
      asOf: '2026-01-01',
      unavailableReason: null,
    },
  },
  imagery: { ortho: [], oblique: [], comparison: null },
  sampleData: true,
};
