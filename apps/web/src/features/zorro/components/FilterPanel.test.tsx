import { render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { readFinderState } from '../filters';
import { FilterPanel } from './FilterPanel';

describe('FilterPanel', () => {
  it('lays the submission dates one above the other, each the full width, so "mm/dd/yyyy" is never cut', () => {
    render(
      <FilterPanel
        state={readFinderState(new URLSearchParams('submittedFrom=2024-01-02&submittedTo=2026-10-30'))}
        facets={undefined}
        onChange={vi.fn()}
      />,
    );
    const dates = screen.getByTestId('submitted-dates');
    // Side by side, each had half of the 280 px panel: the native input showed 'mm/dd/yy' cut off.
    expect(dates).toHaveStyle({ flexDirection: 'column' });
    const from = within(dates).getByLabelText('From');
    const to = within(dates).getByLabelText('To');
    expect(from).toHaveValue('2024-01-02');
    expect(to).toHaveValue('2026-10-30');
    for (const input of [from, to])
      expect(input.closest('.MuiFormControl-root')).toHaveClass('MuiFormControl-fullWidth');
  });
});
