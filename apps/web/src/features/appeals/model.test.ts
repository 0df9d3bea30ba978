import type { AppealAllowed, AppealFeature } from '@zview/contracts';
import { describe, expect, it } from 'vitest';
import {
  formatScore,
  formatValue,
  humanize,
  inputProblem,
  isOverdue,
  modifiedFeatures,
  parseControlValue,
  productLabel,
  transitionButtons,
} from './model';

const NONE: AppealAllowed = {
  saveDraft: false,
  revertDraft: false,
  pushDraft: false,
  pushAppeal: false,
  review: false,
  publish: false,
  reject: false,
  expire: false,
};
const EVERY: AppealAllowed = Object.fromEntries(Object.keys(NONE).map((key) => [key, true])) as AppealAllowed;
const YEAR: AppealFeature = {
  key: 'roof_install_year',
  name: 'Roof install year',
  unit: null,
  domain: { kind: 'number', min: 1800, max: 2027, integer: true },
  current: 2000,
  published: null,
};

describe('the transitions the appeal page offers', () => {
  it('offers what the server allows, submitting and reverting only drafts, in a fixed order', () => {
    expect(transitionButtons(NONE, 'draft')).toEqual([]);
    expect(transitionButtons(EVERY, 'draft').map((b) => b.label)).toEqual([
      'Submit draft',
      'Start review',
      'Reject',
      'Expire',
      'Revert draft',
    ]);
    expect(transitionButtons(EVERY, 'submitted').map((b) => b.call)).toEqual(['review', 'reject', 'expire']);
    expect(transitionButtons({ ...NONE, reject: true }, 'under_review')).toEqual([
      { call: 'reject', key: 'reject', label: 'Reject', color: 'error' },
    ]);
    expect(transitionButtons({ ...NONE, revertDraft: true }, 'draft')[0]).toMatchObject({ color: 'warning' });
  });
});

describe('values and inputs', () => {
  it('shows values as words', () => {
    expect(formatValue(null)).toBe('Unknown');
    expect(formatValue(undefined as never)).toBe('Unknown');
    expect(formatValue(true)).toBe('Yes');
    expect(formatValue(false)).toBe('No');
    expect(formatValue('asphalt_shingle')).toBe('Asphalt shingle');
    expect(formatValue(152, 'mph')).toBe('152 mph');
    // As the score cards write them: no space before a percent sign, degrees as °.
    expect(formatValue(28, '%')).toBe('28%');
    expect(formatValue(2.4, 'deg')).toBe('2.4°');
    expect(formatValue(3)).toBe('3');
    expect(humanize('a_b_c')).toBe('A b c');
  });

  it('parses a control’s text into the input to send', () => {
    expect(parseControlValue(YEAR, '')).toBeUndefined();
    expect(parseControlValue(YEAR, '2020')).toBe(2020);
    expect(parseControlValue(YEAR, 'abc')).toBeUndefined();
    const flag: AppealFeature = { ...YEAR, domain: { kind: 'boolean' } };
    expect(parseControlValue(flag, 'true')).toBe(true);
    expect(parseControlValue(flag, 'false')).toBe(false);
    const material: AppealFeature = { ...YEAR, domain: { kind: 'category', values: ['metal', '2020'] } };
    // A category keeps its text, even one that reads as a number.
    expect(parseControlValue(material, '2020')).toBe('2020');
    expect(inputProblem(material, '2020', '2020')).toBeNull();
  });

  it('says what is wrong with a number before sending it', () => {
    expect(inputProblem(YEAR, undefined, '')).toBeNull();
    expect(inputProblem(YEAR, undefined, 'abc')).toBe('Enter a number.');
    expect(inputProblem(YEAR, 'abc', 'abc')).toBe('Enter a number.');
    expect(inputProblem(YEAR, 2020.5, '2020.5')).toBe('Enter a whole number.');
    expect(inputProblem(YEAR, 1799, '1799')).toBe('Between 1800 and 2027.');
    expect(inputProblem(YEAR, 2028, '2028')).toBe('Between 1800 and 2027.');
    expect(inputProblem(YEAR, 1800, '1800')).toBeNull();
    expect(inputProblem(YEAR, 2027, '2027')).toBeNull();
  });

  it('counts an appeal overdue only while it is still open', () => {
    const now = Date.parse('2026-12-01T00:00:00Z');
    expect(isOverdue('2026-11-30T00:00:00Z', 'submitted', now)).toBe(true);
    expect(isOverdue('2026-11-30T00:00:00Z', 'draft', now)).toBe(true);
    expect(isOverdue('2026-11-30T00:00:00Z', 'under_review', now)).toBe(true);
    expect(isOverdue('2026-11-30T00:00:00Z', 'accepted', now)).toBe(false);
    expect(isOverdue('2026-12-02T00:00:00Z', 'submitted', now)).toBe(false);
    // Due now is not overdue yet.
    expect(isOverdue('2026-12-01T00:00:00Z', 'submitted', now)).toBe(false);
  });
});

describe('labels and changes', () => {
  it('names products by their display names and shows scores to one decimal', () => {
    expect(productLabel('zwind')).toBe('Z-WIND');
    expect(productLabel('zfire|prefill')).toBe('Z-FIRE');
    expect(productLabel('other')).toBe('other');
    expect(formatScore(4.06)).toBe('4.1');
    expect(formatScore(null)).toBe('—');
    expect(formatScore(undefined)).toBe('—');
  });

  it('counts as modified only inputs that differ from the published value, else the model’s', () => {
    const published = { ...YEAR, key: 'roof_material', published: 'metal', current: 'slate' } as AppealFeature;
    expect(modifiedFeatures([YEAR], { roof_install_year: 2000 })).toEqual([]);
    expect(modifiedFeatures([YEAR], { roof_install_year: 2020 })).toEqual(['roof_install_year']);
    expect(modifiedFeatures([YEAR], {})).toEqual([]);
    expect(modifiedFeatures([published], { roof_material: 'metal' })).toEqual([]);
    expect(modifiedFeatures([published], { roof_material: 'slate' })).toEqual(['roof_material']);
  });
});
