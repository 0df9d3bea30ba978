import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { PlainButton } from './Button';

/** The first screens' button drawn without MUI (issue 45). */
describe('the plain button', () => {
  it('is a button named by its label, clicked like one, never a form submit unless asked', async () => {
    const onClick = vi.fn();
    render(<PlainButton onClick={onClick}>Search</PlainButton>);
    const button = screen.getByRole('button', { name: 'Search' });
    expect(button).toHaveAttribute('type', 'button');
    await userEvent.click(button);
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  it('while loading: disabled, with a progress indicator in place of its label', async () => {
    const onClick = vi.fn();
    render(
      <PlainButton type="submit" variant="contained" size="large" loading onClick={onClick}>
        Next
      </PlainButton>,
    );
    const button = screen.getByRole('button', { name: 'Next' });
    expect(button).toBeDisabled();
    expect(button).toHaveClass('zv-button-contained', 'zv-button-large', 'zv-button-loading');
    expect(screen.getByRole('progressbar')).toBeInTheDocument();
    await userEvent.click(button);
    expect(onClick).not.toHaveBeenCalled();
  });
});
