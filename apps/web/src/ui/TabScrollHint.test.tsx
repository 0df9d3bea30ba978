import { STORAGE_KEYS } from '@zview/contracts';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { TabScrollHint } from './TabScrollHint';

function Tabs() {
  return (
    <TabScrollHint text="Scroll to see all products">
      <div>tabs</div>
    </TabScrollHint>
  );
}

describe('TabScrollHint', () => {
  it('stays open, without hovering, until closed', async () => {
    const user = userEvent.setup();
    render(<Tabs />);
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Scroll to see all products');
    await user.click(screen.getByText('tabs'));
    expect(screen.getByRole('tooltip')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Close hint' }));
    await waitFor(() => expect(screen.queryByRole('tooltip')).not.toBeInTheDocument());
    expect(localStorage.getItem(STORAGE_KEYS.tabScrollTooltip)).toBe('true');
  });

  it('does not come back once closed', () => {
    localStorage.setItem(STORAGE_KEYS.tabScrollTooltip, 'true');
    render(<Tabs />);
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
  });
});
