import { type Kysely, sql } from 'kysely';

/**
 * Agreements: what an organisation bought of a product. Billing reads them (contract years run
 * from contract_start; usage beyond committed_annual_volume is non-committed usage); staff
 * administration edits them. `bill_reruns`: whether a portfolio rerun bills its rows again.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE agreements (
      id serial PRIMARY KEY,
      organization_id integer NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
      product text NOT NULL,
      contract_start date NOT NULL,
      contract_end date,
      committed_annual_volume bigint NOT NULL CHECK (committed_annual_volume >= 0),
      bill_reruns boolean NOT NULL DEFAULT false,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (organization_id, product),
      CHECK (contract_end IS NULL OR contract_end > contract_start)
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE agreements`.execute(db);
}
