import { describe, expect, it } from 'vitest';
import { datesSentence, joinLoosenings, rateSentence } from './explorer.js';

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
      '3 of them state an overall rate change: median +18.3% (average +18.3%, from -2.0% to +20.3%).',
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
    expect(datesSentence(one)).toBe('It was submitted on 2023-10-27.');
    expect(datesSentence({ ...one, count: 2 })).toBe('They were all submitted on 2023-10-27.');
    expect(datesSentence({ ...one, count: 2, lastSubmitted: '2024-01-02' })).toBe(
      'They were submitted between 2023-10-27 and 2024-01-02.',
    );
  });
});
