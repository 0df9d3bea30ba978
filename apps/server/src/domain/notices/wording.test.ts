import {
  formatFactorValue,
  formatLongDate,
  humanize,
  propertyReportFileName,
  scoreNoticeFileName,
} from '@zview/contracts';
import { describe, expect, it } from 'vitest';
import { captureKind, changeInWords, confidence, factorEffect, factorValue, withLongDates } from './wording.js';

describe('how the notice and the report word the data', () => {
  it('writes days in en-US long form, from a Date (its UTC day) or YYYY-MM-DD', () => {
    expect(formatLongDate('2026-11-29')).toBe('November 29, 2026');
    expect(formatLongDate(new Date('2026-11-29T23:30:00Z'))).toBe('November 29, 2026');
    expect(withLongDates('Hailstorm of 2023-12-15')).toBe('Hailstorm of December 15, 2023');
  });

  it('writes values as the score cards do: tight percent and degrees, grouped numbers, labels for keys', () => {
    expect(factorValue({ key: 'tree_overhang', value: 13, unit: '%' })).toBe('13%');
    expect(factorValue({ key: 'hail_frequency', value: 13.3, unit: '%/yr' })).toBe('13.3%/yr');
    expect(factorValue({ key: 'slope', value: 2.4, unit: 'deg' })).toBe('2.4°');
    expect(factorValue({ key: 'elevation', value: 4080, unit: 'ft' })).toBe('4,080 ft');
    expect(factorValue({ key: 'roof_material', value: 'asphalt_shingle', unit: null })).toBe('Asphalt shingle');
    expect(factorValue({ key: 'wildfire_mitigation', value: 1, unit: 'items' })).toBe('1 item');
    expect(factorValue({ key: 'year_built', value: 2025, unit: null })).toBe('2025');
    expect(factorValue({ key: 'firewise', value: true, unit: null })).toBe('Yes');
    expect(factorValue({ key: 'slope', value: null, unit: 'deg' })).toBe('Unknown');
    expect(formatFactorValue(4360, 'acres')).toBe('4,360 acres');
    expect(humanize('roof_replacement')).toBe('Roof replacement');
    expect(captureKind('ortho')).toBe('Orthophoto');
    expect(captureKind('oblique')).toBe('Oblique');
  });

  it('writes confidence as the property view does: the level capitalised, then its percent', () => {
    expect(confidence({ label: 'high', value: 0.934 })).toBe('High (93%)');
    expect(confidence({ label: 'low', value: 0.5 })).toBe('Low (50%)');
  });

  it('writes a factor’s effect with the figure the web’s factor list shows, never "by 0.0 points"', () => {
    expect(factorEffect(1.38)).toBe('raises the score by 1.4 points');
    expect(factorEffect(-0.28)).toBe('lowers the score by 0.3 points');
    expect(factorEffect(-1)).toBe('lowers the score by 1.0 point');
    expect(factorEffect(0.03)).toBe('raises the score by 0.03 points'); // the list's '+0.03'
    expect(factorEffect(-0.049)).toBe('lowers the score by 0.05 points');
    expect(factorEffect(0.004)).toBe('has no effect on the score'); // the list's grey '0.00'
    expect(factorEffect(0)).toBe('has no effect on the score');
  });

  it('writes a what-if change as prose, each value held together on its line', () => {
    const nb = (text: string) => text.replace(/\u00A0/g, ' ');
    expect(nb(changeInWords('Defensible space: 71 ft → 100 ft'))).toBe('Defensible space: from 71 ft to 100 ft');
    expect(changeInWords('Defensible space: 71 ft → 100 ft')).toBe('Defensible space: from 71\u00A0ft to 100\u00A0ft');
    expect(nb(changeInWords('Class A fire-rated roof: not on record → in place'))).toBe(
      'Class A fire-rated roof: from not on record to in place',
    );
    expect(changeInWords('Yard: trampoline and debris removed or secured')).toBe(
      'Yard: trampoline and debris removed or secured',
    );
  });

  it('names the files by address and day, safe on any file system (SPEC §9 file-name helper)', () => {
    const day = new Date('2026-11-29T12:00:00Z');
    expect(propertyReportFileName('742 Foothill Rd, Boulder, CO 80302', day)).toBe(
      'Property_report_742_Foothill_Rd_Boulder_CO_80302_20261129.pdf',
    );
    expect(scoreNoticeFileName('zfire', '742 Foothill Rd, Boulder, CO 80302', day)).toBe(
      'Z_FIRE_score_notice_742_Foothill_Rd_Boulder_CO_80302_20261129.pdf',
    );
    const odd = propertyReportFileName('12/B Cañon Ave. #4 "Rear", Cañon City, CO', day);
    expect(odd).toBe('Property_report_12_B_Canon_Ave_4_Rear_Canon_City_CO_20261129.pdf');
    expect(propertyReportFileName('x'.repeat(300), day).length).toBeLessThan(140);
  });
});
