import { formatLongDateTime } from '@zview/contracts';
import NotificationsNone from '@mui/icons-material/NotificationsNone';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import {
  fetchNotifications,
  fetchUnreadCount,
  markAllNotificationsRead,
  markNotificationRead,
  notificationKeys,
} from './api';

/** How often the unread count is asked for (the bell is on every page). */
const POLL_MS = 30_000;

/** The notification centre in the top bar: a bell with the unread count, the latest notifications, mark read. */
export function NotificationBell({ sx }: { sx?: object }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const navigate = useNavigate();
  const client = useQueryClient();
  const count = useQuery({
    queryKey: [...notificationKeys.all, 'unread'],
    queryFn: fetchUnreadCount,
    refetchInterval: POLL_MS,
  });
  const list = useQuery({
    queryKey: [...notificationKeys.all, 'list'],
    queryFn: fetchNotifications,
    enabled: anchor !== null,
  });
  const refresh = () => void client.invalidateQueries({ queryKey: notificationKeys.all });
  const readOne = useMutation({ mutationFn: markNotificationRead, onSuccess: refresh });
  const readAll = useMutation({ mutationFn: markAllNotificationsRead, onSuccess: refresh });
  const unread = count.data?.unread ?? 0;
  return (
    <>
      <Tooltip title="Notifications">
        <IconButton
          aria-label={`Notifications (${unread} unread)`}
          onClick={(e) => {
            setAnchor(e.currentTarget);
            refresh();
          }}
          sx={sx}
        >
          <Badge badgeContent={unread} color="error" max={99}>
            <NotificationsNone fontSize="small" />
          </Badge>
        </IconButton>
      </Tooltip>
      <Menu
        anchorEl={anchor}
        open={anchor !== null}
        onClose={() => setAnchor(null)}
        slotProps={{ paper: { sx: { width: 420 } } }}
      >
        <Box sx={{ display: 'flex', alignItems: 'center', px: 2, py: 1 }}>
          <Typography variant="subtitle2" sx={{ flex: 1 }}>
            Notifications
          </Typography>
          <Button size="small" disabled={unread === 0} onClick={() => readAll.mutate()}>
            Mark all read
          </Button>
        </Box>
        {list.data?.items.length === 0 && (
          <MenuItem disabled>
            <ListItemText primary="Nothing new." />
          </MenuItem>
        )}
        {list.data?.items.map((n) => (
          <MenuItem
            key={n.id}
            data-testid="notification"
            onClick={() => {
              if (!n.readAt) readOne.mutate(n.id);
              setAnchor(null);
              if (n.link) void navigate(n.link);
            }}
            sx={{ whiteSpace: 'normal', alignItems: 'flex-start', fontWeight: n.readAt ? 400 : 600 }}
          >
            <ListItemText
              primary={n.title}
              secondary={`${n.body}${n.body ? ' · ' : ''}${formatLongDateTime(n.createdAt)}`}
              slotProps={{ primary: { sx: { fontWeight: n.readAt ? 400 : 600 } } }}
            />
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
