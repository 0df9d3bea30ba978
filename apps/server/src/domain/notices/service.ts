import { noticeTemplateOf, propertyReportFileName, scoreNoticeFileName, type StandardProduct } from '@zview/contracts';
import type { Actor } from '../../auth/actor.js';
import { authorize } from '../../auth/policy.js';
import type { Db } from '../../db/database.js';
import { timerDaysFor } from '../appeals/timer-days.js';
import { organizationView } from '../mitigation/what-if-service.js';
import { scoreProduct } from '../risk/index.js';
import { whatIf } from '../risk/what-if.js';
import { buildNoticeContent, type NoticeContent } from './content.js';
import { renderOffLoop } from '../off-loop/pool.js';
import { reportContent } from './report-content.js';
import { noticeTextsOf } from './texts.js';

/**
 * The score notice of one product of one property as the organisation acted for sees it (its
 * published appeals and mitigations applied, its timer days for the property's state, its text
 * blocks of the state's template). 403 when the product is not enabled, 404 when no property.
 */
export async function noticeContent(
  db: Db,
  actor: Actor,
  propertyId: string,
  product: StandardProduct,
  now = new Date(),
): Promise<NoticeContent> {
  authorize(actor, 'product:use', { product });
  const organizationId = actor.organization.id;
  const view = await organizationView(db, organizationId, propertyId);
  const [deadlines, texts] = await Promise.all([
    timerDaysFor(db, organizationId, view.state),
    noticeTextsOf(db, organizationId, noticeTemplateOf(view.state)),
  ]);
  const result = scoreProduct(product, view.features, view.hazard, view.asOf);
  return buildNoticeContent({
    organizationName: actor.organization.name,
    issuedAt: now,
    propertyId,
    address: view.address,
    state: view.state,
    product,
    result,
    whatIf: whatIf(product, view.features, view.hazard, view.asOf, result),
    amendedAt: view.amendedAt[product],
    deadlines,
    texts,
  });
}

/** The notice as a PDF stream (a few pages of text), laid out on a render thread (domain/off-loop), not the API's. */
export async function noticePdf(db: Db, actor: Actor, propertyId: string, product: StandardProduct) {
  const now = new Date();
  const content = await noticeContent(db, actor, propertyId, product, now);
  return {
    // Named as the web saves it: product, address and day (SPEC §9 file-name helper), ASCII only.
    fileName: scoreNoticeFileName(product, content.address, now),
    stream: renderOffLoop({ kind: 'notice-pdf', content }),
  };
}

/**
 * The property report as a PDF stream, laid out on a render thread. `orthoImage` renders the newest orthophoto of the
 * property (the imagery service, off the event loop in sharp's threads) as JPEG, or null.
 */
export async function reportPdf(
  db: Db,
  actor: Actor,
  propertyId: string,
  orthoImage: (captureId: string, propertyId: string) => Promise<Buffer | null>,
) {
  const now = new Date();
  const content = await reportContent(db, actor, propertyId, now);
  const ortho = content.map.captureId ? await orthoImage(content.map.captureId, propertyId) : null;
  return {
    // Named as the web saves it: address and day (SPEC §9 file-name helper), ASCII only.
    fileName: propertyReportFileName(content.address, now),
    stream: renderOffLoop({ kind: 'report-pdf', content, ortho }),
  };
}
