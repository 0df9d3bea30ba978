import {
  BILLABLE_PRODUCTS,
  SWITCHABLE_KEYS,
  type Agreement,
  type ProductSwitch,
  type UpdateProductRequest,
} from '@zview/contracts';
import type { Actor } from '../../auth/actor.js';
import { authorize } from '../../auth/policy.js';
import { deleteAgreement, listAgreements, upsertAgreement, type AgreementRow } from '../../db/agreements.js';
import { writeAudit } from '../../db/audit.js';
import {
  customerProducts,
  listProductSwitches,
  lockCustomerProducts,
  organizationsWithDatedSwitches,
  setEffectiveProducts,
  upsertProductSwitch,
  type ProductSwitchRow,
} from '../../db/customers.js';
import type { Db } from '../../db/database.js';
import { badRequest, notFound } from '../app-error.js';

/**
 * A customer's products and features: each key of SPEC §3 switched on or off, with optional
 * start and end dates (the end date is the last day on), and for billable products the agreement
 * billing reads. organizations.products is the effective set (on today); it is rewritten in the
 * same transaction as every switch change, and its table's trigger tells every server process
 * (src/db/change-feed.ts), so the customer's very next request sees it.
 */
export interface Switch {
  enabled: boolean;
  startDate: string | null;
  endDate: string | null;
}

/** 'YYYY-MM-DD' of a date column (read as local midnight) or of today (UTC). */
export function dateText(date: Date | null): string | null {
  if (!date) return null;
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}
export const todayText = (now = new Date()) => now.toISOString().slice(0, 10);

export function isEffective(entry: Switch, today: string): boolean {
  return entry.enabled && (!entry.startDate || entry.startDate <= today) && (!entry.endDate || entry.endDate >= today);
}

/**
 * Every switchable key's switch: stored rows, and for keys without one (organisations made before
 * switches existed, or by other code) on exactly when organizations.products holds the key.
 */
export function switchesOf(rows: ProductSwitchRow[], products: readonly string[]): Map<string, Switch> {
  const stored = new Map(rows.map((r) => [r.product, r]));
  return new Map(
    SWITCHABLE_KEYS.map((key) => {
      const row = stored.get(key);
      return [
        key,
        row
          ? { enabled: row.enabled, startDate: dateText(row.start_date), endDate: dateText(row.end_date) }
          : { enabled: products.includes(key), startDate: null, endDate: null },
      ];
    }),
  );
}

/** The effective set: switchable keys on today (in SPEC's key order), plus keys switches do not govern. */
export function effectiveProducts(switches: Map<string, Switch>, current: readonly string[], today: string): string[] {
  const governed = new Set<string>(SWITCHABLE_KEYS);
  return [
    ...SWITCHABLE_KEYS.filter((key) => isEffective(switches.get(key)!, today)),
    ...current.filter((key) => !governed.has(key)),
  ];
}

const isBillable = (key: string) => (BILLABLE_PRODUCTS as readonly string[]).includes(key);

function agreementOf(row: AgreementRow | undefined): Agreement | null {
  if (!row) return null;
  return {
    contractStart: dateText(row.contract_start)!,
    contractEnd: dateText(row.contract_end),
    committedAnnualVolume: Number(row.committed_annual_volume),
    billReruns: row.bill_reruns,
  };
}

function present(key: string, entry: Switch, agreement: AgreementRow | undefined, today: string): ProductSwitch {
  return {
    productId: key,
    ...entry,
    effective: isEffective(entry, today),
    billable: isBillable(key),
    agreement: agreementOf(agreement),
  };
}

async function readCustomerProducts(db: Db, organizationId: number, products: readonly string[]) {
  const [rows, agreements] = await Promise.all([
    listProductSwitches(db, organizationId),
    listAgreements(db, organizationId),
  ]);
  return { switches: switchesOf(rows, products), agreements: new Map(agreements.map((a) => [a.product, a])) };
}

