import { sql } from 'kysely';
import type { Db } from './database.js';

/**
 * The facets, sort keys and range fields of every filing, column by column (text as codes), in id
 * order: facet counts, totals and ordered pages are computed over these in memory (issue 18).
 */
export interface FacetColumns {
  /** Which database and corpus generation these columns hold. */
  key: string;
  size: number;
  /** Each row's filing id (ascending) and the row of each id. */
  id: Int32Array;
  rowOf: Map<number, number>;
  /** Each scalar facet: a value code per row and the value of each code. */
  state: Uint16Array;
  line: Uint16Array;
  type: Uint16Array;
  status: Uint16Array;
  group: Uint16Array;
  company: Uint16Array;
  values: Record<'state' | 'line' | 'type' | 'status' | 'group' | 'model' | 'category' | 'company', string[]>;
  /** Each code's place when the values are sorted by PostgreSQL (its collation, as ORDER BY sorts them). */
  order: Record<'state' | 'status' | 'company', Uint16Array>;
  /** Each list facet: row r's codes are codes[start[r]] … codes[start[r + 1] - 1]. */
  model: { start: Int32Array; codes: Uint16Array };
  category: { start: Int32Array; codes: Uint16Array };
  /** Dates as YYYYMMDD numbers (0 when absent); the rate change, NaN when absent. */
  submitted: Int32Array;
  effective: Int32Array;
  change: Float64Array;
}

interface Row {
  id: number;
  state: string;
  line: string;
  filing_type: string;
  status: string;
  naic_group: string;
  company: string;
  models: string[];
  categories: string[];
  submitted: number;
  effective: number | null;
  change: number | null;
}

function coder() {
  const codes = new Map<string, number>();
  const values: string[] = [];
  return {
    values,
    code(value: string): number {
      let code = codes.get(value);
      if (code === undefined) {
        code = values.length;
        codes.set(value, code);
        values.push(value);
      }
      return code;
    },
  };
}

function listColumn(rows: Row[], pick: (row: Row) => string[], code: (value: string) => number) {
  const start = new Int32Array(rows.length + 1);
  const codes: number[] = [];
  rows.forEach((row, r) => {
    for (const value of pick(row)) codes.push(code(value));
    start[r + 1] = codes.length;
  });
  return { start, codes: Uint16Array.from(codes) };
}

async function load(db: Db, key: string): Promise<FacetColumns> {
  const { rows } = await sql<Row>`
    SELECT id, state, line, filing_type, status, naic_group, company, models, categories,
      to_char(submitted_on, 'YYYYMMDD')::int AS submitted, to_char(effective_on, 'YYYYMMDD')::int AS effective,
      overall_change::float8 AS change
    FROM zorro_filings ORDER BY id`.execute(db);
  const coders = {
    state: coder(),
    line: coder(),
    type: coder(),
    status: coder(),
    group: coder(),
    model: coder(),
    category: coder(),
    company: coder(),
  };
  const scalar = (pick: (row: Row) => string, c: ReturnType<typeof coder>) =>
    Uint16Array.from(rows, (row) => c.code(pick(row)));
  const columns = {
    key,
    size: rows.length,
    id: Int32Array.from(rows, (row) => row.id),
    rowOf: new Map(rows.map((row, r) => [row.id, r])),
    state: scalar((r) => r.state, coders.state),
    line: scalar((r) => r.line, coders.line),
    type: scalar((r) => r.filing_type, coders.type),
    status: scalar((r) => r.status, coders.status),
    group: scalar((r) => r.naic_group, coders.group),
    company: scalar((r) => r.company, coders.company),
    model: listColumn(
      rows,
      (r) => r.models,
      (v) => coders.model.code(v),
    ),
    category: listColumn(
      rows,
      (r) => r.categories,
      (v) => coders.category.code(v),
    ),
    values: {
      state: coders.state.values,
      line: coders.line.values,
      type: coders.type.values,
      status: coders.status.values,
      group: coders.group.values,
      model: coders.model.values,
      category: coders.category.values,
      company: coders.company.values,
    },
    submitted: Int32Array.from(rows, (row) => row.submitted),
    effective: Int32Array.from(rows, (row) => row.effective ?? 0),
    change: Float64Array.from(rows, (row) => row.change ?? Number.NaN),
  };
  const order = async (values: string[]) => {
    const sorted = await sql<{ v: string }>`SELECT v FROM unnest(${values}::text[]) v ORDER BY v`.execute(db);
    const place = new Map(sorted.rows.map((row, i) => [row.v, i]));
    return Uint16Array.from(values, (v) => place.get(v)!);
  };
  return {
    ...columns,
    order: {
      state: await order(columns.values.state),
      status: await order(columns.values.status),
      company: await order(columns.values.company),
    },
  };
}

/** Loaded columns by key; only the newest couple are kept (a corpus change makes a new key). */
const loaded = new Map<string, Promise<FacetColumns>>();
let loads = 0;

/** How many loads this process has started (concurrent first requests share one; tests read it). */
export function facetColumnLoads(): number {
  return loads;
}

/**
 * The facet columns of the corpus `db` sees, read once per database and corpus generation (any
 * write to zorro_filings bumps the generation, migration 0770) and kept in this process: counting
 * facets over them is a loop over typed arrays instead of a scan and eight aggregates in SQL. Call
 * it in a REPEATABLE READ transaction (as the facet cache does) so the generation and the rows
 * read are the same snapshot.
 */
export function facetColumns(db: Db): Promise<FacetColumns> {
  // In one transaction (one snapshot) the corpus generation cannot change: asked once.
  if (!db.isTransaction) return columnsOf(db);
  let columns = inTransaction.get(db);
  if (!columns) {
    columns = columnsOf(db);
    inTransaction.set(db, columns);
  }
  return columns;
}
const inTransaction = new WeakMap<Db, Promise<FacetColumns>>();

/**
 * Runs `work` in one REPEATABLE READ snapshot (the generation, the columns and the words' matches
 * read together), or in the transaction `db` already is.
 */
export function inSnapshot<T>(db: Db, work: (trx: Db) => Promise<T>): Promise<T> {
  if (db.isTransaction) return work(db);
  return db
    .transaction()
    .setIsolationLevel('repeatable read')
    .execute((trx) => work(trx as unknown as Db));
}

async function columnsOf(db: Db): Promise<FacetColumns> {
  const { rows } = await sql<{ key: string }>`
    SELECT current_database() || ':' || coalesce(inet_server_port()::text, '') || ':' || generation AS key FROM zorro_corpus`.execute(
    db,
  );
  const key = rows[0]?.key ?? '';
  let columns = loaded.get(key);
  if (!columns) {
    // Set before any await: a request arriving while the columns load waits for the same load.
    loads++;
    columns = load(db, key);
    loaded.set(key, columns);
    columns.catch(() => loaded.delete(key));
    for (const old of loaded.keys()) if (loaded.size > 2 && old !== key) loaded.delete(old);
  }
  return columns;
}
