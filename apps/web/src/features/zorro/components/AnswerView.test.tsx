import type { ZorroAnswer } from '@zview/contracts';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../../test/render';
import { AnswerView } from './AnswerView';

const answer = (figures: Partial<ZorroAnswer['figures']>): ZorroAnswer => ({
  mode: 'extractive',
  interpreted: { filters: {}, description: 'homeowners filings in Kansas', keywords: '' },
  figures: {
    count: 3,
    rateChangeCount: 3,
    medianRateChange: 4.5,
    averageRateChange: 4.5,
    minRateChange: 1,
    maxRateChange: 8,
    firstSubmitted: '2024-01-02',
    lastSubmitted: '2025-03-04',
    ...figures,
  },
  sentences: [{ text: 'Filings match.', citations: [] }],
  citations: [],
  zeroResults: false,
  suggestions: [],
  droppedClaims: 0,
});
const chips = (a: ZorroAnswer) => {
  renderWithProviders(<AnswerView answer={a} onRetry={() => {}} onLoosen={() => {}} />);
  return Array.from(screen.getByTestId('figures').querySelectorAll('.MuiChip-label'), (c) => c.textContent);
};

describe('AnswerView figures', () => {
  it('shows a median and a range over several rate changes', () => {
    expect(chips(answer({}))).toEqual([
      '3 filings',
      'median +4.5%',
      'range +1.0% to +8.0%',
      'January 2, 2024 – March 4, 2025',
      'Extracted from the filings',
    ]);
  });

  it('says how many state a rate change, and one change is not a median nor a range', () => {
    expect(
      chips(
        answer({
          count: 2,
          rateChangeCount: 1,
          medianRateChange: 18.3,
          minRateChange: 18.3,
          maxRateChange: 18.3,
          lastSubmitted: '2024-01-02',
        }),
      ),
    ).toEqual([
      '2 filings',
      '1 with a rate change',
      'rate change +18.3%',
      'January 2, 2024',
      'Extracted from the filings',
    ]);
  });

  it('writes days as the sentences do and a cut with a real minus sign', () => {
    expect(chips(answer({ medianRateChange: -1.5, minRateChange: -3.2, maxRateChange: 18.6 }))).toEqual([
      '3 filings',
      'median −1.5%',
      'range −3.2% to +18.6%',
      'January 2, 2024 – March 4, 2025',
      'Extracted from the filings',
    ]);
  });
});
