import { ERROR_CODES, type NoticeZipBody } from '@zview/contracts';
import { ZipArchive } from 'archiver';
import type { Actor } from '../../auth/actor.js';
import { authorize } from '../../auth/policy.js';
import type { Db } from '../../db/database.js';
import { rowsWithProperties } from '../../db/portfolio-notices.js';
import { AppError, badRequest } from '../app-error.js';
import { ownPortfolio } from '../portfolio/access.js';
import { renderOffLoop } from '../off-loop/pool.js';
import { noticeContent } from './service.js';

type Archive = ZipArchive;

/** Resolves when the archive took in its last appended entry, or ended (the client went away, or an error). */
function entryDone(archive: Archive): Promise<boolean> {
  return new Promise((resolve) => {
    const done = (ok: boolean) => () => {
      archive.off('entry', onEntry);
      archive.off('close', onEnd);
      archive.off('error', onEnd);
      resolve(ok);
    };
    const onEntry = done(true);
    const onEnd = done(false);
    archive.once('entry', onEntry);
    archive.once('close', onEnd);
    archive.once('error', onEnd);
  });
}

const safe = (text: string) => text.replace(/[^A-Za-z0-9_.-]+/g, '_').slice(0, 60);

/**
 * The score notices of selected rows of a portfolio as one ZIP, streamed (issue 42): every check
 * that can refuse the request runs first (404 foreign portfolio, 403 product, 400 rows it lacks
 * or none placed on a property), then one notice at a time is written into the archive, the next
 * only once the archive has taken the last (so a slow client holds at most one notice, never the
 * ZIP). Rows not placed on a property are listed in `skipped.txt` inside the ZIP.
 */
export async function noticesZip(db: Db, actor: Actor, portfolioId: number, body: NoticeZipBody) {
  const portfolio = await ownPortfolio(db, actor, portfolioId, 'portfolio:export');
  authorize(actor, 'product:use', { product: body.product });
  const rows = await rowsWithProperties(db, portfolio.id, body.rows);
  const found = new Set(rows.map((r) => r.row_number));
  const missing = body.rows.filter((n) => !found.has(n)).sort((a, b) => a - b);
  if (missing.length)
    throw badRequest(
      `This portfolio has no row ${missing.slice(0, 10).join(', ')}${missing.length > 10 ? ` (and ${missing.length - 10} more)` : ''}.`,
    );
  if (!rows.some((r) => r.property_id))
    throw badRequest('None of the selected rows is placed on a property, so there is no notice to make.');

  const archive = new ZipArchive({ zlib: { level: 6 } });
  const fill = async () => {
    const skipped: string[] = [];
    for (const row of rows) {
      if (archive.destroyed) return;
      const label = `row ${row.row_number}${row.ref ? ` (${row.ref})` : ''}${row.address ? `, ${row.address}` : ''}`;
      if (!row.property_id) {
        skipped.push(`${label}: not placed on a property`);
        continue;
      }
      let pdf;
      try {
        pdf = renderOffLoop({
          kind: 'notice-pdf',
          content: await noticeContent(db, actor, row.property_id, body.product),
        });
      } catch (error) {
        // A property gone from the world since the run: listed, not a broken ZIP.
        if (error instanceof AppError && error.code === ERROR_CODES.notFound) {
          skipped.push(`${label}: property ${row.property_id} no longer exists`);
          continue;
        }
        throw error;
      }
      const taken = entryDone(archive);
      archive.append(pdf, {
        name: `${String(row.row_number).padStart(6, '0')}_${safe(row.ref ?? row.property_id)}_${body.product}.pdf`,
      });
      if (!(await taken)) return;
    }
    if (skipped.length) archive.append(`${skipped.join('\n')}\n`, { name: 'skipped.txt' });
    await archive.finalize();
  };
  fill().catch((error: unknown) => {
    archive.abort();
    archive.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  return { fileName: `notices_${safe(portfolio.name)}_${body.product}.zip`, stream: archive };
}
