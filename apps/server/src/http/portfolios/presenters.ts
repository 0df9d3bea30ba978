import {
  FILE_STATUSES,
  fileStatusLabel,
  PORTFOLIO_PRODUCTS,
  PRODUCT_DISPLAY_NAMES,
  type FileStatus,
  type PortfolioProductStub,
} from '@zview/contracts';
import type { Selectable } from 'kysely';
import { displayAddress } from '../../db/portfolio-queries.js';
import type { PortfolioRowsTable } from '../../db/schema.js';
import type { ErrorRow, ResultRow, RowHistoryEntry } from '../../db/portfolio-review.js';
import type { JobRow } from '../../db/jobs.js';
import type { PortfolioProductRow, PortfolioRow, PortfolioSummaryRow } from '../../db/portfolios.js';
import type { listFilters, portfolioDetails, portfolioProperty } from '../../domain/portfolio/review.js';
import { originalValues } from '../../domain/portfolio/io/index.js';

/** Row → response shaping of the portfolio routes (the response shapes of packages/contracts portfolio.ts). */
type Progress = Map<number, { committed: number; total: number; percent: number }>;
const iso = (date: Date | null) => date?.toISOString() ?? null;
const progressOf = (progress: Progress, runId: number | null) => (runId ? (progress.get(runId) ?? null) : null);
const page = (q: { page: number; itemsPerPage: number }, total: number) => ({
  total,
  page: q.page,
  itemsPerPage: q.itemsPerPage,
});

export function presentStub(
  portfolio: Pick<PortfolioRow, 'id' | 'name' | 'organization_id' | 'created_at'>,
  product: { product: string; status: FileStatus },
): PortfolioProductStub {
  return {
    portfolioId: portfolio.id,
    name: portfolio.name,
    product: product.product,
    status: product.status,
    statusLabel: fileStatusLabel(product.status) ?? null,
    organizationId: portfolio.organization_id,
    createdAt: portfolio.created_at.toISOString(),
  };
}

export function presentList(
  list: { total: number; summaries: PortfolioSummaryRow[]; products: PortfolioProductRow[]; progress: Progress },
  q: { page: number; itemsPerPage: number },
) {
  return {
    portfolios: list.summaries.map((p) => ({
      id: p.id,
      name: p.name,
      description: p.description,
      portfolioType: p.portfolio_type,
      organizationId: p.organization_id,
      organizationName: p.organization_name,
      originalFileName: p.original_name,
      rowCount: p.row_count,
      createdAt: p.created_at.toISOString(),
      processingError: p.processing_error,
      products: list.products
        .filter((pp) => pp.portfolio_id === p.id)
        .map((pp) => ({
          product: pp.product,
          status: pp.status,
          statusLabel: fileStatusLabel(pp.status) ?? null,
          progress: progressOf(list.progress, pp.current_run_id),
        })),
    })),
    ...page(q, list.total),
  };
}

export function presentFilters({ sum, organizations }: Awaited<ReturnType<typeof listFilters>>) {
  return {
    filters: {
      product: PORTFOLIO_PRODUCTS.map((p) => ({
        value: p,
        display: PRODUCT_DISPLAY_NAMES[p],
        count: sum('product', p),
      })),
      status: FILE_STATUSES.filter((s) => s !== 'ARCHIVED').map((s) => ({
        value: s,
        display: fileStatusLabel(s)!,
        count: sum('status', s),
      })),
      organization: organizations.map((o) => ({ value: o.id, display: o.name })),
    },
  };
}

const NO_SUMMARY = { riskLevels: { low: 0, medium: 0, high: 0, none: 0 }, errorCount: 0 };

export function presentDetails({
  portfolio,
  products,
  runs,
  progress,
  summaries,
}: Awaited<ReturnType<typeof portfolioDetails>>) {
  return {
    id: portfolio.id,
    name: portfolio.name,
    description: portfolio.description,
    portfolioType: portfolio.portfolio_type,
    organizationId: portfolio.organization_id,
    rowCount: portfolio.row_count,
    columns: portfolio.header,
    layout: portfolio.column_mapping.layout,
    createdAt: portfolio.created_at.toISOString(),
    processingError: portfolio.processing_error,
    statusCounts: Object.fromEntries(FILE_STATUSES.map((s) => [s, products.filter((p) => p.status === s).length])),
    unusableRows: portfolio.geocode_counts.unusable ?? 0,
    geocodePrecision: portfolio.geocode_counts,
    products: products.map((p) => ({
      product: p.product,
      status: p.status,
      statusLabel: fileStatusLabel(p.status) ?? null,
      currentRunId: p.current_run_id,
      exportColumns: p.export_columns,
      exportedAt: iso(p.exported_at),
      progress: progressOf(progress, p.current_run_id),
      ...(summaries.get(p.product) ?? NO_SUMMARY),
      runs: runs
        .filter((r) => r.product === p.product)
        .map((r) => ({
          runId: r.id,
          modelVersion: r.model_version,
          dataDate: r.data_date,
          previousRunId: r.previous_run_id,
          changedCount: r.changed_count,
          startedAt: r.created_at.toISOString(),
          completedAt: iso(r.completed_at),
          suspended: r.suspended_at !== null,
          progress: progress.get(r.id) ?? null,
        })),
    })),
  };
}

