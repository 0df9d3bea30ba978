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
} as const;
