import { PRODUCT_DISPLAY_NAMES, type ProductKey } from '@zview/contracts';
import type { Db } from '../../db/database.js';
import {
  appealEventsAfter,
  ingestsFailedAfter,
  readCursor,
  runsFinishedAfter,
  writeCursor,
} from '../../db/notification-watch.js';
import { notify } from './notify.js';

/**
 * Portfolio READY / failed and appeal status changes on the same channels as alerts (issue 41):
 * read from the tables those areas write, after a cursor, so their code needs no hook. The user
 * who asked is told in-app and by digest; the organisation's endpoints get the event.
 */
export async function notifyPortfolioAndAppealEvents(db: Db): Promise<number> {
  let sent = 0;
  for (const run of await runsFinishedAfter(db, await readCursor(db, 'portfolio_runs'))) {
    const rows = run.row_count?.toLocaleString('en-US') ?? '0';
    await notify(db, {
      organizationId: run.organization_id,
      kind: 'portfolio.ready',
      // The product as the bell's readers know it (Z-HAIL), not its key (zhail).
      title: `${run.name} is ready (${PRODUCT_DISPLAY_NAMES[run.product as ProductKey] ?? run.product})`,
      body: `${rows} rows scored${run.changed_count !== null ? `, ${run.changed_count.toLocaleString('en-US')} changed since the previous run` : ''}.`,
      link: `/zportfolio/results?id=${run.portfolio_id}&product=${run.product}`,
      to: { userIds: [run.requested_by] },
      data: { portfolioId: run.portfolio_id, product: run.product, runId: run.run_id },
      webhook: {
        eventType: 'portfolio.ready',
        lane: `portfolio:${run.portfolio_id}`,
        data: { portfolioId: run.portfolio_id, product: run.product, runId: run.run_id, rows: run.row_count },
      },
    });
    await writeCursor(db, 'portfolio_runs', Number(run.at_us));
    sent += 1;
  }
  for (const p of await ingestsFailedAfter(db, await readCursor(db, 'portfolio_failures'))) {
    await notify(db, {
      organizationId: p.organization_id,
      kind: 'portfolio.failed',
      title: `${p.name} could not be processed`,
      body: p.processing_error,
      link: `/zportfolio`,
      to: { userIds: [p.created_by] },
      data: { portfolioId: p.id },
      webhook: {
        eventType: 'portfolio.failed',
        lane: `portfolio:${p.id}`,
        data: { portfolioId: p.id, error: p.processing_error },
      },
    });
    await writeCursor(db, 'portfolio_failures', Number(p.at_us));
    sent += 1;
  }
  for (const e of await appealEventsAfter(db, await readCursor(db, 'appeal_events'))) {
    const author = e.created_by && e.created_by !== e.actor_id ? [e.created_by] : [];
    await notify(db, {
      organizationId: e.organization_id,
      kind: 'appeal.status',
      title: `Appeal ${e.appeal_id} is now ${e.to_status.replaceAll('_', ' ')}`,
      body: `${e.product} of property ${e.property_id}.`,
      link: `/scores?propertyId=${encodeURIComponent(e.property_id)}`,
      to: { userIds: author },
      data: { appealId: e.appeal_id, status: e.to_status },
      webhook: {
        eventType: 'appeal.status_changed',
        lane: `appeal:${e.appeal_id}`,
        data: { appealId: e.appeal_id, propertyId: e.property_id, product: e.product, status: e.to_status },
      },
    });
    await writeCursor(db, 'appeal_events', Number(e.id));
    sent += 1;
  }
  return sent;
}
