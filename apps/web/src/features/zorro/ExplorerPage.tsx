import MenuOpen from '@mui/icons-material/MenuOpen';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import { ZorroNav } from './components/ZorroNav';
import { ConversationDialogs } from './explorer/ConversationDialogs';
import { ConversationsSidebar } from './explorer/ConversationsSidebar';
import { ExplorerMessages } from './explorer/ExplorerMessages';
import { QuestionForm } from './explorer/QuestionForm';
import { useExplorer } from './explorer/useExplorer';

/** Explorer: conversations in a sidebar, a question box, answers that cite filing and page. */
export default function ExplorerPage() {
  const explorer = useExplorer();
  return (
    <Box sx={{ p: 3, maxWidth: 1500, mx: 'auto' }}>
      <ZorroNav title="Explorer" />
      <Stack direction="row" spacing={2} sx={{ alignItems: 'stretch', minHeight: 560 }}>
        {explorer.sidebar && <ConversationsSidebar explorer={explorer} />}
        <Paper variant="outlined" sx={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
          {!explorer.sidebar && (
            <Box sx={{ p: 1 }}>
              <Button
                startIcon={<MenuOpen sx={{ transform: 'scaleX(-1)' }} />}
                onClick={() => explorer.setSidebar(true)}
              >
                Show conversations
              </Button>
            </Box>
          )}
          <ExplorerMessages explorer={explorer} />
          <QuestionForm explorer={explorer} />
        </Paper>
      </Stack>
      <ConversationDialogs explorer={explorer} />
    </Box>
  );
}
