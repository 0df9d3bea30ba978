import { Readable } from 'node:stream';
import { sql } from 'kysely';
import type { Actor } from '../auth/actor.js';
import type { Db } from '../db/database.js';
import { setMonitoring } from '../domain/monitoring/books.js';
import { placeBookRows } from '../domain/monitoring/book-rows.js';
import { applyNextChange } from '../domain/monitoring/engine.js';
import { alertOnChanges, createAlertRule } from '../domain/notifications/alerts.js';
import { createPortfolio, uploadFile } from '../domain/portfolio/commands.js';
import type { PortfolioDeps } from '../domain/portfolio/services.js';
import { currentLog } from '../ops/logger.js';
import { recaptureArea } from '../world/recapture.js';

/**
 * The monitored demo book (issue 41): so a new user of `npm start` sees changes at once, the
 * worker makes "Monitored demo book" for Demo Mutual Insurance (admin@demo.test) once, from
 * properties of the sample world's largest neighbourhoods, waits for its runs, monitors it with
 * an alert rule, and re-images three neighbourhoods one, two and three months ago (their
 * changes recorded at those dates, a few months of history). Runs beside the worker, never
 * before it takes jobs; does nothing when the demo organisation or admin is absent.
 */
export const DEMO_BOOK = 'Monitored demo book';
const PRODUCTS = ['zfire', 'zhail'] as const;

const monthsAgo = (n: number) => {
  const d = new Date();
  d.setUTCMonth(d.getUTCMonth() - n);
  return d;
};

async function demoActor(db: Db): Promise<Actor | null> {
  const row = await db
    .selectFrom('organization_members as m')
    .innerJoin('organizations as o', 'o.id', 'm.organization_id')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select(['u.id as userId', 'u.email', 'u.first_name', 'u.last_name', 'o.id as orgId', 'o.name', 'o.products'])
    .where('o.name', '=', 'Demo Mutual Insurance')
    .where('u.email', '=', 'admin@demo.test')
    .executeTakeFirst();
  if (!row) return null;
  return {
    userId: row.userId,
    email: row.email,
    firstName: row.first_name,
    lastName: row.last_name,
    isInternalAdmin: false,
    externalGroups: [],
    isSso: false,
    organization: { id: row.orgId, name: row.name, products: row.products, isTrial: false },
    orgRole: 'admin',
  };
}

async function waitReady(db: Db, portfolioId: number, timeoutMs: number): Promise<boolean> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    const rows = await db
      .selectFrom('portfolio_products')
      .select('status')
      .where('portfolio_id', '=', portfolioId)
      .execute();
    if (rows.length && rows.every((r) => r.status === 'READY' || r.status === 'PROCESSED')) return true;
    await new Promise((r) => setTimeout(r, 2_000));
  }
  return false;
}

export async function seedMonitoredDemo(deps: PortfolioDeps): Promise<void> {
  const { db } = deps;
  const actor = await demoActor(db);
  if (!actor) return;
  const existing = await db
    .selectFrom('portfolios')
    .select('id')
    .where('organization_id', '=', actor.organization.id)
    .where('name', '=', DEMO_BOOK)
    .executeTakeFirst();
  if (existing) return;
  const { rows: areas } = await sql<{ id: string }>`
    SELECT neighbourhood_id AS id FROM properties WHERE neighbourhood_id IS NOT NULL
    GROUP BY 1 ORDER BY count(*) DESC, 1 LIMIT 4`.execute(db);
  if (areas.length < 3) return;
  const properties = await db
    .selectFrom('properties')
    .select(['id', 'lat', 'lng', 'address_line', 'city', 'state', 'zip'])
    .where(
      'neighbourhood_id',
      'in',
      areas.map((a) => a.id),
    )
    .orderBy('id')
    .limit(600)
    .execute();
  const quote = (s: string) => `"${s.replaceAll('"', '""')}"`;
  const csv = `Ref,Address,City,State,Zip,Latitude,Longitude\n${properties
    .map(
      (p, i) =>
        `POL-${String(i + 1).padStart(5, '0')},${quote(p.address_line)},${quote(p.city)},${p.state},${p.zip},${p.lat},${p.lng}`,
    )
    .join('\n')}\n`;
  const uploaded = await uploadFile(deps, actor, {
    name: 'monitored-demo-book.csv',
    stream: Readable.from([Buffer.from(csv)]),
    truncated: () => false,
  });
  const created = await createPortfolio(deps, actor, {
    name: DEMO_BOOK,
    description: 'A homeowners book monitored as the world changes (sample data).',
    portfolioType: 'homeowners',
    products: PRODUCTS.join(','),
    uploadedFileName: uploaded.upload.name,
    organizationId: actor.organization.id,
  });
  const id = created.portfolio.id;
  if (!(await waitReady(db, id, 10 * 60_000))) return;
  for (const product of PRODUCTS) {
    await setMonitoring(deps, actor, id, product, { monitored: true });
    // Placed here, on the worker, before the history below: its changes then carry their own dates.
    await placeBookRows(db, { portfolioId: id, product });
  }
  await createAlertRule(db, actor, id, {
    name: 'Any level change',
    kind: 'level_change',
    threshold: null,
    minDelta: null,
    product: null,
    cause: null,
    channels: ['in_app', 'email'],
  });
  // A few months of history: three captures, each applied as of its own date.
  for (const [k, area] of areas.slice(0, 3).entries()) {
    const when = monthsAgo(3 - k);
    await recaptureArea(db, {
      neighbourhoodId: area.id,
      date: when.toISOString().slice(0, 10),
      roofShare: 0.25,
      treeShare: 0.35,
    });
    await applyNextChange(db, {
      changedAt: when,
      onChanges: async (changes, _change, trx) => {
        await alertOnChanges(
          trx,
          changes.map((c) => c.id),
        );
      },
    });
  }
  currentLog().info({ portfolioId: id }, 'monitored demo book seeded');
}
