import { mockPayloadSchema, type MockAddress, type MockCase, type MockResponse } from '@zview/contracts';
import type { deleteMockCaseQuerySchema, mockCaseRequestSchema, mockResponseRequestSchema } from '@zview/contracts';
import type { z } from 'zod';
import type { Actor } from '../../auth/actor.js';
import { authorize } from '../../auth/policy.js';
import { writeAudit } from '../../db/audit.js';
import type { Db } from '../../db/database.js';
import {
  deleteMockCaseRow,
  deleteMockResponseRow,
  findMockResponse,
  insertMockCase,
  insertMockResponse,
  listMockCases,
  listMockResponses,
  mockResponseNameTaken,
  updateMockResponseRow,
  type MockCaseKey,
  type MockCaseRow,
  type MockResponseRow,
} from '../../db/mocks.js';
import { badRequest, conflict, notFound } from '../app-error.js';

/** Mock responses (assessment answers kept as JSON) and mock cases (which lookups answer them). Internal admins only, but the addresses list. */
type Summary = Omit<MockResponseRow, 'payload'>;
const summary = (row: Summary) => ({
  id: row.id,
  name: row.name,
  createdAt: row.created_at.toISOString(),
  updatedAt: row.updated_at.toISOString(),
  caseCount: row.case_count,
});

/** The payload must be an assessment answer: a 400 names the first bad fields ("payload.location.point.lat: …"). */
export function validatePayload(payload: unknown) {
  const parsed = mockPayloadSchema.safeParse(payload);
  if (parsed.success) return parsed.data;
  const issues = parsed.error.issues
    .slice(0, 5)
    .map((issue) => ({ path: ['payload', ...issue.path].join('.'), message: issue.message }));
  throw badRequest(issues.map((i) => `${i.path}: ${i.message}`).join('; '), { issues });
}

export async function mockResponses(db: Db, actor: Actor) {
  authorize(actor, 'mocks:manage');
  return { results: (await listMockResponses(db)).map(summary) };
}

export async function mockResponse(db: Db, actor: Actor, id: number): Promise<MockResponse> {
  authorize(actor, 'mocks:manage');
  const row = await findMockResponse(db, id);
  if (!row) throw notFound('Mock response not found.');
  return { ...summary(row), payload: row.payload };
}

export async function createMockResponse(
  db: Db,
  actor: Actor,
  input: z.output<typeof mockResponseRequestSchema>,
): Promise<MockResponse> {
  authorize(actor, 'mocks:manage');
  const payload = validatePayload(input.payload);
  const id = await db.transaction().execute(async (trx) => {
    if (await mockResponseNameTaken(trx, input.name)) throw conflict('A mock response with this name exists already.');
    const id = await insertMockResponse(trx, { name: input.name, payload, createdBy: actor.userId });
    await writeAudit(trx, {
      actorUserId: actor.userId,
      organizationId: null,
      action: 'mock.response_created',
      subject: String(id),
      after: { name: input.name, payload },
    });
    return id;
  });
  return mockResponse(db, actor, id);
}

export async function updateMockResponse(
  db: Db,
  actor: Actor,
  id: number,
  input: z.output<typeof mockResponseRequestSchema>,
): Promise<MockResponse> {
  authorize(actor, 'mocks:manage');
  const payload = validatePayload(input.payload);
  await db.transaction().execute(async (trx) => {
    const before = await findMockResponse(trx, id);
    if (!before) throw notFound('Mock response not found.');
    if (await mockResponseNameTaken(trx, input.name, id))
      throw conflict('A mock response with this name exists already.');
    await updateMockResponseRow(trx, id, { name: input.name, payload });
    await writeAudit(trx, {
      actorUserId: actor.userId,
      organizationId: null,
      action: 'mock.response_updated',
      subject: String(id),
      before: { name: before.name, payload: before.payload },
      after: { name: input.name, payload },
    });
  });
  return mockResponse(db, actor, id);
}

