import { sql } from 'kysely';
import type { Db } from './database.js';
import { containsPattern } from './portfolios.js';

/**
 * Read-only queries of the portfolio review screens: one run's results, the rows that failed,
 * the raw rows, search within a portfolio and one row's history. Callers pass a portfolio id
 * they have already found inside the acting organisation.
 */
export interface Paging {
  limit: number;
  offset: number;
}

const ADDRESS_COLUMNS = ['w.address', 'w.street', 'w.city', 'w.state', 'w.zip'] as const;

/**
 * A result's (or score index row's) top factors as one array, `top_factors`, from its names and
 * contributions or from its jsonb (migration 0930); `alias` is the table's alias in the query.
 */
export function topFactorsOf(alias?: string) {
  const column = (name: string) => sql.ref(alias ? `${alias}.${name}` : name);
  return sql<
    { name: string; contribution: number }[]
  >`zview_top_factors(${column('top_factors')}, ${column('top_factor_names')}, ${column('top_factor_contributions')})`.as(
    'top_factors',
  );
}

export type ResultSort = 'rowNumber' | 'ref' | 'score' | 'riskLevel' | 'confidence';

/** One page of a run's scored results with their rows, and the number matching. */
export async function resultsPage(
  db: Db,
  portfolioId: number,
  runId: number,
  filter: { riskLevels: string[]; sort: ResultSort; order: 'asc' | 'desc' },
  page: Paging,
) {
  let base = db
    .selectFrom('portfolio_results as r')
    .innerJoin('portfolio_rows as w', (join) =>
      join.on('w.portfolio_id', '=', portfolioId).onRef('w.row_number', '=', 'r.row_number'),
    )
    .where('r.run_id', '=', runId)
    .where('r.problem', 'is', null);
  if (filter.riskLevels.length) base = base.where('r.risk_level', 'in', filter.riskLevels as never[]);
  const { total } = await base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
  const sortColumn = {
    rowNumber: 'r.row_number',
    ref: 'w.ref',
    score: 'r.score',
    riskLevel: sql`array_position(ARRAY['low','medium','high','none'], r.risk_level)`,
    confidence: 'r.confidence',
  }[filter.sort];
  const rows = await base
    .select([
      'r.row_number',
      'w.ref',
      ...ADDRESS_COLUMNS,
      'w.geo_latitude',
      'w.geo_longitude',
      'w.geo_precision',
      'r.score',
      'r.risk_level',
      'r.confidence',
      topFactorsOf('r'),
      'r.model_version',
    ])
    .orderBy(sortColumn as never, filter.order)
    .orderBy('r.row_number')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
  return { total: Number(total), rows };
}
export type ResultRow = Awaited<ReturnType<typeof resultsPage>>['rows'][number];

/** One page of the rows that could not be scored: a run's failed results, or before any run the rows already known to be unusable. */
export async function errorsPage(db: Db, portfolioId: number, runId: number | null, page: Paging) {
  const base = runId
    ? db
        .selectFrom('portfolio_results as r')
        .innerJoin('portfolio_rows as w', (join) =>
          join.on('w.portfolio_id', '=', portfolioId).onRef('w.row_number', '=', 'r.row_number'),
        )
        .where('r.run_id', '=', runId)
        .where('r.problem', 'is not', null)
        // Never null: the rows are filtered on it (typed so, for the declared response).
        .select(['w.row_number', 'w.ref', ...ADDRESS_COLUMNS, sql<string>`r.problem`.as('reason')])
    : db
        .selectFrom('portfolio_rows as w')
        .where('w.portfolio_id', '=', portfolioId)
        .where((eb) => eb.or([eb('w.problem', 'is not', null), eb('w.geo_problem', 'is not', null)]))
        .select([
          'w.row_number',
          'w.ref',
          ...ADDRESS_COLUMNS,
          sql<string>`coalesce(w.problem, w.geo_problem)`.as('reason'),
        ]);
  const { total } = await db
    .selectFrom(base.as('e'))
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .executeTakeFirstOrThrow();
  const rows = await db
    .selectFrom(base.as('e'))
    .selectAll()
    .orderBy('row_number')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
  return { total: Number(total), rows };
}
export type ErrorRow = Awaited<ReturnType<typeof errorsPage>>['rows'][number];

/** Rows whose reference or address contains the text (case-insensitive). */
export function searchRows(db: Db, portfolioId: number, text: string, limit: number) {
  const pattern = containsPattern(text.toLowerCase());
  return db
    .selectFrom('portfolio_rows')
    .select(['row_number', 'ref', 'address', 'street', 'city', 'state', 'zip'])
    .where('portfolio_id', '=', portfolioId)
    .where((eb) =>
      eb.or([
        eb(eb.fn('lower', ['ref']), 'like', pattern),
        eb(eb.fn('lower', [sql`concat_ws(' ', address, street, city, state, zip)`]), 'like', pattern),
      ]),
    )
    .orderBy('row_number')
    .limit(limit)
    .execute();
}

export function rawRowsPage(db: Db, portfolioId: number, page: Paging) {
  return db
    .selectFrom('portfolio_rows')
    .select(['row_number', 'raw_values', 'csv_line'])
    .where('portfolio_id', '=', portfolioId)
    .orderBy('row_number')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
}

export function findRow(db: Db, portfolioId: number, rowNumber: number) {
  return db
    .selectFrom('portfolio_rows')
    .selectAll()
    .where('portfolio_id', '=', portfolioId)
    .where('row_number', '=', rowNumber)
    .executeTakeFirst();
}

/** A row's result in every run of one product, newest first. */
export function rowHistory(db: Db, portfolioId: number, product: string, rowNumber: number) {
  return db
    .selectFrom('portfolio_results as r')
    .innerJoin('portfolio_runs as run', 'run.id', 'r.run_id')
    .select([
      'r.run_id',
      'r.score',
      'r.risk_level',
      'r.confidence',
      topFactorsOf('r'),
      'r.model_version',
      'r.problem',
      'run.data_date',
      'run.created_at',
    ])
    .where('run.portfolio_id', '=', portfolioId)
    .where('run.product', '=', product)
    .where('r.row_number', '=', rowNumber)
    .orderBy('r.run_id', 'desc')
    .execute();
}
export type RowHistoryEntry = Awaited<ReturnType<typeof rowHistory>>[number];
