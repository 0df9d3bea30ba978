import { FILE_STATUS_LABELS, type FileStatus } from '@zview/contracts';

/**
 * The life of a portfolio product's file:
 *   UPLOADED → IN_PROGRESS (processing starts) → READY (results can be reviewed, "In Review")
 *   → PROCESSED (the user accepts or exports) → ARCHIVED (hidden).
 * A rerun takes READY or PROCESSED back to IN_PROGRESS. Archived files can be restored to
 * Processed. Users change status through PATCH …/status; the system through processing.
 */
export type StatusActor = 'user' | 'system';

const TRANSITIONS: Record<FileStatus, Record<StatusActor, readonly FileStatus[]>> = {
  UPLOADED: { user: ['ARCHIVED'], system: ['IN_PROGRESS'] },
  IN_PROGRESS: { user: [], system: ['READY'] },
  READY: { user: ['PROCESSED', 'ARCHIVED'], system: ['IN_PROGRESS', 'PROCESSED'] },
  PROCESSED: { user: ['ARCHIVED'], system: ['IN_PROGRESS'] },
  ARCHIVED: { user: ['PROCESSED'], system: [] },
};

export function canTransition(from: FileStatus, to: FileStatus, by: StatusActor): boolean {
  return TRANSITIONS[from][by].includes(to);
}

export function allowedTransitions(from: FileStatus, by: StatusActor): readonly FileStatus[] {
  return TRANSITIONS[from][by];
}

function label(status: FileStatus): string {
  return FILE_STATUS_LABELS[status] ?? 'Archived';
}

/** Why a change is refused, in plain words (answered with 409). */
export function transitionRefusal(from: FileStatus, to: FileStatus): string {
  if (from === to) return `This portfolio is already ${label(from)}.`;
  const allowed = allowedTransitions(from, 'user');
  const options = allowed.length
    ? ` From ${label(from)} it can only be changed to ${allowed.map(label).join(' or ')}.`
    : ' It cannot be changed until processing has finished.';
  return `A portfolio that is ${label(from)} cannot be changed to ${label(to)}.${options}`;
}
