import {
  NOTICE_BLOCK_KEYS,
  NOTICE_BLOCKS,
  NOTICE_DEFAULT_TEXTS,
  NOTICE_TEMPLATES,
  type NoticeBlock,
  type NoticeTemplate,
  type NoticeTextsResponse,
  type NoticeTextsUpdate,
} from '@zview/contracts';
import type { Db } from '../../db/database.js';
import { listNoticeTexts, saveNoticeTexts } from '../../db/notice-texts.js';

/** The blocks a template prints for an organisation: its edits over the template's wording. */
export async function noticeTextsOf(
  db: Db,
  organizationId: number,
  template: NoticeTemplate,
): Promise<Record<NoticeBlock, string>> {
  const edited = await listNoticeTexts(db, organizationId, template);
  const texts = { ...NOTICE_DEFAULT_TEXTS[template] };
  for (const row of edited) if (row.block in texts) texts[row.block as NoticeBlock] = row.body;
  return texts;
}

/** Every template's blocks as the organisation's notices print them (the settings screen). */
export async function listOrganizationNoticeTexts(db: Db, organizationId: number): Promise<NoticeTextsResponse> {
  const rows = await listNoticeTexts(db, organizationId);
  const edited = new Map(rows.map((r) => [`${r.template}|${r.block}`, r.body]));
  return {
    templates: NOTICE_TEMPLATES.map((template) => ({
      template,
      blocks: NOTICE_BLOCK_KEYS.map((block) => {
        const own = edited.get(`${template}|${block}`);
        const defaultBody = NOTICE_DEFAULT_TEXTS[template][block];
        return { block, title: NOTICE_BLOCKS[block], body: own ?? defaultBody, defaultBody, edited: own !== undefined };
      }),
    })),
  };
}

/** Replaces (or, with null, resets) blocks of one template for the organisation; answers every template. */
export async function updateOrganizationNoticeTexts(
  db: Db,
  organizationId: number,
  update: NoticeTextsUpdate,
): Promise<NoticeTextsResponse> {
  const blocks = Object.fromEntries(Object.entries(update.blocks).filter(([, v]) => v !== undefined)) as Record<
    string,
    string | null
  >;
  await saveNoticeTexts(db, organizationId, update.template, blocks);
  return listOrganizationNoticeTexts(db, organizationId);
}
