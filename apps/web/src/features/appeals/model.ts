import {
  PRODUCT_DISPLAY_NAMES,
  humanize,
  withUnit,
  type AppealAllowed,
  type AppealFeature,
  type AppealStatus,
  type ManualInputs,
  type ProductKey,
  type ScoreResult,
} from '@zview/contracts';
import type { AppealTransitionCall } from './api/transition';

/** Pure helpers of the appeals screens (no network: downloads are in api/downloads.ts). */

export const productLabel = (product: string) => PRODUCT_DISPLAY_NAMES[product as ProductKey] ?? product;
export const formatScore = (score: number | null | undefined) =>
  score === null || score === undefined ? '—' : score.toFixed(1);

/** A manual input's value as shown in the table. */
export function formatValue(value: AppealFeature['current'], unit: string | null = null): string {
  if (value === null || value === undefined) return 'Unknown';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'string') return humanize(value);
  return withUnit(String(value), unit);
}

/** Machine keys as words ('roof_replacement' → 'Roof replacement') and figures with their units ('28%', '2.4°'): the one mapping, in @zview/contracts. */
export { humanize, withUnit };

/** The value a control holds → the manual input to send (undefined: no change). Numbers typed as text. */
export function parseControlValue(feature: AppealFeature, raw: string): ManualInputs[string] | undefined {
  if (raw === '') return undefined;
  if (feature.domain.kind === 'boolean') return raw === 'true';
  if (feature.domain.kind === 'category') return raw;
  const n = Number(raw);
  return Number.isFinite(n) ? n : undefined;
}

/** A problem with a typed value, before the server says so (the server is the authority). */
export function inputProblem(
  feature: AppealFeature,
  value: ManualInputs[string] | undefined,
  raw: string,
): string | null {
  if (raw === '' || feature.domain.kind !== 'number') return null;
  if (value === undefined || typeof value !== 'number') return 'Enter a number.';
  if (feature.domain.integer && !Number.isInteger(value)) return 'Enter a whole number.';
  if (value < feature.domain.min || value > feature.domain.max)
    return `Between ${feature.domain.min} and ${feature.domain.max}.`;
  return null;
}

/** The inputs that differ from what the model uses (or from what a published appeal already set). */
export function modifiedFeatures(features: AppealFeature[], inputs: ManualInputs): string[] {
  return features
    .filter((f) => inputs[f.key] !== undefined && inputs[f.key] !== (f.published ?? f.current))
    .map((f) => f.key);
}

/** Each factor's contribution before and after, for the side-by-side waterfall, largest change first. */
export function factorChanges(before: ScoreResult, after: ScoreResult) {
  const keys = [...new Set([...before.factors.map((f) => f.key), ...after.factors.map((f) => f.key)])];
  return keys
    .map((key) => {
      const a = before.factors.find((f) => f.key === key);
      const b = after.factors.find((f) => f.key === key);
      return { key, name: (b ?? a)!.name, before: a?.contribution ?? 0, after: b?.contribution ?? 0 };
    })
    .sort(
      (x, y) => Math.abs(y.after - y.before) - Math.abs(x.after - x.before) || Math.abs(y.after) - Math.abs(x.after),
    );
}

export function isOverdue(deadlineAt: string, status: string, now = Date.now()): boolean {
  return ['draft', 'submitted', 'under_review'].includes(status) && Date.parse(deadlineAt) < now;
}

export interface TransitionButton {
  call: AppealTransitionCall;
  key: keyof AppealAllowed & ('pushDraft' | 'review' | 'reject' | 'expire' | 'revertDraft');
  label: string;
  color?: 'error' | 'warning';
}

const BUTTONS: TransitionButton[] = [
  { call: 'push_draft', key: 'pushDraft', label: 'Submit draft' },
  { call: 'review', key: 'review', label: 'Start review' },
  { call: 'reject', key: 'reject', label: 'Reject', color: 'error' },
  { call: 'expire', key: 'expire', label: 'Expire', color: 'warning' },
  { call: 'revert_draft', key: 'revertDraft', label: 'Revert draft', color: 'warning' },
];

/** The transitions the server allows the caller now; submitting and reverting exist only for drafts. */
export function transitionButtons(allowed: AppealAllowed, status: AppealStatus): TransitionButton[] {
  return BUTTONS.filter(
    (b) =>
      allowed[b.key] &&
      (b.call !== 'revert_draft' || status === 'draft') &&
      (b.call !== 'push_draft' || status === 'draft'),
  );
}
