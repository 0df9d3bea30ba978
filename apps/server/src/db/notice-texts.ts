import type { Db } from './database.js';

/** SQL of an organisation's edited score-notice text blocks (table of migration 1200). */
export type NoticeTemplateColumn = 'CO' | 'CA' | 'default';

export async function listNoticeTexts(db: Db, organizationId: number, template?: NoticeTemplateColumn) {
  let query = db
    .selectFrom('notice_texts')
    .select(['template', 'block', 'body'])
    .where('organization_id', '=', organizationId);
  if (template) query = query.where('template', '=', template);
  return query.execute();
}

/** Stores the blocks given a text and removes those given null (back to the template's wording), in one transaction. */
export async function saveNoticeTexts(
  db: Db,
  organizationId: number,
  template: NoticeTemplateColumn,
  blocks: Record<string, string | null>,
): Promise<void> {
  const entries = Object.entries(blocks);
  const cleared = entries.filter(([, body]) => body === null).map(([block]) => block);
  const written = entries.filter((e): e is [string, string] => e[1] !== null);
  await db.transaction().execute(async (trx) => {
    if (cleared.length)
      await trx
        .deleteFrom('notice_texts')
        .where('organization_id', '=', organizationId)
        .where('template', '=', template)
        .where('block', 'in', cleared)
        .execute();
    if (written.length)
      await trx
        .insertInto('notice_texts')
        .values(written.map(([block, body]) => ({ organization_id: organizationId, template, block, body })))
        .onConflict((oc) =>
          oc.columns(['organization_id', 'template', 'block']).doUpdateSet((eb) => ({
            body: eb.ref('excluded.body'),
            updated_at: new Date(),
          })),
        )
        .execute();
  });
}