export function presentResults(
  results: { product: string | null; total: number; rows: ResultRow[] },
  q: { page: number; itemsPerPage: number },
) {
  return {
    product: results.product,
    properties: results.rows.map((r) => ({
      rowNumber: r.row_number,
      ref: r.ref,
      address: displayAddress(r),
      latitude: r.geo_latitude,
      longitude: r.geo_longitude,
      geocodePrecision: r.geo_precision,
      score: r.score,
      riskLevel: r.risk_level,
      confidence: r.confidence,
      topFactors: r.top_factors,
      modelVersion: r.model_version,
    })),
    ...page(q, results.total),
  };
}

export function presentErrors(
  errors: { product: string | null; total: number; rows: ErrorRow[] },
  q: { page: number; itemsPerPage: number },
) {
  return {
    product: errors.product,
    errors: errors.rows.map((r) => ({
      rowNumber: r.row_number,
      ref: r.ref,
      address: displayAddress(r),
      reason: r.reason,
    })),
    ...page(q, errors.total),
  };
}

export function presentSuggestions(
  rows: Pick<Selectable<PortfolioRowsTable>, 'row_number' | 'ref' | 'address' | 'street' | 'city' | 'state' | 'zip'>[],
) {
  return { suggestions: rows.map((r) => ({ rowNumber: r.row_number, ref: r.ref, address: displayAddress(r) })) };
}

export function presentRaw(
  {
    portfolio,
    rows,
  }: { portfolio: PortfolioRow; rows: { row_number: number; raw_values: string[] | null; csv_line: string | null }[] },
  q: { page: number; itemsPerPage: number },
) {
  return {
    columns: portfolio.header,
    rows: rows.map((r) => ({ rowNumber: r.row_number, values: originalValues(r) })),
    ...page(q, portfolio.row_count ?? 0),
  };
}

const presentScore = (r: RowHistoryEntry) => ({
  runId: r.run_id,
  score: r.score,
  riskLevel: r.risk_level,
  confidence: r.confidence,
  topFactors: r.top_factors,
  modelVersion: r.model_version,
  dataDate: r.data_date,
  scoredAt: r.created_at.toISOString(),
  problem: r.problem,
});

export function presentProperty({ portfolio, product, row, history }: Awaited<ReturnType<typeof portfolioProperty>>) {
  const values = originalValues(row);
  const current = history.find((h) => h.run_id === product.current_run_id);
  return {
    portfolioId: portfolio.id,
    product: product.product,
    rowNumber: row.row_number,
    ref: row.ref,
    address: displayAddress(row),
    values: Object.fromEntries(portfolio.header.map((column, i) => [column, values[i] ?? ''])),
    geocode: {
      latitude: row.geo_latitude,
      longitude: row.geo_longitude,
      precision: row.geo_precision,
      problem: row.geo_problem,
    },
    problem: row.problem,
    result: current ? presentScore(current) : null,
    history: history.map(presentScore),
  };
}

export function presentJobs(jobs: { total: number; rows: JobRow[] }, q: { page: number; itemsPerPage: number }) {
  return {
    jobs: jobs.rows.map((r) => ({
      id: r.id,
      type: r.type,
      state: r.state as 'queued' | 'running' | 'suspended' | 'complete',
      portfolioId: r.portfolio_id,
      portfolioName: r.name,
      organizationId: r.organization_id,
      organizationName: r.organization_name,
      product: r.product,
      modelVersion: r.model_version,
      progress: { committed: Number(r.committed), total: Number(r.chunk_count) },
      createdAt: r.created_at.toISOString(),
      completedAt: iso(r.completed_at),
      suspendedAt: iso(r.suspended_at),
    })),
    ...page(q, jobs.total),
  };
}
