import {
  PRODUCT_DISPLAY_NAMES,
  type AppealFeature,
  type ManualInputs,
  type ProductKey,
  type ScoreResult,
} from '@zview/contracts';
import { buildApiUrl, getAccessToken } from '../../api/client';
import { saveBlob } from '../../ui/saveBlob';

/** Pure helpers of the appeals screens (tested in model.test.ts). */

export const productLabel = (product: string) => PRODUCT_DISPLAY_NAMES[product as ProductKey] ?? product;
export const formatScore = (score: number | null | undefined) =>
  score === null || score === undefined ? '—' : score.toFixed(1);

/** A manual input's value as shown in the table. */
export function formatValue(value: AppealFeature['current'], unit: string | null = null): string {
  if (value === null || value === undefined) return 'Unknown';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'string') return humanize(value);
  return unit ? `${value} ${unit}` : String(value);
}

export function humanize(key: string): string {
  const text = key.replace(/_/g, ' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

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

/** Fetches a protected file (evidence, audit CSV) with the bearer token and hands it to the browser. */
export async function downloadProtected(path: string, fileName: string, open = false): Promise<void> {
  const token = getAccessToken();
  const response = await fetch(buildApiUrl(path), { headers: token ? { authorization: `Bearer ${token}` } : {} });
  if (!response.ok) throw new Error(`Download failed (${response.status}).`);
  const blob = await response.blob();
  if (!open) return saveBlob(blob, fileName);
  const url = URL.createObjectURL(blob);
  window.open(url, '_blank', 'noopener');
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
