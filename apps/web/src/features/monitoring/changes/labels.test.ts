import { describe, expect, it } from 'vitest';
import { factorText } from './labels';

describe('factorText', () => {
  it('writes each factor that moved by its signed contribution change, then from → to', () => {
    expect(
      factorText([
        { name: 'Roof age', from: 0.1, to: 0.523 },
        { name: 'Roof condition', from: 0.3, to: -0.3 },
        { name: 'Solar panels', from: null, to: 0.2 },
      ]),
    ).toBe('Roof age +0.42 (0.1 → 0.52); Roof condition −0.6 (0.3 → −0.3); Solar panels +0.2 (– → 0.2)');
  });
});
