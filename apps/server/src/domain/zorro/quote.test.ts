import { ZORRO_MARK_END as E, ZORRO_MARK_START as S } from '@zview/contracts';
import { describe, expect, it } from 'vitest';
import { sentenceQuote } from './quote.js';

const PAGE = `MODEL DOCUMENTATION – Z-HAIL (Z-VIEW)
Z-HAIL is a hail model. It scores each location from property attributes and the surrounding hazard: hail climatology, storm history and roof material. Validation on Texas data shows a loss ratio relativity from 0.61 for the best decile to 3.02 for the worst.`;

describe('sentenceQuote', () => {
  it('quotes whole sentences around the highlighted terms, never the heading above them', () => {
    const quote = sentenceQuote(PAGE, `${S}Z-HAIL${E} is a ${S}hail${E} model. It scores`);
    expect(quote.replaceAll(S, '').replaceAll(E, '')).toBe(
      'Z-HAIL is a hail model. It scores each location from property attributes and the surrounding hazard: hail climatology, storm history and roof material.',
    );
    expect(quote.startsWith(`${S}Z-HAIL${E} is a ${S}hail${E} model.`)).toBe(true);
    expect(quote).not.toContain('DOCUMENTATION');
  });

  it('starts at a sentence boundary when the highlight starts mid-sentence', () => {
    const quote = sentenceQuote(PAGE, `data shows a loss ratio ${S}relativity${E} from 0.61`);
    expect(quote).toBe(
      `Validation on Texas data shows a loss ratio ${S}relativity${E} from 0.61 for the best decile to 3.02 for the worst.`,
    );
  });

  it('prefers a sentence to a one-word heading holding the same term', () => {
    const page =
      'Indications. The experience period is 2021 through 2025. The indicated change is +11.8%; the Company selects +10.8%.';
    const quote = sentenceQuote(page, `${S}Indications${E}. The experience period`);
    expect(quote.replaceAll(S, '').replaceAll(E, '')).toBe(
      'The indicated change is +11.8%; the Company selects +10.8%.',
    );
  });
});
