import { LAYOUT, accountMenuLinks } from '@zview/contracts';
import BusinessOutlined from '@mui/icons-material/BusinessOutlined';
import Check from '@mui/icons-material/Check';
import Logout from '@mui/icons-material/Logout';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import { useNavigate } from 'react-router';
import type { Session } from '../session/session';

/**
 * The top bar's drop-down menus (organisation switcher, account menu): their code (MUI's Menu,
 * Popover and Modal) loads after the first page has shown, not before it (TopBar.tsx, issue 45).
 */
export interface TopBarMenuProps {
  session: Session;
  anchor: HTMLElement | null;
  onClose: () => void;
}

export function OrganizationMenu({ session, anchor, onClose }: TopBarMenuProps) {
  return (
    <Menu
      anchorEl={anchor}
      open={Boolean(anchor)}
      onClose={onClose}
      slotProps={{ paper: { sx: { maxHeight: LAYOUT.dropdownMaxHeightPx, minWidth: 240 } } }}
    >
      {session.organizations.map((org) => {
        const selected = org.id === session.activeOrganization?.id;
        return (
          <MenuItem
            key={org.id}
            selected={selected}
            onClick={() => {
              onClose();
              if (!selected) session.setActiveOrganization(org.id);
            }}
          >
            <ListItemIcon>{selected && <Check fontSize="small" />}</ListItemIcon>
            <ListItemText>{org.name}</ListItemText>
          </MenuItem>
        );
      })}
    </Menu>
  );
}

export function AccountMenuList({
  session,
  anchor,
  onClose,
  fullName,
  admin,
  organization,
  unavailable,
}: TopBarMenuProps & {
  fullName: string;
  /** The ADMIN badge, which the top bar shows beside the name only from 1200 px (below, here). */
  admin: boolean;
  /** The organisation acted for, which the top bar shows as its icon alone below 1200 px (and here). */
  organization: string | null;
  unavailable: string | null;
}) {
  const navigate = useNavigate();
  const links = accountMenuLinks(session.permissions);
  return (
    <Menu
      anchorEl={anchor}
      open={Boolean(anchor)}
      onClose={onClose}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      slotProps={{ paper: { sx: { minWidth: 240 } } }}
    >
      <Box sx={{ px: 2, py: 1 }}>
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {fullName}
          {admin && (
            <Box component="span" data-testid="account-menu-admin-badge" className="zv-admin-badge zv-narrow-only">
              ADMIN
            </Box>
          )}
        </Typography>
        <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
          {session.user.email}
        </Typography>
        {organization && (
          <div className="zv-narrow-only" data-testid="account-menu-organization">
            <Typography
              variant="caption"
              color="text.secondary"
              sx={{ display: 'flex', alignItems: 'center', gap: 0.5, mt: 0.5 }}
            >
              <BusinessOutlined sx={{ fontSize: 16 }} aria-hidden />
              {organization}
            </Typography>
          </div>
        )}
      </Box>
      {links.length > 0 && <Divider />}
      {unavailable && (
        <Typography
          variant="caption"
          color="text.secondary"
          data-testid="team-management-unavailable"
          sx={{ display: 'block', px: 2, py: 1, maxWidth: 280 }}
        >
          {unavailable}
        </Typography>
      )}
      {links.map((link) => (
        <MenuItem
          key={link.key}
          onClick={() => {
            onClose();
            void navigate(link.path);
          }}
        >
          {link.label}
        </MenuItem>
      ))}
      <Divider />
      <MenuItem
        onClick={() => {
          onClose();
          void session.logout();
        }}
      >
        <ListItemIcon>
          <Logout fontSize="small" />
        </ListItemIcon>
        <ListItemText>Sign out</ListItemText>
      </MenuItem>
    </Menu>
  );
}
