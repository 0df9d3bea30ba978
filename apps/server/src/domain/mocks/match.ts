import { mockPayloadSchema, type AssessmentResponse } from '@zview/contracts';
import { getResolution, latLngToCell } from 'h3-js';
import { loadMockCasesWithPayloads, type MockCaseRow } from '../../db/mocks.js';
import type { Db } from '../../db/database.js';
import { parseCoordinates } from '../geocoder/coordinates.js';

/**
 * Mock cases in lookups: when a property-view lookup (and later the public API) matches a mock
 * case, the assessment answers the case's mock response instead of the models, marked `mock`,
 * and it is not billed. A case matches a lookup of the same API version and location type, at
 * the same address (case, spacing and punctuation aside) or the same point (a case stores
 * 'lng,lat', SPEC §5; lookups send 'lat,lng'), asking for at least one product the case lists. The
 * answer holds the products both name (the subset of the case's products the lookup asked for):
 * the property view asks for every enabled product, and still gets the mock.
 */
export interface MockLookup {
  location: string;
  locationType: 'address' | 'coordinates';
  /** Products the lookup scores; none (oblique imagery only) matches no case. */
  products: readonly string[];
  apiVersion: string;
}

export type MockCaseWithPayload = MockCaseRow & { payload: unknown };

/** Same point within about a metre. */
const POINT_TOLERANCE = 1e-5;

export const normalizeAddress = (text: string) => text.toLowerCase().replace(/[.,#]/g, ' ').replace(/\s+/g, ' ').trim();

function sameLocation(mock: MockCaseRow, lookup: MockLookup): boolean {
  if (mock.location_type !== lookup.locationType) return false;
  if (lookup.locationType === 'address') return normalizeAddress(mock.location) === normalizeAddress(lookup.location);
  const [lng, lat] = mock.location.split(',').map(Number) as [number, number];
  const point = parseCoordinates(lookup.location);
  return point !== null && Math.abs(point.lat - lat) < POINT_TOLERANCE && Math.abs(point.lng - lng) < POINT_TOLERANCE;
}

export function findMockCase<T extends MockCaseRow>(cases: readonly T[], lookup: MockLookup): T | undefined {
  if (lookup.products.length === 0) return undefined;
  return cases.find(
    (mock) =>
      mock.api_version === lookup.apiVersion &&
      lookup.products.some((p) => mock.products.includes(p)) &&
      sameLocation(mock, lookup),
  );
}

/** The mock response as the lookup's answer: the case's products the lookup asked for, the location as asked, marked mock. */
export function mockAnswer(mock: MockCaseWithPayload, lookup: MockLookup): AssessmentResponse | undefined {
  const parsed = mockPayloadSchema.safeParse(mock.payload);
  if (!parsed.success) return undefined;
  const payload = parsed.data;
  return {
    ...payload,
    location: {
      ...answeredLocation(payload.location, lookup),
      locationType: lookup.locationType,
      input: lookup.location,
    },
    products: Object.fromEntries(
      lookup.products
        .filter((p) => mock.products.includes(p) && payload.products[p])
        .map((p) => [p, payload.products[p]!]),
    ),
    mock: { mockResponseId: mock.mock_response_id, name: mock.mock_response_name },
  };
}

/**
 * Where the answer says it is. A coordinates case answers at the point asked about, with no street
 * address, parcel or buildings: the payload's own place (often the address case's, e.g. Wichita)
 * beside Los Angeles coordinates contradicted the lookup (issue 45).
 */
function answeredLocation(
  location: AssessmentResponse['location'],
  lookup: MockLookup,
): AssessmentResponse['location'] {
  if (lookup.locationType !== 'coordinates') return location;
  const point = parseCoordinates(lookup.location);
  if (!point) return location;
  return {
    ...location,
    propertyId: null,
    address: null,
    point: { lat: point.lat, lng: point.lng },
    h3Index: latLngToCell(
      point.lat,
      point.lng,
      getResolution(location.h3Index) > 0 ? getResolution(location.h3Index) : 7,
    ),
    parcel: null,
    buildings: [],
  };
}

/**
 * Every mock case with its payload, kept in memory: a lookup costs no query for them. The owner
 * clears it on `zview_world` notifications (mock tables notify it, migration 0550) and reads
 * through for requests that did not pass the change feed's fence.
 */
export class MockCases {
  private cases: MockCaseWithPayload[] | null = null;
  private generation = 0;

  constructor(private readonly db: Db) {}

  clear(): void {
    this.generation += 1;
    this.cases = null;
  }

  private async all(fresh: boolean): Promise<MockCaseWithPayload[]> {
    if (fresh && this.cases) return this.cases;
    const generation = this.generation;
    const cases = await loadMockCasesWithPayloads(this.db);
    if (fresh && generation === this.generation) this.cases = cases;
    return cases;
  }

  /** The mock answer of a lookup, or undefined when no case matches. */
  async answer(lookup: MockLookup, fresh: boolean): Promise<AssessmentResponse | undefined> {
    const mock = findMockCase(await this.all(fresh), lookup);
    return mock ? mockAnswer(mock, lookup) : undefined;
  }
}
