import { describe, expect, it } from 'vitest';
import { joinLoosenings } from './explorer.js';

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
