import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { InfoIcon } from './InfoIcon';

describe('InfoIcon', () => {
  it('shows its text in a tooltip placed right by default, outlined by default', async () => {
    const user = userEvent.setup();
    render(<InfoIcon text="Scores are updated monthly." />);
    const icon = screen.getByRole('img', { name: 'Scores are updated monthly.' });
    expect(icon).toHaveAttribute('data-variant', 'outlined');
    expect(icon.querySelector('[data-testid="InfoOutlinedIcon"]')).not.toBeNull();
    await user.hover(icon);
    const tooltip = await screen.findByRole('tooltip');
    expect(tooltip).toHaveTextContent('Scores are updated monthly.');
    expect(tooltip.getAttribute('data-popper-placement') ?? tooltip.className).toMatch(/right/);
  });

  it.each(['left', 'top', 'bottom'] as const)('can be placed %s, filled', async (placement) => {
    const user = userEvent.setup();
    render(<InfoIcon text="Help" variant="filled" placement={placement} />);
    const icon = screen.getByRole('img', { name: 'Help' });
    expect(icon.querySelector('[data-testid="InfoIcon"]')).not.toBeNull();
    await user.hover(icon);
    const tooltip = await screen.findByRole('tooltip');
    expect(tooltip.getAttribute('data-popper-placement') ?? tooltip.className).toMatch(new RegExp(placement));
  });
});
