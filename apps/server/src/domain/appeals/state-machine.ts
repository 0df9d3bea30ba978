import { APPEAL_STATUS_LABELS, type AppealStatus } from '@zview/contracts';
import { conflict } from '../app-error.js';

/**
 * The appeal states and the transitions between them, explicitly (SPEC §4 appeals flow):
 *
 *   (none) ──save_draft──▶ draft ──push_draft──▶ submitted ──review──▶ under_review
 *     │                     │  ╲                    │  ╲                   │  ╲
 *     │                     │   revert_draft        │   reject, publish     │   reject, publish
 *     └─push_appeal────────▶ submitted             ▼                       ▼
 *                      publish ─▶ accepted     rejected    any open ──expire──▶ expired
 *
 * `TRANSITIONS` says from which states each may happen and to which state it leads; who may do
 * it is the policy's (auth/policy.ts, 'appeal:*' actions): drafting and submitting for every
 * user of an organisation with `appeals`, review decisions for its group admins (and internal
 * admins). A transition from a wrong state is a 409 with a sentence saying why.
 */
export const TRANSITIONS = {
  save_draft: { from: [null, 'draft'], to: 'draft', verb: 'edit' },
  revert_draft: { from: ['draft'], to: 'reverted', verb: 'revert' },
  push_draft: { from: ['draft'], to: 'submitted', verb: 'submit' },
  push_appeal: { from: [null, 'draft'], to: 'submitted', verb: 'submit' },
  review: { from: ['submitted'], to: 'under_review', verb: 'start reviewing' },
  publish: { from: [null, 'draft', 'submitted', 'under_review'], to: 'accepted', verb: 'publish' },
  reject: { from: ['submitted', 'under_review'], to: 'rejected', verb: 'reject' },
  expire: { from: ['draft', 'submitted', 'under_review'], to: 'expired', verb: 'expire' },
} as const satisfies Record<string, { from: readonly (AppealStatus | null)[]; to: AppealStatus; verb: string }>;

export type Transition = keyof typeof TRANSITIONS;

export function canTransition(transition: Transition, from: AppealStatus | null): boolean {
  return (TRANSITIONS[transition].from as readonly (AppealStatus | null)[]).includes(from);
}

/** The state a transition leads to from `from`; throws 409 when it is not allowed from there. */
export function transition(name: Transition, from: AppealStatus | null): AppealStatus {
  const t = TRANSITIONS[name];
  if (canTransition(name, from)) return t.to;
  if (from === null) throw conflict(`There is no open appeal to ${t.verb}: save a draft first.`);
  const allowed = (t.from as readonly (AppealStatus | null)[])
    .filter((s): s is AppealStatus => s !== null)
    .map((s) => APPEAL_STATUS_LABELS[s].toLowerCase());
  throw conflict(
    `This appeal is ${APPEAL_STATUS_LABELS[from].toLowerCase()}: it cannot ${t.verb === 'edit' ? 'be edited' : `be ${pastTense(t.verb)}`} (only when ${allowed.join(' or ')}).`,
  );
}

function pastTense(verb: string): string {
  return (
    {
      revert: 'reverted',
      submit: 'submitted',
      'start reviewing': 'taken into review',
      publish: 'published',
      reject: 'rejected',
      expire: 'expired',
    }[verb] ?? verb
  );
}

export const isOpen = (status: AppealStatus) =>
  status === 'draft' || status === 'submitted' || status === 'under_review';