/** Deletes the response and its cases. */
export async function deleteMockResponse(db: Db, actor: Actor, id: number): Promise<void> {
  authorize(actor, 'mocks:manage');
  await db.transaction().execute(async (trx) => {
    const before = await findMockResponse(trx, id);
    if (!before || !(await deleteMockResponseRow(trx, id))) throw notFound('Mock response not found.');
    await writeAudit(trx, {
      actorUserId: actor.userId,
      organizationId: null,
      action: 'mock.response_deleted',
      subject: String(id),
      before: { name: before.name, payload: before.payload },
    });
  });
}

const presentCase = (row: MockCaseRow): MockCase => ({
  location: row.location,
  location_type: row.location_type === 'coordinates' ? 'coordinates' : 'address',
  apiVersion: row.api_version,
  mockResponseId: row.mock_response_id,
  products: row.products,
  mockResponseName: row.mock_response_name,
});

export async function mockCases(db: Db, actor: Actor) {
  authorize(actor, 'mocks:manage');
  return { results: (await listMockCases(db)).map(presentCase) };
}

/** A case's stored key: coordinates as 'lng,lat' without spaces, products sorted and unique. */
function caseKey(
  input:
    z.output<typeof mockCaseRequestSchema> | (z.output<typeof deleteMockCaseQuerySchema> & { mockResponseId: number }),
): MockCaseKey {
  return {
    location:
      input.location_type === 'coordinates'
        ? input.location.replace(/\s+/g, '')
        : input.location.replace(/\s+/g, ' ').trim(),
    location_type: input.location_type,
    api_version: input.apiVersion,
    mock_response_id: input.mockResponseId,
    products: [...new Set(input.products)].sort(),
  };
}

export async function createMockCase(
  db: Db,
  actor: Actor,
  input: z.output<typeof mockCaseRequestSchema>,
): Promise<MockCase> {
  authorize(actor, 'mocks:manage');
  const key = caseKey(input);
  return db.transaction().execute(async (trx) => {
    const response = await findMockResponse(trx, key.mock_response_id);
    if (!response) throw notFound('Mock response not found.');
    if (!(await insertMockCase(trx, key))) throw conflict('This mock case exists already.');
    const created = presentCase({ ...key, mock_response_name: response.name });
    await writeAudit(trx, {
      actorUserId: actor.userId,
      organizationId: null,
      action: 'mock.case_created',
      subject: String(key.mock_response_id),
      after: created,
    });
    return created;
  });
}

export async function deleteMockCase(
  db: Db,
  actor: Actor,
  input: z.output<typeof deleteMockCaseQuerySchema> & { mockResponseId: number },
): Promise<void> {
  authorize(actor, 'mocks:manage');
  const key = caseKey(input);
  await db.transaction().execute(async (trx) => {
    if (!(await deleteMockCaseRow(trx, key))) throw notFound('Mock case not found.');
    await writeAudit(trx, {
      actorUserId: actor.userId,
      organizationId: null,
      action: 'mock.case_deleted',
      subject: String(key.mock_response_id),
      before: presentCase({ ...key, mock_response_name: '' }),
    });
  });
}

/** Mock locations with their products (any signed-in user: they are test fixtures, not customer data). */
export async function mockAddresses(db: Db): Promise<{ results: MockAddress[] }> {
  const byLocation = new Map<string, MockAddress>();
  for (const row of await listMockCases(db)) {
    const type = row.location_type === 'coordinates' ? 'coordinates' : 'address';
    const key = `${type}|${row.api_version}|${row.location}`;
    const [lng, lat] = row.location.split(',');
    const entry = byLocation.get(key) ?? {
      location: row.location,
      location_type: type,
      apiVersion: row.api_version,
      products: [],
      lookupLocation: type === 'coordinates' ? `${lat},${lng}` : row.location,
    };
    entry.products = [...new Set([...entry.products, ...row.products])];
    byLocation.set(key, entry);
  }
  return { results: [...byLocation.values()] };
}
