import {
  TOP_BAR_TABS,
  activeTabForLocation,
  canUseUserManagement,
  type PermissionContext,
  organizationSwitcherIsDropdown,
  showAdminBadge,
  showOrganizationSwitcher,
  visibleTabs,
} from '@zview/contracts';
import { useState } from 'react';
import { Link as RouterLink, useLocation } from 'react-router';
import { useSession, type Session } from '../session/session';
import { deferredComponent } from '../ui/deferred';
import { LazyTooltip } from '../ui/LazyTooltip';
import { PlainButton } from '../ui/plain/Button';
import { Icon } from '../ui/plain/icons';
import { TabBar } from '../ui/TabBar';

// The bell (its menu, polling and schemas) and the drop-down menus load after the first page has
// shown (issue 45: the home page's JavaScript); a menu opened before then shows once it is here.
const NotificationBell = deferredComponent<{ sx?: object }>(
  () => import('../features/notifications/NotificationBell').then((module) => module.NotificationBell),
  { placeholder: () => <div aria-hidden className="zv-bell-slot" /> },
);
const OrganizationMenu = deferredComponent(() => import('./TopBarMenus').then((module) => module.OrganizationMenu));
const AccountMenuList = deferredComponent(() => import('./TopBarMenus').then((module) => module.AccountMenuList));

// The bell is drawn with MUI (it loads after the first page): on the navy bar, as the plain buttons.
const onDark = {
  color: 'rgba(255,255,255,0.86)',
  '&:hover': { color: '#fff', bgcolor: 'rgba(255,255,255,0.08)' },
} as const;

function Logo() {
  return (
    <RouterLink to="/" aria-label="Z-VIEW home" data-analytics-id="logo_click" className="zv-logo">
      <div aria-hidden className="zv-logo-mark">
        Z
      </div>
      <span className="zv-logo-name">Z-VIEW</span>
    </RouterLink>
  );
}

function ProductTabs({ session }: { session: Session }) {
  const location = useLocation();
  const tabs = visibleTabs(session.permissions);
  const active = activeTabForLocation(location.pathname, location.search);
  return (
    <TabBar
      value={active && tabs.includes(active) ? active : false}
      items={TOP_BAR_TABS.filter((tab) => tabs.includes(tab.value)).map((tab) => ({
        value: tab.value,
        label: tab.label,
        to: tab.path,
      }))}
      aria-label="Products"
      tone="topBar"
    />
  );
}

function OrganizationSwitcher({ session }: { session: Session }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  if (!showOrganizationSwitcher(session.permissions) || !session.activeOrganization) return null;
  const name = session.activeOrganization.name;
  if (!organizationSwitcherIsDropdown(session.permissions)) {
    return (
      <div className="zv-organization-name" data-testid="organization-name" title={name}>
        <Icon name="businessOutlined" small />
        <span>{name}</span>
      </div>
    );
  }
  return (
    <>
      <PlainButton
        startIcon={<Icon name="businessOutlined" small />}
        endIcon={<Icon name="arrowDropDown" />}
        aria-label={`Organization: ${name}`}
        aria-haspopup="menu"
        aria-expanded={Boolean(anchor)}
        onClick={(event) => {
          void OrganizationMenu.preload();
          setAnchor(anchor ? null : event.currentTarget);
        }}
        onPointerEnter={() => void OrganizationMenu.preload()}
        title={name}
        className="zv-organization-button"
      >
        <span className="zv-ellipsis zv-organization-label">{name}</span>
      </PlainButton>
      <OrganizationMenu session={session} anchor={anchor} onClose={() => setAnchor(null)} />
    </>
  );
}

/**
 * Why Account Settings and Team Management are absent (SPEC §5: trial organisations and users
 * with external groups have no user management), so the menu is never a dead end. Whether the
 * organisation acted for is a trial is what the server presents for it, not a token claim.
 */
export function teamManagementUnavailableReason(ctx: PermissionContext, trial: boolean): string | null {
  if (canUseUserManagement(ctx)) return null;
  if (!ctx.flags.userManagement) return 'Team management is not enabled on this Z-VIEW installation.';
  if (trial) return 'Team management is not available to trial organisations.';
  if (ctx.user.externalGroups.length > 0)
    return 'Team management is not available: your access is managed by your company’s identity provider.';
  return 'Team management is not available for your account.';
}

/**
 * The letters of the account button's avatar, which stands for the name below 1200 px (the name and
 * its ADMIN badge move into the account menu there, so the product tabs keep their labels whole):
 * the first letter of the first and last names, or of the email when the token names nobody.
 */
export function userInitials(firstName: string, lastName: string, email: string): string {
  const first = (word: string) => Array.from(word.trim())[0] ?? '';
  const letters = first(firstName) + first(lastName) || first(email);
  return letters.toLocaleUpperCase() || '?';
}

function AccountMenu({ session }: { session: Session }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const unavailable = teamManagementUnavailableReason(session.permissions, session.activeOrganization?.trial ?? false);
  const fullName = `${session.user.firstName} ${session.user.lastName}`.trim();
  const admin = showAdminBadge(session.permissions);
  const organization =
    showOrganizationSwitcher(session.permissions) && session.activeOrganization
      ? session.activeOrganization.name
      : null;
  return (
    <>
      <PlainButton
        aria-label="Account menu"
        title={fullName || session.user.email}
        aria-haspopup="menu"
        aria-expanded={Boolean(anchor)}
        onClick={(event) => {
          void AccountMenuList.preload();
          setAnchor(anchor ? null : event.currentTarget);
        }}
        onPointerEnter={() => void AccountMenuList.preload()}
        endIcon={<Icon name="arrowDropDown" />}
        className="zv-account-button"
      >
        <span aria-hidden className="zv-avatar" data-testid="user-avatar">
          {userInitials(session.user.firstName, session.user.lastName, session.user.email)}
        </span>
        <span data-testid="user-name" className="zv-account-name">
          {fullName}
        </span>
        {admin && (
          <span data-testid="admin-badge" className="zv-admin-badge">
            ADMIN
          </span>
        )}
      </PlainButton>
      <AccountMenuList
        session={session}
        anchor={anchor}
        onClose={() => setAnchor(null)}
        fullName={fullName}
        admin={admin}
        organization={organization}
        unavailable={unavailable}
      />
    </>
  );
}

/** The 52px top bar (SPEC §2), driven entirely by the session; drawn without MUI (issue 45). */
export function TopBar() {
  const session = useSession();
  return (
    <header className="zv-top-bar">
      <Logo />
      <ProductTabs session={session} />
      <div className="zv-spacer" />
      <OrganizationSwitcher session={session} />
      <NotificationBell sx={onDark} />
      <LazyTooltip title="Help and FAQ">
        <RouterLink
          to="/faq"
          aria-label="Help"
          data-analytics-id="get_help"
          data-analytics-properties='{"from":"top_bar"}'
          className="zv-icon-button"
        >
          <Icon name="helpOutline" small />
        </RouterLink>
      </LazyTooltip>
      <AccountMenu session={session} />
      <LazyTooltip title="Logout">
        <button type="button" aria-label="Logout" onClick={() => void session.logout()} className="zv-icon-button">
          <Icon name="logout" small />
        </button>
      </LazyTooltip>
    </header>
  );
}
