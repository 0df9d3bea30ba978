import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ChoiceFilter } from './ChoiceFilter';

const CAUSES = [
  { value: 'capture', label: 'New imagery' },
  { value: 'appeal', label: 'Appeal' },
] as const;

function Controlled({ onChange }: { onChange: (value: string | undefined) => void }) {
  const [value, setValue] = useState<'capture' | 'appeal' | undefined>(undefined);
  return (
    <ChoiceFilter
      label="Cause"
      allLabel="All causes"
      choices={CAUSES}
      value={value}
      onChange={(next) => {
        setValue(next);
        onChange(next);
      }}
    />
  );
}

describe('ChoiceFilter', () => {
  it('shows the "all" words while unfiltered, answers the chosen value, and undefined for all', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Controlled onChange={onChange} />);
    const select = screen.getByRole('combobox', { name: 'Cause' });
    expect(select).toHaveTextContent('All causes');

    await user.click(select);
    await user.click(screen.getByRole('option', { name: 'Appeal' }));
    expect(onChange).toHaveBeenLastCalledWith('appeal');
    expect(select).toHaveTextContent('Appeal');

    await user.click(select);
    await user.click(screen.getByRole('option', { name: 'All causes' }));
    expect(onChange).toHaveBeenLastCalledWith(undefined);
    expect(select).toHaveTextContent('All causes');
  });
});
