import { type ZorroFilters, type ZorroSearchQuery } from '@zview/contracts';
import { sql } from 'kysely';
import type { Db } from '../../src/db/database.js';
import { bestPages, filingSummaries, type FilingSummaryRow, type HitRow } from '../../src/db/zorro.js';
import {
  and,
  basePredicates,
  facetPredicates,
  filterClause,
  hasTerms,
  namesFor,
  SORT_COLUMNS,
  tsquery,
  withTextPlan,
  type FacetName,
  type Fragment,
  type TextQuery,
} from '../../src/db/zorro-words.js';

/**
 * The SQL reference of the finder's search and facets (issue 18, #44 item 7): the in-memory search
 * (facet columns, ranked index) is tested against these answers; the product never runs them.
 */
/** Searches filings: the page of results, the total, and for each result its best page with the passage highlighted. */
export async function searchFilings(
  db: Db,
  query: ZorroSearchQuery,
  text: TextQuery | null,
): Promise<{ total: number; rows: FilingSummaryRow[]; hits: HitRow[] }> {
  const { where, searchable } = await filterClause(db, query, text);
  const dir = sql.raw(query.dir === 'asc' ? 'ASC' : 'DESC');
  const order =
    query.sort === 'relevance'
      ? searchable
        ? sql`ts_rank(f.search_head, ${tsquery(text!)}) DESC, f.submitted_on DESC, f.id`
        : sql`f.submitted_on DESC, f.id`
      : sql`${sql.raw(SORT_COLUMNS[query.sort])} ${dir} NULLS LAST, f.id`;
  const offset = (query.page - 1) * query.pageSize;
  // The page's ids and the total first (a narrow window), then their columns.
  const page = await withTextPlan(
    db,
    searchable,
    async (q) =>
      (
        await sql<{ id: number; total: number }>`
      SELECT f.id, count(*) OVER () AS total FROM zorro_filings f WHERE ${where}
      ORDER BY ${order} LIMIT ${query.pageSize} OFFSET ${offset}`.execute(q)
      ).rows,
  );
  let total = page[0]?.total ?? 0;
  if (!page.length && offset > 0) {
    const counted = await withTextPlan(db, searchable, (q) =>
      sql<{ n: number }>`SELECT count(*)::int AS n FROM zorro_filings f WHERE ${where}`.execute(q),
    );
    total = counted.rows[0]?.n ?? 0;
  }
  const byId = new Map(
    (
      await filingSummaries(
        db,
        page.map((p) => p.id),
      )
    ).map((r) => [r.id, r]),
  );
  const rows = page.map((p) => byId.get(p.id)!).filter(Boolean);
  const hits =
    searchable && rows.length
      ? await bestPages(
          db,
          rows.map((r) => r.id),
          text!,
          1,
        )
      : [];
  return { total, rows, hits };
}

/**
 * Facet counts for the current query. Each facet counts under every other filter but its own
 * (so a chosen state still shows the other states' counts); one scan of the matching filings.
 * The finder's facets are counted in memory (domain/zorro/facet-count.ts, the same rules, faster);
 * this SQL form is the reference its tests compare with.
 */
