import {
  LAYOUT,
  TOP_BAR_TABS,
  activeTabForLocation,
  canUseUserManagement,
  type PermissionContext,
  organizationSwitcherIsDropdown,
  showAdminBadge,
  showOrganizationSwitcher,
  visibleTabs,
} from '@zview/contracts';
import ArrowDropDown from '@mui/icons-material/ArrowDropDown';
import Business from '@mui/icons-material/BusinessOutlined';
import HelpOutline from '@mui/icons-material/HelpOutline';
import Logout from '@mui/icons-material/Logout';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink, useLocation } from 'react-router';
import { BRAND } from './theme';
import { useSession, type Session } from '../session/session';
import { deferredComponent } from '../ui/deferred';
import { LazyTooltip } from '../ui/LazyTooltip';
import { TabBar } from '../ui/TabBar';

// The bell (its menu, polling and schemas) and the drop-down menus load after the first page has
// shown (issue 45: the home page's JavaScript); a menu opened before then shows once it is here.
const NotificationBell = deferredComponent<{ sx?: object }>(
  () => import('../features/notifications/NotificationBell').then((module) => module.NotificationBell),
  { placeholder: () => <Box aria-hidden sx={{ width: 40, height: 40, flexShrink: 0 }} /> },
);
const OrganizationMenu = deferredComponent(() => import('./TopBarMenus').then((module) => module.OrganizationMenu));
const AccountMenuList = deferredComponent(() => import('./TopBarMenus').then((module) => module.AccountMenuList));

/** The ADMIN badge beside the user's name (the look of a small MUI Chip, without its code). */
const ADMIN_BADGE = {
  ml: 1,
  px: 1,
  height: 18,
  borderRadius: 9,
  display: 'inline-flex',
  alignItems: 'center',
  fontSize: 10,
  fontWeight: 700,
  letterSpacing: 0.8,
  bgcolor: BRAND.teal,
  color: '#fff',
} as const;

const onDark = {
  color: 'rgba(255,255,255,0.86)',
  '&:hover': { color: '#fff', bgcolor: 'rgba(255,255,255,0.08)' },
} as const;

function Logo() {
  return (
    <Box
      component={RouterLink}
      to="/"
      aria-label="Z-VIEW home"
      data-analytics-id="logo_click"
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: 1,
        color: '#fff',
        textDecoration: 'none',
        pr: { xs: 1.5, lg: 3 },
        flexShrink: 0,
        whiteSpace: 'nowrap',
      }}
    >
      <Box
        aria-hidden
        sx={{
          width: 26,
          height: 26,
          borderRadius: 1,
          bgcolor: BRAND.teal,
          display: 'grid',
          placeItems: 'center',
          fontWeight: 800,
          fontSize: 15,
        }}
      >
        Z
      </Box>
      <Typography component="span" sx={{ fontWeight: 700, letterSpacing: 1.5, fontSize: 16 }}>
        Z-VIEW
      </Typography>
    </Box>
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
      textColor="inherit"
      sx={{
        minWidth: 0,
        flexShrink: 1,
        minHeight: LAYOUT.topBarHeightPx,
        '& .MuiTabs-indicator': { bgcolor: BRAND.teal, height: 3 },
        '& .MuiTab-root': {
          minHeight: LAYOUT.topBarHeightPx,
          px: { xs: 1.25, lg: 2 },
          minWidth: 0,
          fontSize: 14,
          color: 'rgba(255,255,255,0.72)',
          fontWeight: 600,
        },
        '& .MuiTab-root.Mui-selected': { color: '#fff' },
        '& .MuiTabs-scrollButtons': { color: '#fff', width: 28 },
        '& .MuiTabs-scrollButtons.Mui-disabled': { opacity: 0.3 },
      }}
    />
  );
}