export async function listCustomerProducts(
  db: Db,
  actor: Actor,
  organizationId: number,
  today = todayText(),
): Promise<ProductSwitch[]> {
  authorize(actor, 'customers:manage');
  const current = await customerProducts(db, organizationId);
  if (!current) throw notFound('Customer not found.');
  const { switches, agreements } = await readCustomerProducts(db, organizationId, current);
  return [...switches].map(([key, entry]) => present(key, entry, agreements.get(key), today));
}

export async function getCustomerProduct(
  db: Db,
  actor: Actor,
  organizationId: number,
  productId: string,
  today = todayText(),
): Promise<ProductSwitch> {
  const all = await listCustomerProducts(db, actor, organizationId, today);
  return all.find((p) => p.productId === productId)!;
}

/**
 * Switches one key (on/off, dates) and, for billable products, sets or removes its agreement;
 * rewrites the effective set and writes the audit entry, all in one transaction.
 */
export async function setCustomerProduct(
  db: Db,
  actor: Actor,
  organizationId: number,
  productId: string,
  change: UpdateProductRequest,
  action: 'customer.product_added' | 'customer.product_updated',
  today = todayText(),
): Promise<ProductSwitch> {
  authorize(actor, 'customers:manage');
  if (change.agreement && !isBillable(productId))
    throw badRequest(`agreement: ${productId} is not billed per use and takes no agreement.`);
  return db.transaction().execute(async (trx) => {
    const products = await lockCustomerProducts(trx, organizationId);
    if (!products) throw notFound('Customer not found.');
    const { switches, agreements } = await readCustomerProducts(trx, organizationId, products);
    const before = present(productId, switches.get(productId)!, agreements.get(productId), today);
    const previous = switches.get(productId)!;
    const next: Switch = {
      enabled: change.enabled,
      startDate: change.startDate === undefined ? previous.startDate : change.startDate,
      endDate: change.endDate === undefined ? previous.endDate : change.endDate,
    };
    if (next.startDate && next.endDate && next.endDate < next.startDate)
      throw badRequest('endDate: must be after startDate');
    switches.set(productId, next);
    // Keys governed only by organizations.products so far get their rows now, so the set stays what it was.
    const stored = new Set((await listProductSwitches(trx, organizationId)).map((r) => r.product));
    for (const [key, entry] of switches) {
      if (key === productId || !stored.has(key))
        await upsertProductSwitch(trx, organizationId, key, {
          enabled: entry.enabled,
          start_date: entry.startDate,
          end_date: entry.endDate,
        });
    }
    if (change.agreement) {
      const a = change.agreement;
      await upsertAgreement(trx, organizationId, productId, {
        contract_start: a.contractStart,
        contract_end: a.contractEnd ?? null,
        committed_annual_volume: a.committedAnnualVolume,
        bill_reruns: a.billReruns ?? false,
      });
    } else if (change.agreement === null) {
      await deleteAgreement(trx, organizationId, productId);
    }
    await setEffectiveProducts(trx, organizationId, effectiveProducts(switches, products, today));
    const after = present(
      productId,
      next,
      (await listAgreements(trx, organizationId)).find((a) => a.product === productId),
      today,
    );
    await writeAudit(trx, { actorUserId: actor.userId, organizationId, action, subject: productId, before, after });
    return after;
  });
}

/**
 * Effective sets follow the calendar: a switch whose start date arrives or whose end date passes
 * changes the set. Run at start and hourly by every server process (idempotent: a set is written
 * only when it differs).
 */
export async function refreshDatedProducts(db: Db, today = todayText()): Promise<number> {
  let changed = 0;
  for (const organizationId of await organizationsWithDatedSwitches(db)) {
    await db.transaction().execute(async (trx) => {
      const products = await lockCustomerProducts(trx, organizationId);
      if (!products) return;
      const switches = switchesOf(await listProductSwitches(trx, organizationId), products);
      const next = effectiveProducts(switches, products, today);
      if (next.join(',') !== products.join(',')) {
        changed += 1;
        await setEffectiveProducts(trx, organizationId, next);
      }
    });
  }
  return changed;
}