export async function facetCounts(
  db: Db,
  f: ZorroFilters,
  text: TextQuery | null,
): Promise<{
  total: number;
  facets: Record<FacetName, { value: string; count: number }[]>;
  submitted: { min: string | null; max: string | null };
  rateChange: { min: number | null; max: number | null };
}> {
  const [searchable, matched] = await Promise.all([hasTerms(db, text), namesFor(db, text, f)]);
  const base = and(basePredicates(f, text, searchable, matched));
  const preds = facetPredicates(f);
  const names = Object.keys(preds) as FacetName[];
  const flag = (name: FacetName) => sql.raw(`p_${name}`);
  const flags = sql.join(names.map((name) => sql`${preds[name] ?? sql`true`} AS ${flag(name)}`));
  const others = (name: FacetName) => and(names.filter((n) => n !== name).map((n) => sql`${flag(n)}`));
  const all = and(names.map((n) => sql`${flag(n)}`));
  const value: Record<FacetName, Fragment> = {
    state: sql`state`,
    line: sql`line`,
    type: sql`filing_type`,
    status: sql`status`,
    model: sql`unnest(models)`,
    category: sql`unnest(categories)`,
    group: sql`naic_group`,
  };
  const { rows } = await withTextPlan(db, searchable, (q) =>
    sql<{ facet: string; value: string | null; count: number }>`
    WITH m AS MATERIALIZED (
      SELECT f.state, f.line, f.filing_type, f.status, f.models, f.categories, f.naic_group, f.submitted_on, f.overall_change, ${flags}
      FROM zorro_filings f WHERE ${base}
    )
    ${sql.join(
      names.map(
        (name) =>
          sql`SELECT ${name} AS facet, v AS value, count(*)::int AS count FROM (SELECT ${value[name]} AS v FROM m WHERE ${others(name)}) x GROUP BY v`,
      ),
      sql` UNION ALL `,
    )}
    UNION ALL SELECT 'total', to_char(min(submitted_on), 'YYYY-MM-DD') || '|' || to_char(max(submitted_on), 'YYYY-MM-DD') || '|' || coalesce(min(overall_change)::text, '') || '|' || coalesce(max(overall_change)::text, ''), count(*)::int FROM m WHERE ${all}
  `.execute(q),
  );
  const facets = Object.fromEntries(names.map((n) => [n, [] as { value: string; count: number }[]])) as Record<
    FacetName,
    { value: string; count: number }[]
  >;
  let total = 0;
  let submitted = { min: null as string | null, max: null as string | null };
  let rateChange = { min: null as number | null, max: null as number | null };
  for (const row of rows) {
    if (row.facet === 'total') {
      total = row.count;
      const [min, max, rmin, rmax] = (row.value ?? '|||').split('|');
      submitted = { min: min || null, max: max || null };
      rateChange = { min: rmin ? Number(rmin) : null, max: rmax ? Number(rmax) : null };
    } else if (row.value !== null) facets[row.facet as FacetName].push({ value: row.value, count: row.count });
  }
  for (const list of Object.values(facets)) list.sort((a, b) => b.count - a.count || a.value.localeCompare(b.value));
  return { total, facets, submitted, rateChange };
}

/** The explorer's figures, counts and the export's order as SQL (the in-memory matches.ts is tested against them). */
interface FiguresRow {
  count: number;
  rateChangeCount: number;
  medianRateChange: number | null;
  averageRateChange: number | null;
  minRateChange: number | null;
  maxRateChange: number | null;
  firstSubmitted: string | null;
  lastSubmitted: string | null;
}

/** Counts, rate-change statistics and the date range of the filings matching the filters (SQL, never guessed). */
export async function filingFigures(db: Db, f: ZorroFilters, text: TextQuery | null): Promise<FiguresRow> {
  const { where, searchable } = await filterClause(db, f, text);
  const { rows } = await withTextPlan(db, searchable, (q) =>
    sql<FiguresRow>`
    SELECT count(*)::int AS count, count(f.overall_change)::int AS "rateChangeCount",
      round((percentile_cont(0.5) WITHIN GROUP (ORDER BY f.overall_change))::numeric, 2) AS "medianRateChange",
      round(avg(f.overall_change), 2) AS "averageRateChange",
      min(f.overall_change) AS "minRateChange", max(f.overall_change) AS "maxRateChange",
      to_char(min(f.submitted_on), 'YYYY-MM-DD') AS "firstSubmitted", to_char(max(f.submitted_on), 'YYYY-MM-DD') AS "lastSubmitted"
    FROM zorro_filings f WHERE ${where}`.execute(q),
  );
  return rows[0]!;
}

export async function countFilings(db: Db, f: ZorroFilters, text: TextQuery | null): Promise<number> {
  const { where, searchable } = await filterClause(db, f, text);
  const { rows } = await withTextPlan(db, searchable, (q) =>
    sql<{ n: number }>`SELECT count(*)::int AS n FROM zorro_filings f WHERE ${where}`.execute(q),
  );
  return rows[0]?.n ?? 0;
}

/**
 * The ids of every filing matching the filters, in the grid's order (an export): ids only, so even
 * the whole corpus is a small array; the rows are then read a page at a time.
 */
export async function orderedFilingIds(
  db: Db,
  f: ZorroFilters,
  text: TextQuery | null,
  sort: ZorroSearchQuery['sort'],
  direction: 'asc' | 'desc',
): Promise<number[]> {
  const { where, searchable } = await filterClause(db, f, text);
  const dir = sql.raw(direction === 'asc' ? 'ASC' : 'DESC');
  const order =
    sort === 'relevance'
      ? searchable
        ? sql`ts_rank(f.search_head, ${tsquery(text!)}) DESC, f.submitted_on DESC, f.id`
        : sql`f.submitted_on DESC, f.id`
      : sql`${sql.raw(SORT_COLUMNS[sort])} ${dir} NULLS LAST, f.id`;
  const { rows } = await withTextPlan(db, searchable, (q) =>
    sql<{ id: number }>`SELECT f.id FROM zorro_filings f WHERE ${where} ORDER BY ${order}`.execute(q),
  );
  return rows.map((r) => r.id);
}