function OrganizationSwitcher({ session }: { session: Session }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  if (!showOrganizationSwitcher(session.permissions) || !session.activeOrganization) return null;
  const name = session.activeOrganization.name;
  if (!organizationSwitcherIsDropdown(session.permissions)) {
    return (
      <Stack
        direction="row"
        spacing={0.75}
        sx={{ alignItems: 'center', color: 'rgba(255,255,255,0.86)', px: 1, minWidth: 0 }}
        data-testid="organization-name"
      >
        <Business fontSize="small" />
        <Typography variant="body2" noWrap title={name} sx={{ fontWeight: 500, maxWidth: { xs: 160, lg: 320 } }}>
          {name}
        </Typography>
      </Stack>
    );
  }
  return (
    <>
      <Button
        startIcon={<Business fontSize="small" />}
        endIcon={<ArrowDropDown />}
        aria-label={`Organization: ${name}`}
        aria-haspopup="menu"
        aria-expanded={Boolean(anchor)}
        onClick={(event) => {
          void OrganizationMenu.preload();
          setAnchor(anchor ? null : event.currentTarget);
        }}
        onPointerEnter={() => void OrganizationMenu.preload()}
        title={name}
        sx={{ ...onDark, fontWeight: 500, maxWidth: { xs: 200, lg: 340 }, minWidth: 0, flexShrink: 1 }}
      >
        <Box component="span" sx={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
          {name}
        </Box>
      </Button>
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

function AccountMenu({ session }: { session: Session }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const unavailable = teamManagementUnavailableReason(session.permissions, session.activeOrganization?.trial ?? false);
  const fullName = `${session.user.firstName} ${session.user.lastName}`.trim();
  return (
    <>
      <Button
        aria-label="Account menu"
        aria-haspopup="menu"
        aria-expanded={Boolean(anchor)}
        onClick={(event) => {
          void AccountMenuList.preload();
          setAnchor(anchor ? null : event.currentTarget);
        }}
        onPointerEnter={() => void AccountMenuList.preload()}
        endIcon={<ArrowDropDown />}
        sx={{ ...onDark, fontWeight: 500, whiteSpace: 'nowrap', flexShrink: 0 }}
      >
        <span data-testid="user-name">{fullName}</span>
        {showAdminBadge(session.permissions) && (
          <Box component="span" data-testid="admin-badge" sx={ADMIN_BADGE}>
            ADMIN
          </Box>
        )}
      </Button>
      <AccountMenuList
        session={session}
        anchor={anchor}
        onClose={() => setAnchor(null)}
        fullName={fullName}
        unavailable={unavailable}
      />
    </>
  );
}

/** The 52px top bar (SPEC §2), driven entirely by the session. */
export function TopBar() {
  const session = useSession();
  return (
    <Box
      component="header"
      sx={{
        height: LAYOUT.topBarHeightPx,
        flexShrink: 0,
        bgcolor: BRAND.navy,
        color: '#fff',
        display: 'flex',
        alignItems: 'center',
        px: 2,
        gap: 1,
        position: 'sticky',
        top: 0,
        zIndex: (theme) => theme.zIndex.appBar,
        boxShadow: '0 1px 0 rgba(255,255,255,0.06), 0 2px 6px rgba(0,0,0,0.18)',
      }}
    >
      <Logo />
      <ProductTabs session={session} />
      <Box sx={{ flex: 1, minWidth: 8 }} />
      <OrganizationSwitcher session={session} />
      <NotificationBell sx={onDark} />
      <LazyTooltip title="Help and FAQ">
        <IconButton
          component={RouterLink}
          to="/faq"
          aria-label="Help"
          data-analytics-id="get_help"
          data-analytics-properties='{"from":"top_bar"}'
          sx={onDark}
        >
          <HelpOutline fontSize="small" />
        </IconButton>
      </LazyTooltip>
      <AccountMenu session={session} />
      <LazyTooltip title="Logout">
        <IconButton aria-label="Logout" onClick={() => void session.logout()} sx={onDark}>
          <Logout fontSize="small" />
        </IconButton>
      </LazyTooltip>
    </Box>
  );
}
