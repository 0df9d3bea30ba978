import { sql, type Selectable } from 'kysely';
import type { Db } from './database.js';
import type { AgreementsTable } from './schema.js';

/** Agreements (migration 0500), written from a customer's products tab; billing reads the table itself. */
export type AgreementRow = Selectable<AgreementsTable>;

export async function listAgreements(db: Db, organizationId: number): Promise<AgreementRow[]> {
  return db.selectFrom('agreements').selectAll().where('organization_id', '=', organizationId).execute();
}

export async function upsertAgreement(
  db: Db,
  organizationId: number,
  product: string,
  values: {
    contract_start: string;
    contract_end: string | null;
    committed_annual_volume: number;
    bill_reruns: boolean;
  },
): Promise<void> {
  await db
    .insertInto('agreements')
    .values({ organization_id: organizationId, product, ...values })
    .onConflict((oc) =>
      oc.columns(['organization_id', 'product']).doUpdateSet({ ...values, updated_at: sql<Date>`now()` }),
    )
    .execute();
}

export async function deleteAgreement(db: Db, organizationId: number, product: string): Promise<void> {
  await db
    .deleteFrom('agreements')
    .where('organization_id', '=', organizationId)
    .where('product', '=', product)
    .execute();
}
