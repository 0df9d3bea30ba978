import type { Db } from '../db/database.js';
import {
  anyOrganizationIdByName,
  insertMemberIfAbsent,
  insertMockCasesIfAbsent,
  insertMockResponseIfAbsent,
  insertOrganization,
  upsertActiveUser,
} from '../db/demo-identity.js';
import { setPassword } from './password-reset.js';

/**
 * Demo data of staff administration (idempotent, a few rows): a customer without Z-HAIL and its
 * user (staff can switch Z-HAIL on and the user sees it), and a mock response with two mock
 * cases listed on /mock-mode-addresses. Existing rows are kept as staff left them.
 */
export const DEMO_PRAIRIE = {
  organization: 'Prairie Farm Mutual',
  email: 'prairie@demo.test',
  products: ['zfire', 'zproperty'],
} as const;
export const DEMO_MOCK = {
  name: 'Demo: very high hail',
  address: '100 Mock Ave, Wichita, KS 67203',
  lngLat: '-97.3361,37.6922',
} as const;

const SCORE = {
  product: 'zhail',
  score: 9.6,
  riskLevel: 'high',
  baseScore: 5,
  confidence: { value: 0.9, label: 'high' },
  factors: [
    {
      key: 'hail_days',
      name: 'Hail days per year',
      value: 14,
      unit: 'days',
      description: 'Mock factor: a hail day every few weeks in season.',
      contribution: 4.6,
    },
  ],
  modelVersion: 'zhail-mock',
  asOf: '2026-01-01',
  unavailableReason: null,
};
const PAYLOAD = {
  location: {
    locationType: 'address',
    input: DEMO_MOCK.address,
    propertyId: null,
    address: {
      line1: '100 Mock Ave',
      unit: null,
      city: 'Wichita',
      state: 'KS',
      zip: '67203',
      formatted: DEMO_MOCK.address,
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
    zhail: SCORE,
    zfire: {
      ...SCORE,
      product: 'zfire',
      score: 1.2,
      riskLevel: 'low',
      modelVersion: 'zfire-mock',
      factors: [],
      baseScore: 1.2,
    },
  },
  imagery: { ortho: [], oblique: [], comparison: null },
  sampleData: true,
};

export async function seedStaffAdminDemo(db: Db, passwordHash: string): Promise<void> {
  const existing = await anyOrganizationIdByName(db, DEMO_PRAIRIE.organization);
  const orgId =
    existing?.id ??
    (await insertOrganization(db, {
      name: DEMO_PRAIRIE.organization,
      products: [...DEMO_PRAIRIE.products],
      contact_email: 'ops@prairie.test',
    }));
  const userId = await upsertActiveUser(db, { email: DEMO_PRAIRIE.email, firstName: 'Pat', lastName: 'Prairie' });
  await setPassword(db, userId, passwordHash);
  await insertMemberIfAbsent(db, orgId, userId);

  const mock = await insertMockResponseIfAbsent(db, DEMO_MOCK.name, JSON.stringify(PAYLOAD));
  if (!mock) return;
  await insertMockCasesIfAbsent(db, [
    {
      location: DEMO_MOCK.address,
      location_type: 'address',
      api_version: 'v3',
      mock_response_id: mock.id,
      products: ['zfire', 'zhail'],
    },
    {
      location: DEMO_MOCK.lngLat,
      location_type: 'coordinates',
      api_version: 'v3',
      mock_response_id: mock.id,
      products: ['zhail'],
    },
  ]);
}
