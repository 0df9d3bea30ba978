import { describe, expect, it } from 'vitest';
import { zorroFiltersSchema } from '@zview/contracts';
import { datesSentence, describeFiling, joinLoosenings, rateSentence } from './explorer.js';
import { describeFilters } from './question.js';

describe('joinLoosenings', () => {
  it('writes several loosenings as one instruction, the verb said once', () => {
    expect(
      joinLoosenings([
        'Remove the state filter (Alaska)',
        'Remove the line filter (farmowners)',
        'Remove the model filter (FloodLine)',
      ]),
    ).toBe('Remove the state filter (Alaska), the line filter (farmowners) and the model filter (FloodLine)');
    expect(joinLoosenings(['Remove the state filter (Ohio)', 'Widen the submission dates'])).toBe(
      'Remove the state filter (Ohio) and widen the submission dates',
    );
    expect(joinLoosenings(['Widen the submission dates'])).toBe('Widen the submission dates');
  });
});

describe('rateSentence', () => {
  const figures = {
    count: 2,
    medianRateChange: 18.3,
    averageRateChange: 18.3,
    minRateChange: 18.3,
    maxRateChange: 18.3,
    firstSubmitted: '2024-06-04',
    lastSubmitted: '2024-12-09',
  };
  it('says over how many filings the rate figures are when some state no rate change', () => {
    expect(rateSentence({ ...figures, rateChangeCount: 1 })).toBe('One of them states an overall rate change: +18.3%.');
    expect(rateSentence({ ...figures, count: 5, rateChangeCount: 3, minRateChange: -2, maxRateChange: 20.25 })).toBe(
      '3 of them state an overall rate change: median +18.3% (average +18.3%, from −2.0% to +20.3%).',
    );
    expect(rateSentence({ ...figures, rateChangeCount: 2 })).toBe(
      'Their median overall rate change is +18.3% (average +18.3%, from +18.3% to +18.3%).',
    );
    // Answers saved before the count was kept read as before.
    expect(rateSentence(figures)).toMatch(/^Their median overall rate change is/);
  });
});

describe('one filing', () => {
  it('is written of as one: its rate change, the day it was submitted', () => {
    const one = {
      count: 1,
      rateChangeCount: 1,
      medianRateChange: 8.2,
      averageRateChange: 8.2,
      minRateChange: 8.2,
      maxRateChange: 8.2,
      firstSubmitted: '2023-10-27',
      lastSubmitted: '2023-10-27',
    };
    expect(rateSentence(one)).toBe('Its overall rate change is +8.2%.');
    expect(datesSentence(one)).toBe('It was submitted on October 27, 2023.');
    expect(datesSentence({ ...one, count: 2 })).toBe('They were all submitted on October 27, 2023.');
    expect(datesSentence({ ...one, count: 2, lastSubmitted: '2024-01-02' })).toBe(
      'They were submitted between October 27, 2023 and January 2, 2024.',
    );
  });
});

describe('the answer writes days and signed changes as the rest of the product', () => {
  it('long-form dates and a real minus sign (U+2212) in each cited filing, never ISO days or a hyphen-minus', () => {
    const filing = {
      id: 1,
      trackingNumber: 'MEIN-212742223',
      title: 'Kansas Homeowners Rate Filing',
      state: 'KS',
      company: 'Mesa Indemnity Company',
      naicGroup: 'Frontier National Group',
      line: 'homeowners',
      filingType: 'rate',
      status: 'approved',
      submittedOn: '2026-10-30',
      dispositionOn: null,
      effectiveOn: null,
      overallChange: -3.2,
      models: ['Z-HAIL'],
      categories: ['hail'],
      sample: true,
    };
    expect(describeFiling(filing)).toBe(
      'Mesa Indemnity Company, KS homeowners rate filing MEIN-212742223 (approved, −3.2%, submitted October 30, 2026)',
    );
    expect(describeFiling({ ...filing, overallChange: 2.8 })).toContain('(approved, +2.8%, submitted');
  });

  it("says the question's dates and rate range the same way", () => {
    const filters = zorroFiltersSchema.parse({ state: ['KS'], submittedFrom: '2024-01-01', submittedTo: '2026-10-30' });
    expect(describeFilters(filters)).toBe('filings in Kansas submitted between January 1, 2024 and October 30, 2026');
    expect(describeFilters({ ...filters, submittedTo: undefined, rateMin: -5, rateMax: 10 })).toBe(
      'filings in Kansas submitted since January 1, 2024 with an overall rate change between −5.0% and +10.0%',
    );
  });
});
