import Add from '@mui/icons-material/Add';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import EditOutlined from '@mui/icons-material/EditOutlined';
import MenuOpen from '@mui/icons-material/MenuOpen';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { Explorer } from './useExplorer';

/** The explorer's conversations: new, select, rename, delete, hide. */
export function ConversationsSidebar({ explorer }: { explorer: Explorer }) {
  const { conversations, selected, select, newConversation, setSidebar, setRenaming, setDeleting } = explorer;
  return (
    <Paper
      variant="outlined"
      sx={{ width: 280, flexShrink: 0, display: 'flex', flexDirection: 'column' }}
      component="nav"
      aria-label="Conversations"
      data-testid="conversations"
    >
      <Stack direction="row" sx={{ p: 1, alignItems: 'center', justifyContent: 'space-between' }}>
        <Button startIcon={<Add />} onClick={() => void newConversation()} data-testid="new-conversation">
          New conversation
        </Button>
        <Tooltip title="Hide conversations">
          <IconButton aria-label="Hide conversations" onClick={() => setSidebar(false)}>
            <MenuOpen />
          </IconButton>
        </Tooltip>
      </Stack>
      <List dense sx={{ overflow: 'auto', flex: 1 }}>
        {conversations.data?.map((c) => (
          <ListItemButton
            key={c.id}
            selected={c.id === selected}
            onClick={() => select(c.id)}
            sx={{ pr: 10, '&:hover .actions, &.Mui-selected .actions': { visibility: 'visible' } }}
            data-testid="conversation"
          >
            <ListItemText primary={c.title} slotProps={{ primary: { noWrap: true } }} />
            <Box className="actions" sx={{ position: 'absolute', right: 4, visibility: 'hidden' }}>
              <IconButton
                size="small"
                aria-label={`Rename ${c.title}`}
                onClick={(e) => (e.stopPropagation(), setRenaming({ id: c.id, title: c.title }))}
              >
                <EditOutlined fontSize="small" />
              </IconButton>
              <IconButton
                size="small"
                aria-label={`Delete ${c.title}`}
                onClick={(e) => (e.stopPropagation(), setDeleting({ id: c.id, title: c.title }))}
              >
                <DeleteOutline fontSize="small" />
              </IconButton>
            </Box>
          </ListItemButton>
        ))}
        {conversations.data?.length === 0 && (
          <Typography variant="body2" color="text.secondary" sx={{ p: 2 }}>
            No conversations yet.
          </Typography>
        )}
      </List>
    </Paper>
  );
}
