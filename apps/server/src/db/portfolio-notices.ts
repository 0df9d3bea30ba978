import { sql } from 'kysely';
import type { Db } from './database.js';
import { placedProperty, placementContext } from './portfolio-placement.js';

/**
 * The asked rows of a portfolio with the property each is placed on (as a run places it; null
 * when none) and its reference and address, in row order. Rows the portfolio lacks are absent.
 */
export async function rowsWithProperties(db: Db, portfolioId: number, rowNumbers: readonly number[]) {
  const { rows } = await sql<{
    row_number: number;
    ref: string | null;
    address: string | null;
    property_id: string | null;
  }>`
    SELECT r.row_number, r.ref, r.address, ${placedProperty} AS property_id
    FROM portfolio_rows r CROSS JOIN ${placementContext(portfolioId)} t
    WHERE r.portfolio_id = ${portfolioId} AND r.row_number = ANY(${[...rowNumbers]}::int[])
    ORDER BY r.row_number`.execute(db);
  return rows;
}
