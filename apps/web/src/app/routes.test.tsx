import { MESSAGES } from '@zview/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderApp, testConfig } from '../../test/render';
import { SHELL_ROUTES } from './routes';

// Pages load lazily: under a loaded machine the first import of a page module can take seconds.
const SLOW = { timeout: 8000 };

const notFound = () => screen.findByText('The specified page could not be found.', {}, SLOW);

describe('the route table', () => {
  it('declares every screen of SPEC §2 once', () => {
    const paths = SHELL_ROUTES.map((route) => route.path);
    expect(new Set(paths).size).toBe(paths.length);
    for (const path of [
      '/',
      '/scores',
      '/scores/:activeProduct',
      '/zfire',
      '/zproperty',
      '/zwind',
      '/zhail',
      '/zstorm',
      '/faq',
      '/profile',
      '/team',
      '/team/add-new-member',
      '/team/add-multiple-members',
      '/team/edit-member/:userId',
      '/billing',
      '/zportfolio',
      '/zportfolio/results',
      '/zportfolio/create',
      '/dashboard/:activeTab',
      '/mock-mode-addresses',
      '/zorro',
      '/zorro/explorer',
      '/zorro/grid',
      '/zorro/filing-finder',
      '/admin/customer-management',
      '/admin/mocks-management',
      '/admin/usage-analytics',
    ]) {
      expect(paths).toContain(path);
    }
  });
});

describe('routing in the shell', () => {
  it('answers an unknown path with the not-found page', async () => {
    renderApp({ path: '/definitely/not/here', devSession: 'member' });
    expect(await notFound()).toBeInTheDocument();
    expect(screen.getByRole('banner')).toBeInTheDocument();
  });

  it('shows the login page without a session, on any path', async () => {
    renderApp({ path: '/billing' });
    expect(await screen.findByRole('heading', { name: 'Welcome' }, SLOW)).toBeInTheDocument();
  });

  it('honours development sessions under the test runtime only (not locally)', async () => {
    sessionStorage.setItem('zview.devSession', 'admin');
    const { container } = renderApp({ path: '/', config: testConfig({ ENV: 'local' }) });
    // The real sign-in starts (its loader or login page), never the admin fixture's shell.
    await waitFor(() => expect(container).not.toBeEmptyDOMElement());
    expect(screen.queryByRole('banner')).not.toBeInTheDocument();
    expect(screen.queryByText('Morgan Hale')).not.toBeInTheDocument();
  });

  it('opens admin pages to internal admins only', async () => {
    const { unmount } = renderApp({ path: '/admin/mocks-management', devSession: 'admin' });
    expect(await screen.findByRole('heading', { name: 'Mocks management' }, SLOW)).toBeInTheDocument();
    unmount();
    renderApp({ path: '/admin/mocks-management', devSession: 'groupAdmin' });
    expect(await notFound()).toBeInTheDocument();
  });

  it('opens the team editing pages where the server presents team:manage (group and internal admins, not SSO)', async () => {
    const first = renderApp({ path: '/team/add-new-member', devSession: 'groupAdmin' });
    expect(await screen.findByRole('heading', { name: 'Add new member' }, SLOW)).toBeInTheDocument();
    first.unmount();
    // An internal admin who is no group admin may edit teams on the server: the page opens (issue 44).
    const staff = renderApp({ path: '/team/add-new-member', devSession: 'admin' });
    expect(await screen.findByRole('heading', { name: 'Add new member' }, SLOW)).toBeInTheDocument();
    staff.unmount();
    const sso = renderApp({ path: '/team/edit-member/u-1', devSession: 'ssoAdmin' });
    expect(await notFound()).toBeInTheDocument();
    sso.unmount();
    // the SSO admin still sees the team (read-only)
    const team = renderApp({ path: '/team', devSession: 'ssoAdmin' });
    expect(await screen.findByRole('heading', { name: 'Team Management' }, SLOW)).toBeInTheDocument();
    team.unmount();
    renderApp({ path: '/profile', devSession: 'trial' });
    expect(await notFound()).toBeInTheDocument();
  });

  it('gates billing, portfolio and zorro', async () => {
    const billing = renderApp({ path: '/billing', devSession: 'member' });
    expect(await notFound()).toBeInTheDocument();
    billing.unmount();
    const zorro = renderApp({ path: '/zorro/grid', devSession: 'groupAdmin' });
    expect(await notFound()).toBeInTheDocument();
    zorro.unmount();
    renderApp({ path: '/zportfolio/create', devSession: 'admin' });
    expect(await screen.findByRole('heading', { name: 'New portfolio' }, SLOW)).toBeInTheDocument();
  });

  it('redirects home to zorro or the portfolio when those are the only products', async () => {
    const zorro = renderApp({ path: '/', devSession: 'zorroOnly' });
    await waitFor(() => expect(zorro.router().state.location.pathname).toBe('/zorro'));
    expect(await screen.findByRole('heading', { name: 'Discovery' }, SLOW)).toBeInTheDocument();
    zorro.unmount();
    const portfolio = renderApp({ path: '/', devSession: 'portfolioOnly' });
    await waitFor(() => expect(portfolio.router().state.location.pathname).toBe('/zportfolio'));
    portfolio.unmount();
    const home = renderApp({ path: '/', devSession: 'member' });
    expect(await screen.findByRole('heading', { name: 'Look up a property' }, SLOW)).toBeInTheDocument();
    expect(home.router().state.location.pathname).toBe('/');
  });

  it('shows the error box with Logout for an organisation without products', async () => {
    const user = userEvent.setup();
    renderApp({ path: '/', devSession: 'noProducts' });
    expect(
      await screen.findByText('There are no enabled applications for your Z-VIEW account.', {}, SLOW),
    ).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.supportLine('support@zview.test'))).toBeInTheDocument();
    // the error box has its own Logout button, beside the top bar's
    const box = screen
      .getByText('There are no enabled applications for your Z-VIEW account.')
      .closest('[role="alert"]') as HTMLElement;
    await user.click(within(box).getByRole('button', { name: 'Logout' }));
    expect(await screen.findByRole('heading', { name: 'Welcome' }, SLOW)).toBeInTheDocument();
  });

  it('loads pages lazily and navigates between them', async () => {
    const user = userEvent.setup();
    const { router } = renderApp({ path: '/', devSession: 'admin' });
    // the first lazy import of a page transforms its whole module graph: allow for a cold cache
    expect(await screen.findByTestId('empty-search', {}, SLOW)).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Help' }));
    expect(await screen.findByRole('heading', { name: 'Frequently asked questions' }, SLOW)).toBeInTheDocument();
    expect(router().state.location.pathname).toBe('/faq');
  });
});

describe('the first load of a lazy page (#21.15)', () => {
  it('shows a loading indicator, and React Router logs no HydrateFallback warning', async () => {
    const warnings: string[] = [];
    const spy = vi
      .spyOn(console, 'warn')
      .mockImplementation((...args: unknown[]) => void warnings.push(args.map(String).join(' ')));
    try {
      renderApp({ path: '/faq', devSession: 'member' });
      expect(await screen.findByRole('banner', {}, SLOW)).toBeInTheDocument();
      await waitFor(() => expect(screen.queryByLabelText('Loading page')).not.toBeInTheDocument());
      expect(warnings.filter((w) => w.includes('HydrateFallback'))).toEqual([]);
    } finally {
      spy.mockRestore();
    }
  });
});
