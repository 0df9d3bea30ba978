import type { Actor } from '../../auth/actor.js';
import type { Db } from '../../db/database.js';
import { alertRuleProblem, type AlertRulePatch } from '@zview/contracts';
import {
  deleteAlertRule,
  findAlertRule,
  insertAlertRule,
  listAlertRules,
  queueChangeWebhooks,
  ruleMatches,
  updateAlertRule,
  type AlertRuleValues,
} from '../../db/notifications.js';
import { badRequest, notFound } from '../app-error.js';
import { ownPortfolio } from '../portfolio/access.js';
import { notify } from './notify.js';

/** Alert rules per portfolio (level change, threshold crossing, change of N points; per product and cause). */

export type AlertRuleInput = Omit<AlertRuleValues, 'organizationId' | 'portfolioId' | 'createdBy'>;

export async function alertRulesOf(db: Db, actor: Actor, portfolioId: number) {
  await ownPortfolio(db, actor, portfolioId);
  return listAlertRules(db, actor.organization.id, portfolioId);
}

export async function createAlertRule(db: Db, actor: Actor, portfolioId: number, input: AlertRuleInput) {
  await ownPortfolio(db, actor, portfolioId);
  return insertAlertRule(db, {
    ...input,
    organizationId: actor.organization.id,
    portfolioId,
    createdBy: actor.userId,
  });
}

const NO_RULE = 'No such alert rule.';

/** Changes a rule (or switches it on or off); the rule as changed must still fit together. */
export async function changeAlertRule(db: Db, actor: Actor, id: number, patch: AlertRulePatch) {
  const rule = await findAlertRule(db, actor.organization.id, id);
  if (!rule) throw notFound(NO_RULE);
  const problem = alertRuleProblem({
    kind: patch.kind ?? rule.kind,
    threshold: patch.threshold !== undefined ? patch.threshold : rule.threshold,
    minDelta: patch.minDelta !== undefined ? patch.minDelta : rule.min_delta,
  });
  if (problem) throw badRequest(problem);
  const row = await updateAlertRule(db, actor.organization.id, id, patch);
  if (!row) throw notFound(NO_RULE);
  return row;
}

export async function removeAlertRule(db: Db, actor: Actor, id: number) {
  if (!(await deleteAlertRule(db, actor.organization.id, id))) throw notFound(NO_RULE);
}

const LEVEL = { low: 'Low', medium: 'Medium', high: 'High', none: 'None' } as Record<string, string>;

/** "3 Low → High, 1 Medium → High" from {"low>high": 3, …}, largest first. */
export function describeTransitions(transitions: Record<string, number>): string {
  return Object.entries(transitions)
    .sort((a, b) => b[1] - a[1])
    .map(([key, n]) => {
      const [from, to] = key.split('>') as [string, string];
      return `${n.toLocaleString('en-US')} ${LEVEL[from] ?? from} → ${LEVEL[to] ?? to}`;
    })
    .join(', ');
}

/**
 * Queues the alerts of newly recorded changes (called by the monitoring engine in the transaction
 * that recorded them, so alerts exist exactly when the changes do): one in-app notification per
 * matching rule (mailed in the digest when the rule has the email channel), and one webhook
 * message per matching change for rules with the webhook channel.
 */
export async function alertOnChanges(
  db: Db,
  changeIds: readonly string[],
): Promise<{ notifications: number; webhooks: number }> {
  const matches = await ruleMatches(db, changeIds);
  let notifications = 0;
  for (const m of matches) {
    if (!m.channels.includes('in_app') && !m.channels.includes('email')) continue;
    const n = m.changes.toLocaleString('en-US');
    const result = await notify(db, {
      organizationId: m.organization_id,
      kind: 'score.changes',
      title: `${n} ${m.changes === 1 ? 'property' : 'properties'} changed in ${m.portfolio_name}`,
      body: `Alert "${m.rule_name}": ${describeTransitions(m.transitions)}.`,
      link: `/zportfolio/changes?portfolio=${m.portfolio_id}`,
      data: { portfolioId: m.portfolio_id, ruleId: m.rule_id, changes: m.changes, transitions: m.transitions },
      email: m.channels.includes('email'),
    });
    notifications += result.notified;
  }
  const webhooks = await queueChangeWebhooks(db, changeIds);
  return { notifications, webhooks };
}
