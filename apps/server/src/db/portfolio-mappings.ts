import type { Db } from './database.js';

/** An organisation's saved column mappings (migration 1300). Every query is scoped to the organisation. */
const columns = ['id', 'name', 'header', 'fields', 'created_at'] as const;

export function listMappings(db: Db, organizationId: number) {
  return db
    .selectFrom('portfolio_column_mappings')
    .select(columns)
    .where('organization_id', '=', organizationId)
    .orderBy('name')
    .execute();
}

export function findMapping(db: Db, organizationId: number, id: number) {
  return db
    .selectFrom('portfolio_column_mappings')
    .select(columns)
    .where('organization_id', '=', organizationId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/** The newest mapping saved for files with this header key. */
export function findMappingForHeader(db: Db, organizationId: number, headerKey: string) {
  return db
    .selectFrom('portfolio_column_mappings')
    .select(columns)
    .where('organization_id', '=', organizationId)
    .where('header_key', '=', headerKey)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** Saves a mapping; one of the same name in the organisation is replaced. */
export function upsertMapping(
  db: Db,
  row: {
    organization_id: number;
    name: string;
    header: string[];
    header_key: string;
    fields: Record<string, string>;
    created_by: string;
  },
) {
  const values = { ...row, header: JSON.stringify(row.header), fields: JSON.stringify(row.fields) };
  return db
    .insertInto('portfolio_column_mappings')
    .values(values)
    .onConflict((oc) =>
      oc.columns(['organization_id', 'name']).doUpdateSet({
        header: values.header,
        header_key: values.header_key,
        fields: values.fields,
        created_by: values.created_by,
        created_at: new Date(),
      }),
    )
    .returning(columns)
    .executeTakeFirstOrThrow();
}

export async function deleteMapping(db: Db, organizationId: number, id: number): Promise<boolean> {
  const result = await db
    .deleteFrom('portfolio_column_mappings')
    .where('organization_id', '=', organizationId)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
