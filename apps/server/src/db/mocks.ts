import { sql } from 'kysely';
import type { Db } from './database.js';

/** Mock responses and mock cases (migration 0550). */
export interface MockResponseRow {
  id: number;
  name: string;
  payload: unknown;
  created_at: Date;
  updated_at: Date;
  case_count: number;
}

const caseCount = sql<number>`(SELECT count(*)::int FROM mock_cases c WHERE c.mock_response_id = r.id)`;

export async function listMockResponses(db: Db): Promise<Omit<MockResponseRow, 'payload'>[]> {
  return db
    .selectFrom('mock_responses as r')
    .select(['r.id', 'r.name', 'r.created_at', 'r.updated_at', caseCount.as('case_count')])
    .orderBy('r.name')
    .limit(5000)
    .execute();
}

export async function findMockResponse(db: Db, id: number): Promise<MockResponseRow | undefined> {
  return db
    .selectFrom('mock_responses as r')
    .select(['r.id', 'r.name', 'r.payload', 'r.created_at', 'r.updated_at', caseCount.as('case_count')])
    .where('r.id', '=', id)
    .executeTakeFirst();
}

export async function mockResponseNameTaken(db: Db, name: string, exceptId?: number): Promise<boolean> {
  let query = db.selectFrom('mock_responses').select('id').where('name', '=', name);
  if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}

export async function insertMockResponse(
  db: Db,
  values: { name: string; payload: unknown; createdBy: string },
): Promise<number> {
  const row = await db
    .insertInto('mock_responses')
    .values({ name: values.name, payload: JSON.stringify(values.payload), created_by: values.createdBy })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateMockResponseRow(
  db: Db,
  id: number,
  values: { name: string; payload: unknown },
): Promise<void> {
  await db
    .updateTable('mock_responses')
    .set({ name: values.name, payload: JSON.stringify(values.payload), updated_at: sql<Date>`now()` })
    .where('id', '=', id)
    .execute();
}

export async function deleteMockResponseRow(db: Db, id: number): Promise<boolean> {
  const result = await db.deleteFrom('mock_responses').where('id', '=', id).executeTakeFirst();
  return result.numDeletedRows > 0n;
}

export interface MockCaseRow {
  location: string;
  location_type: 'address' | 'coordinates' | 'portfolio';
  api_version: string;
  mock_response_id: number;
  products: string[];
  mock_response_name: string;
}

/** A case's columns with its response's name (mock_cases as c joined to mock_responses as r). */
const CASE_COLUMNS = [
  'c.location',
  'c.location_type',
  'c.api_version',
  'c.mock_response_id',
  'c.products',
  'r.name as mock_response_name',
] as const;

export async function listMockCases(db: Db): Promise<MockCaseRow[]> {
  return db
    .selectFrom('mock_cases as c')
    .innerJoin('mock_responses as r', 'r.id', 'c.mock_response_id')
    .select(CASE_COLUMNS)
    .orderBy('c.location')
    .orderBy('c.id')
    .limit(10_000)
    .execute();
}

export interface MockCaseKey {
  location: string;
  location_type: 'address' | 'coordinates';
  api_version: string;
  mock_response_id: number;
  products: string[];
}

/** False when the same case exists already. */
export async function insertMockCase(db: Db, key: MockCaseKey): Promise<boolean> {
  const row = await db
    .insertInto('mock_cases')
    .values(key)
    .onConflict((oc) => oc.doNothing())
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

export async function deleteMockCaseRow(db: Db, key: MockCaseKey): Promise<boolean> {
  const result = await db
    .deleteFrom('mock_cases')
    .where('location', '=', key.location)
    .where('location_type', '=', key.location_type)
    .where('api_version', '=', key.api_version)
    .where('mock_response_id', '=', key.mock_response_id)
    .where(sql<boolean>`products = ${sql.val(key.products)}::text[]`)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/** Every case with its response's payload: what lookups are matched against (few rows; cached in memory). */
export async function loadMockCasesWithPayloads(db: Db): Promise<(MockCaseRow & { payload: unknown })[]> {
  return db
    .selectFrom('mock_cases as c')
    .innerJoin('mock_responses as r', 'r.id', 'c.mock_response_id')
    .select([...CASE_COLUMNS, 'r.payload'])
    .orderBy('c.id')
    .limit(10_000)
    .execute();
}
