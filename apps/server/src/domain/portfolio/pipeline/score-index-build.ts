import { isoDate } from '../../property/load.js';
import {
  advancePart,
  analyzeScoreIndex,
  completePlanIfDone,
  copyIntoScoreIndex,
  createPlan,
  finishPart,
  isPartDone,
  leasePart,
  partPage,
  removeFinishedPlans,
  scorePlan,
  unclaimedParts,
} from '../../../db/score-index-parts.js';
import type { Db } from '../../../db/database.js';
import {
  ensurePlacementCells,
  findBuild,
  openBuilds,
  PRODUCTION_MODELS,
  removeStaleBuilds,
  scoreIndexRows,
  type PortfolioModels,
} from './score-index.js';
import { worldRevision } from '../../../db/world-revision.js';

/**
 * The score-index build spread over every worker process (issue 20). `planScoreIndexBuild` cuts
 * the properties into key ranges of about `partSize` ids for the open builds of the current world
 * (one per portfolio product); each part is a job any worker takes (`buildScoreIndexPart`): it
 * leases the part, scores it page by page for every build at once, and records its cursor with
 * each page, so a worker killed mid-part leaves a part another worker resumes once the lease
 * lapses. Rows are written idempotently (ON CONFLICT DO NOTHING), so a page written twice, or rows
 * a portfolio run's chunk already added, change nothing. The part that finds every part done
 * completes the builds (the swap) and drops superseded ones. The index equals the serial
 * build's (`buildScoreIndexStep`): the same function scores every row.
 */

export interface ParallelBuildOptions {
  models?: PortfolioModels;
  today?: string;
  /** Properties per part (one job). */
  partSize?: number;
  /** Properties per page inside a part (one write). */
  pageSize?: number;
  /** How long a part stays with its worker without progress before another may take it. */
  leaseMs?: number;
  /** Test hook: called after each page is committed (throwing simulates a worker dying there). */
  afterPage?: (part: number, page: number) => void | Promise<void>;
}

export const PART_SIZE = 10_000;
const PAGE_SIZE = 2_500;
export const PART_LEASE_MS = 60_000;

export type PlanResult = { state: 'complete' } | { state: 'planned'; planId: number; parts: number[] };

/**
 * Plans the build of the open builds (none → stale builds removed, 'complete'). An open plan of
 * the same builds is reused: its parts that are not done and that no live worker holds are
 * returned to queue (again).
 */
export async function planScoreIndexBuild(db: Db, options: ParallelBuildOptions = {}): Promise<PlanResult> {
  const models = options.models ?? PRODUCTION_MODELS;
  await ensurePlacementCells(db);
  await removeFinishedPlans(db);
  const builds = await openBuilds(db, models, options.today ?? isoDate(new Date()));
  if (!builds.length) {
    await removeStaleBuilds(db, models);
    return { state: 'complete' };
  }
  const plan = await createPlan(
    db,
    builds.map((b) => b.id),
    await worldRevision(db),
    options.partSize ?? PART_SIZE,
  );
  return { state: 'planned', planId: plan.id, parts: await unclaimedParts(db, plan.id) };
}

export type PartOutcome = 'built' | 'done-already' | 'held' | 'obsolete' | 'completed-build';

/**
 * Builds one part; 'completed-build' when it was the last one and the builds are now complete.
 * Not built: 'done-already', 'held' (another worker's lease is live: ask again later), or
 * 'obsolete' (the plan is gone or the world changed since).
 */
export async function buildScoreIndexPart(
  db: Db,
  planId: number,
  partNumber: number,
  options: ParallelBuildOptions = {},
): Promise<PartOutcome> {
  const models = options.models ?? PRODUCTION_MODELS;
  const leaseMs = options.leaseMs ?? PART_LEASE_MS;
  const plan = await scorePlan(db, planId);
  if (!plan || String(plan.world_revision) !== (await worldRevision(db))) return 'obsolete';
  if (plan.completed_at) return 'done-already';
  const part = await leasePart(db, planId, partNumber, leaseMs);
  if (!part) return (await isPartDone(db, planId, partNumber)) ? 'done-already' : 'held';
  const builds = await Promise.all(plan.build_ids.map((id) => findBuild(db, id)));
  let from = part.builtThrough ?? part.afterId;
  for (let page = 0; ; page += 1) {
    const ids = await partPage(db, part, from, options.pageSize ?? PAGE_SIZE);
    if (!ids.length) break;
    await copyIntoScoreIndex(db, await scoreIndexRows(db, builds, models, ids));
    from = ids[ids.length - 1]!;
    await advancePart(db, part, from, ids.length, leaseMs);
    await options.afterPage?.(partNumber, page);
  }
  await finishPart(db, part);
  if (!(await completePlanIfDone(db, planId))) return 'built';
  await removeStaleBuilds(db, models);
  await analyzeScoreIndex(db);
  return 'completed-build';
}
