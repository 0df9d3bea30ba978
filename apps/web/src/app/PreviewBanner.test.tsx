import { SESSION_STORAGE_KEYS } from '@zview/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders, sessionFixture, testConfig } from '../../test/render';
import { PreviewBanner } from './PreviewBanner';

const endo = testConfig({ ENV: 'endo' });
const withOverride = () =>
  sessionStorage.setItem(SESSION_STORAGE_KEYS.prOverride, JSON.stringify({ caribou_pr: '812', ragamuffin_pr: '97' }));

describe('the preview banner', () => {
  it('names both pull requests for an internal admin of organisation 1 in endo', () => {
    withOverride();
    renderWithProviders(<PreviewBanner />, { session: sessionFixture('endoAdmin'), config: endo });
    expect(screen.getByTestId('preview-caribou_pr')).toHaveTextContent('caribou PR #812');
    expect(screen.getByTestId('preview-ragamuffin_pr')).toHaveTextContent('ragamuffin PR #97');
  });

  it('stays hidden without an override, outside endo, for another organisation or without override access', () => {
    const cases = [
      { override: false, config: endo, session: sessionFixture('endoAdmin') },
      { override: true, config: testConfig({ ENV: 'production' }), session: sessionFixture('endoAdmin') },
      { override: true, config: endo, session: sessionFixture('endoAdmin', { initialOrganizationId: 101 }) },
      {
        override: true,
        config: endo,
        session: sessionFixture('groupAdmin', {
          organizations: [{ id: 1, name: 'Z-VIEW Internal', products: ['zfire'] }],
        }),
      },
    ];
    for (const { override, config, session } of cases) {
      sessionStorage.clear();
      if (override) withOverride();
      const { unmount } = renderWithProviders(<PreviewBanner />, { session, config });
      expect(screen.queryByTestId('preview-banner')).not.toBeInTheDocument();
      unmount();
    }
  });

  it('collapses and expands', async () => {
    const user = userEvent.setup();
    withOverride();
    renderWithProviders(<PreviewBanner />, { session: sessionFixture('endoAdmin'), config: endo });
    await user.click(screen.getByRole('button', { name: 'Collapse preview banner' }));
    expect(screen.queryByTestId('preview-caribou_pr')).not.toBeInTheDocument();
    expect(screen.getByTestId('preview-banner')).toHaveTextContent('PREVIEW');
    await user.click(screen.getByRole('button', { name: 'Expand preview banner' }));
    expect(screen.getByTestId('preview-caribou_pr')).toBeInTheDocument();
  });

  it('clears the override after the Clear PR Override confirmation, then reloads', async () => {
    const user = userEvent.setup();
    const reload = vi.fn();
    withOverride();
    renderWithProviders(<PreviewBanner reload={reload} />, { session: sessionFixture('endoAdmin'), config: endo });

    await user.click(screen.getByRole('button', { name: 'Clear' }));
    expect(await screen.findByRole('dialog', { name: 'Clear PR Override' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(sessionStorage.getItem(SESSION_STORAGE_KEYS.prOverride)).not.toBeNull();
    expect(reload).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Clear' }));
    const dialog = await screen.findByRole('dialog', { name: 'Clear PR Override' });
    await user.click(dialog.querySelector('button.MuiButton-contained') as HTMLElement);
    await waitFor(() => expect(reload).toHaveBeenCalledOnce());
    expect(sessionStorage.getItem(SESSION_STORAGE_KEYS.prOverride)).toBeNull();
  });
});
