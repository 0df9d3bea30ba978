import {
  formatLongDate,
  CA_2644_9_MITIGATIONS,
  MITIGATIONS,
  PRODUCT_DISPLAY_NAMES,
  RISK_LEVEL_THRESHOLDS,
  SCORE_MAX,
  SCORE_MIN,
  noticeTemplateOf,
  type Factor,
  type NoticeBlock,
  type NoticeTemplate,
  type ProductWhatIf,
  type ScoreResult,
  type StandardProduct,
} from '@zview/contracts';
import type { TimerDays } from '../appeals/timers.js';
import { changeInWords, confidence, factorEffect, factorValue, points } from './wording.js';

/**
 * What a score notice says, as data (issue 42): everything the PDF prints, computed here so the
 * wording can be tested without a PDF and the renderer only lays it out. Dates, values and keys are
 * worded as the screens write them (wording.ts). Pure.
 */
export interface NoticeContent {
  template: NoticeTemplate;
  organizationName: string;
  /** The day the notice was produced ('November 29, 2026', its UTC day). */
  issuedOn: string;
  propertyId: string;
  address: string;
  state: string;
  product: StandardProduct;
  productName: string;
  score: number | null;
  scoreRange: { min: number; max: number };
  riskLevel: ScoreResult['riskLevel'];
  /** The plain sentence about the score ("Your Z-FIRE score is 7.8 on a scale…"). */
  headline: string;
  /** The bands of the levels, e.g. 'Low 1.0–3.9, medium 4.0–6.9, high 7.0–10.0'. */
  levelBands: string;
  /** The day the score is as of ('November 29, 2026'). */
  asOf: string;
  modelVersion: string;
  /** As the property view writes it: 'High (93%)'. */
  confidence: string;
  /** When the organisation last amended this score by appeal or mitigation ('November 29, 2026'). */
  amendedOn: string | null;
  unavailableReason: string | null;
  /** The features that moved the score most, biggest effect first. */
  factors: { name: string; value: string; effect: string; points: number; description: string }[];
  /** Each mitigation the model credits; `change` in prose ("Defensible space: from 71 ft to 100 ft"). */
  mitigations: { name: string; change: string; score: number; points: number; sentence: string }[];
  combined: { score: number; points: number; sentence: string } | null;
  /** California only: the 10 CCR 2644.9 list, and whether this model credits each here. */
  california: { name: string; credited: boolean }[] | null;
  deadlines: TimerDays;
  deadlineSentences: string[];
  texts: Record<NoticeBlock, string>;
}

export interface NoticeInputs {
  organizationName: string;
  issuedAt: Date;
  propertyId: string;
  address: string;
  state: string;
  product: StandardProduct;
  result: ScoreResult;
  whatIf: ProductWhatIf;
  amendedAt: Date | undefined;
  deadlines: TimerDays;
  texts: Record<NoticeBlock, string>;
}

/** How many features the notice explains. */
export const NOTICE_FACTOR_COUNT = 5;

const one = (x: number) => x.toFixed(1);

export function buildNoticeContent(input: NoticeInputs): NoticeContent {
  const { result, whatIf } = input;
  const productName = PRODUCT_DISPLAY_NAMES[input.product];
  const template = noticeTemplateOf(input.state);
  const headline =
    result.score === null
      ? `${productName} gives no score for this property: ${result.unavailableReason ?? 'it does not apply here'}.`
      : `Your ${productName} score is ${one(result.score)} on a scale from ${SCORE_MIN} (lowest risk) to ${SCORE_MAX} (highest risk). Its risk level is ${result.riskLevel}.`;
  const credited = new Set(whatIf.options.map((o) => o.key));
  return {
    template,
    organizationName: input.organizationName,
    issuedOn: formatLongDate(input.issuedAt),
    propertyId: input.propertyId,
    address: input.address,
    state: input.state,
    product: input.product,
    productName,
    score: result.score,
    scoreRange: { min: SCORE_MIN, max: SCORE_MAX },
    riskLevel: result.riskLevel,
    headline,
    levelBands: levelBands(),
    asOf: formatLongDate(result.asOf),
    modelVersion: result.modelVersion,
    confidence: confidence(result.confidence),
    amendedOn: input.amendedAt ? formatLongDate(input.amendedAt) : null,
    unavailableReason: result.unavailableReason,
    factors: mainFactors(result.factors),
    mitigations: whatIf.options.map((o) => ({
      name: o.name,
      change: changeInWords(o.change),
      score: o.score,
      points: o.credit,
      sentence: `${o.name} would lower the score by ${points(o.credit)}, to ${one(o.score)} (${o.riskLevel}).`,
    })),
    combined: whatIf.combined
      ? {
          score: whatIf.combined.score,
          points: whatIf.combined.credit,
          sentence: `All ${whatIf.options.length} together would lower it by ${points(whatIf.combined.credit)}, to ${one(whatIf.combined.score)} (${whatIf.combined.riskLevel}).`,
        }
      : null,
    california:
      template === 'CA'
        ? CA_2644_9_MITIGATIONS.map((key) => ({ name: MITIGATIONS[key].name, credited: credited.has(key) }))
        : null,
    deadlines: input.deadlines,
    deadlineSentences: deadlineSentences(input.deadlines),
    texts: input.texts,
  };
}

function levelBands(): string {
  const { medium, high } = RISK_LEVEL_THRESHOLDS;
  return `Low ${one(SCORE_MIN)} to ${one(medium - 0.1)}, medium ${one(medium)} to ${one(high - 0.1)}, high ${one(high)} to ${one(SCORE_MAX)}.`;
}

/** The features with the largest effect on the score, in plain words. */
export function mainFactors(factors: readonly Factor[]) {
  return factors
    .filter((f) => f.key !== 'scale_limit' && f.contribution !== 0)
    .sort((a, b) => Math.abs(b.contribution) - Math.abs(a.contribution))
    .slice(0, NOTICE_FACTOR_COUNT)
    .map((f) => ({
      name: f.name,
      value: factorValue(f),
      points: f.contribution,
      effect: factorEffect(f.contribution),
      description: f.description,
    }));
}

/** The periods the organisation promises, as the policyholder reads them (rule: docs/appeal-deadlines.md). */
export function deadlineSentences(days: TimerDays): string[] {
  return [
    `We acknowledge your appeal within ${days.acknowledgeDays} calendar days of receiving it.`,
    `We decide your appeal within ${days.decideDays} calendar days of receiving it.`,
    `After you tell us of a completed mitigation, we re-score your property within ${days.rescoreDays} calendar days.`,
    'A period that ends on a weekend or a legal holiday runs to the end of the next business day, in your property’s time zone.',
  ];
}
