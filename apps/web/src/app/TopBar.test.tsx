import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { NO_ABILITIES } from '@zview/contracts';
import { DEV_SESSIONS } from './dev-session';
import { renderWithProviders, sessionFixture, testConfig } from '../../test/render';
import { TopBar, userInitials } from './TopBar';

const tabNames = () => screen.queryAllByRole('tab').map((tab) => tab.textContent);
const selectedTab = () =>
  screen.queryAllByRole('tab').find((tab) => tab.getAttribute('aria-selected') === 'true')?.textContent;

describe('the top bar', () => {
  it('shows the tabs the organisation enables and selects the one the path names', () => {
    renderWithProviders(<TopBar />, { session: sessionFixture('admin'), path: '/scores/zfire' });
    expect(tabNames()).toEqual(['Property View', 'Portfolio', 'Discovery']);
    expect(selectedTab()).toBe('Property View');
  });

  it('selects portfolio for a property id query parameter and discovery for zorro paths', () => {
    const { unmount } = renderWithProviders(<TopBar />, {
      session: sessionFixture('admin'),
      path: '/scores?property_id=77',
    });
    expect(selectedTab()).toBe('Portfolio');
    unmount();
    renderWithProviders(<TopBar />, { session: sessionFixture('admin'), path: '/zorro/explorer' });
    expect(selectedTab()).toBe('Discovery');
  });

  it('selects no tab elsewhere and hides tabs the user may not use', () => {
    renderWithProviders(<TopBar />, { session: sessionFixture('member'), path: '/faq' });
    expect(tabNames()).toEqual(['Property View']);
    expect(selectedTab()).toBeUndefined();
  });

  it('hides the portfolio tab when the portfolio config flag is off', () => {
    renderWithProviders(<TopBar />, {
      session: sessionFixture('admin'),
      config: testConfig({ PORTFOLIO_ENABLED: false }),
    });
    expect(tabNames()).toEqual(['Property View', 'Discovery']);
  });

  it('names the user, badges admins and links help to the FAQ', () => {
    renderWithProviders(<TopBar />, { session: sessionFixture('groupAdmin') });
    expect(screen.getByTestId('user-name')).toHaveTextContent('Priya Nair');
    expect(screen.getByTestId('admin-badge')).toHaveTextContent('ADMIN');
    expect(screen.getByRole('link', { name: 'Help' })).toHaveAttribute('href', '/faq');
    expect(screen.getByRole('link', { name: 'Z-VIEW home' })).toHaveAttribute('href', '/');
  });

  it('draws the user as initials too, which stand for the name below 1200 px', () => {
    renderWithProviders(<TopBar />, { session: sessionFixture('groupAdmin') });
    const account = screen.getByRole('button', { name: 'Account menu' });
    expect(within(account).getByTestId('user-avatar')).toHaveTextContent(/^PN$/);
    expect(account).toHaveAttribute('title', 'Priya Nair');
  });

  it('takes the initials from the first and last names, else from the email', () => {
    expect(userInitials('Ada', 'Admin', 'admin@demo.test')).toBe('AA');
    expect(userInitials(' ada ', 'lovelace', 'x@y.z')).toBe('AL');
    expect(userInitials('Cher', '', 'cher@demo.test')).toBe('C');
    expect(userInitials('', '', 'zoe@demo.test')).toBe('Z');
    expect(userInitials('Élodie', 'Ørsted', 'e@o.test')).toBe('ÉØ');
    // A letter outside the Basic Multilingual Plane is one letter, not half a surrogate pair.
    expect(userInitials('𝓐da', 'Bo', 'a@b.c')).toBe('𝓐B');
    expect(userInitials('', '', '')).toBe('?');
  });

  it('repeats the ADMIN badge and the organisation in the account menu, for the top bar below 1200 px', async () => {
    const user = userEvent.setup();
    renderWithProviders(<TopBar />, { session: sessionFixture('groupAdmin') });
    await user.click(screen.getByRole('button', { name: 'Account menu' }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByTestId('account-menu-admin-badge')).toHaveTextContent('ADMIN');
    expect(within(menu).getByTestId('account-menu-organization')).toHaveTextContent('Summit Property & Casualty');
  });

  it('repeats neither for an ordinary user, whose top bar shows no organisation', async () => {
    const user = userEvent.setup();
    renderWithProviders(<TopBar />, { session: sessionFixture('member') });
    await user.click(screen.getByRole('button', { name: 'Account menu' }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).queryByTestId('account-menu-admin-badge')).not.toBeInTheDocument();
    expect(within(menu).queryByTestId('account-menu-organization')).not.toBeInTheDocument();
  });

  it('has no badge and no organisation switcher for an ordinary user', () => {
    renderWithProviders(<TopBar />, { session: sessionFixture('member') });
    expect(screen.queryByTestId('admin-badge')).not.toBeInTheDocument();
    expect(screen.queryByTestId('organization-name')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Organization:/ })).not.toBeInTheDocument();
  });

  it('badges by the role in the organisation acted for, not by the token, and keeps the switcher', async () => {
    const user = userEvent.setup();
    // The token says group admin (of A); in B the server presents a plain member.
    renderWithProviders(<TopBar />, {
      session: sessionFixture('groupAdmin', {
        organizations: [
          { id: 301, name: 'Admin Org A', products: ['zfire'], role: 'admin' },
          { id: 302, name: 'Member Org B', products: ['zfire'], role: 'member' },
        ],
        initialOrganizationId: 302,
      }),
    });
    expect(screen.queryByTestId('admin-badge')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Organization: Member Org B' }));
    await user.click(within(await screen.findByRole('menu')).getByRole('menuitem', { name: 'Admin Org A' }));
    expect(await screen.findByRole('button', { name: 'Organization: Admin Org A' })).toBeInTheDocument();
    expect(screen.getByTestId('admin-badge')).toHaveTextContent('ADMIN');
  });

  it('shows a single organisation as plain text', () => {
    renderWithProviders(<TopBar />, { session: sessionFixture('groupAdmin') });
    expect(screen.getByTestId('organization-name')).toHaveTextContent('Summit Property & Casualty');
    expect(screen.queryByRole('button', { name: /^Organization:/ })).not.toBeInTheDocument();
  });

  it('switches organisation from the dropdown when there are several', async () => {
    const user = userEvent.setup();
    renderWithProviders(<TopBar />, { session: sessionFixture('admin'), path: '/' });
    await user.click(screen.getByRole('button', { name: 'Organization: Acme Mutual Insurance' }));
    const menu = await screen.findByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Acme Mutual Insurance', 'Summit Property & Casualty', 'Harbor Re']);
    await user.click(within(menu).getByRole('menuitem', { name: 'Harbor Re' }));
    expect(await screen.findByRole('button', { name: 'Organization: Harbor Re' })).toBeInTheDocument();
    // Harbor Re has neither portfolio nor zorro; an internal admin still sees portfolios (the policy's override, as the server allows)
    expect(tabNames()).toEqual(['Property View', 'Portfolio']);
  });

  it('lists the account menu links by their conditions and follows them', async () => {
    const user = userEvent.setup();
    const { router } = renderWithProviders(<TopBar />, { session: sessionFixture('admin') });
    await user.click(screen.getByRole('button', { name: 'Account menu' }));
    const items = within(await screen.findByRole('menu'))
      .getAllByRole('menuitem')
      .map((item) => item.textContent);
    expect(items).toEqual([
      'Account Settings',
      'Team Management',
      'Billing',
      'Customer Management',
      'Mocks Management',
      'Usage Analytics',
      'Sign out',
    ]);
    await user.click(screen.getByRole('menuitem', { name: 'Billing' }));
    expect(router.state.location.pathname).toBe('/billing');
  });

  it('offers a trial user no management links, but says why and lets them sign out (issue 45)', async () => {
    const user = userEvent.setup();
    const onLogout = vi.fn();
    renderWithProviders(<TopBar />, { session: sessionFixture('trial', { onLogout }) });
    await user.click(screen.getByRole('button', { name: 'Account menu' }));
    const menu = await screen.findByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Sign out']);
    expect(menu).toHaveTextContent('jo.baker@trial.test');
    expect(within(menu).getByTestId('team-management-unavailable')).toHaveTextContent(
      'Team management is not available to trial organisations.',
    );
    await user.click(within(menu).getByRole('menuitem', { name: 'Sign out' }));
    expect(onLogout).toHaveBeenCalledOnce();
  });

  it('says trial from what the server presents for the organisation, not from the token claim (issue 44)', async () => {
    const user = userEvent.setup();
    const trial = DEV_SESSIONS.trial;
    const session = sessionFixture('trial', {
      // The token says "not a trial"; the server presents the organisation acted for as one.
      user: { ...trial.user, isUserInTrialOrg: false },
      organizations: [
        { id: 106, name: 'Trial Insurance Co', products: ['zfire'], trial: true, abilities: NO_ABILITIES },
      ],
    });
    renderWithProviders(<TopBar />, { session });
    await user.click(screen.getByRole('button', { name: 'Account menu' }));
    expect(within(await screen.findByRole('menu')).getByTestId('team-management-unavailable')).toHaveTextContent(
      'Team management is not available to trial organisations.',
    );
  });

  it('logs out through the session', async () => {
    const user = userEvent.setup();
    const onLogout = vi.fn();
    renderWithProviders(<TopBar />, { session: sessionFixture('member', { onLogout }) });
    await user.click(screen.getByRole('button', { name: 'Logout' }));
    expect(onLogout).toHaveBeenCalledOnce();
  });
});
