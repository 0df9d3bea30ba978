/** Examples of the public API's requests and answers, shown in the OpenAPI document (/api/docs). */
export const V1_EXAMPLES = {
  usage: {
    organizationId: 42,
    from: '2026-01-01',
    to: '2026-03-31',
    usage: [
      { product: 'zhail', channel: 'api', quantity: 1250 },
      { product: 'zfire', channel: 'zview', quantity: 87 },
    ],
  },
  batchRequest: {
    locations: [
      { location: '100 N Main St, Wichita, KS 67202' },
      { location: '37.6872,-97.3301', location_type: 'coordinates' },
    ],
  },
  portfolioCreate: { name: 'Kansas book Q1', products: 'zhail,zfire', uploadedFileName: 'u_3f9c2a.csv' },
  changes: {
    changes: [
      {
        id: '918273',
        changedAt: '2026-11-20T06:12:44.000Z',
        effectiveOn: '2026-11-18',
        portfolioId: 1204,
        product: 'zfire',
        rowNumber: 311,
        ref: 'POL-00311',
        address: '1427 Wheatland Ave, Wichita, KS 67203',
        propertyId: 'p_20931',
        oldScore: 41.5,
        newScore: 72.0,
        oldLevel: 'medium',
        newLevel: 'high',
        delta: 30.5,
        factors: [{ name: 'Vegetation within 30 ft', from: 0.12, to: 0.41 }],
        features: [{ name: 'vegetation_cover', from: null, to: null }],
        cause: 'capture',
        causeId: 'capture-20261118-n42',
        modelVersion: 'zfire-3.2.0',
      },
    ],
    nextCursor: '918273',
    hasMore: false,
  },
} as const;
