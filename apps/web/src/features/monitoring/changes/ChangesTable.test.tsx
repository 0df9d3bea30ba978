import type { ScoreChangeDto } from '@zview/contracts';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ChangesTable } from './ChangesTable';

const change: ScoreChangeDto = {
  id: 'c1',
  changedAt: '2026-10-29T12:00:00.000Z',
  effectiveOn: '2026-10-29',
  portfolioId: 1,
  product: 'zhail',
  rowNumber: 126,
  ref: 'POL-00126',
  address: '2229 N Sunflower Dr, Fresno, CA, 93794',
  propertyId: 'p1',
  oldScore: 3.6,
  newScore: 3,
  oldLevel: 'low',
  newLevel: 'low',
  delta: -0.6,
  factors: [],
  features: [],
  cause: 'capture',
  causeId: 'nb-00004-m20261029',
  modelVersion: 'zhail-1',
};

describe('ChangesTable', () => {
  it('writes scores with one decimal as the score cards do, and a fall with a real minus sign', () => {
    render(
      <ChangesTable
        rows={[change, { ...change, id: 'c2', oldScore: 5.5, newScore: 6.5, delta: 1 }]}
        onOpen={() => undefined}
        testId="changes"
      />,
    );
    const rows = within(screen.getByTestId('changes')).getAllByRole('row');
    expect(within(rows[1]!).getByText('3.6 → 3.0 (−0.6)')).toBeInTheDocument();
    expect(within(rows[2]!).getByText('5.5 → 6.5 (+1.0)')).toBeInTheDocument();
  });
});
