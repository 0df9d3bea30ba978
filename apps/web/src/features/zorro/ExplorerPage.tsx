import type { ZorroMessage } from '@zview/contracts';
import Add from '@mui/icons-material/Add';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import EditOutlined from '@mui/icons-material/EditOutlined';
import MenuOpen from '@mui/icons-material/MenuOpen';
import Send from '@mui/icons-material/Send';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { track } from '../../api/analytics';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { useConversationActions, useConversationMessages, useConversations } from './api/conversations';
import { AnswerView } from './components/AnswerView';
import { ZorroNav } from './components/ZorroNav';

const EXAMPLES = [
  'How many homeowners filings in Colorado cited a wildfire model since 2024, and what was the median rate change?',
  'Which carriers filed Z-HAIL in Kansas and what did regulators object to?',
  'Disapproved filings in Louisiana citing a wind model',
];

/** Explorer: conversations in a sidebar, a question box, answers that cite filing and page. */
export default function ExplorerPage() {
  const [params, setParams] = useSearchParams();
  const selected = Number(params.get('c')) || null;
  const [sidebar, setSidebar] = useState(true);
  // The finder offers a question to the explorer as ?ask=…: it waits in the box to be sent.
  const [question, setQuestion] = useState(() => params.get('ask') ?? '');
  const [renaming, setRenaming] = useState<{ id: number; title: string } | null>(null);
  const [deleting, setDeleting] = useState<{ id: number; title: string } | null>(null);
  const conversations = useConversations();
  const messages = useConversationMessages(selected);
  const { create, rename, remove, ask } = useConversationActions();

  const select = (id: number | null) => setParams(id ? { c: String(id) } : {});
  const newConversation = async () => {
    const created = await create.mutateAsync();
    track('zorro_create_conversation', { conversationId: created.id });
    select(created.id);
    return created.id;
  };
  const send = async (text: string) => {
    const q = text.trim();
    if (q.length < 3) return;
    const id = selected ?? (await newConversation());
    setQuestion('');
    const result = await ask.mutateAsync({ id, question: q });
    if (result.answer.answer?.zeroResults) track('zorro_search_zero_results', { question: q, source: 'explorer' });
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void send(question);
  };
  const retry = (message: ZorroMessage, list: ZorroMessage[]) => {
    const index = list.indexOf(message);
    const asked = [...list.slice(0, index)].reverse().find((m) => m.role === 'user');
    if (!asked) return;
    track('zorro_retry_prompt', { conversationId: selected });
    void send(asked.text);
  };

  const list = messages.data?.messages ?? [];
  return (
    <Box sx={{ p: 3, maxWidth: 1500, mx: 'auto' }}>
      <ZorroNav title="Explorer" />
      <Stack direction="row" spacing={2} sx={{ alignItems: 'stretch', minHeight: 560 }}>
        {sidebar && (
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
                <IconButton
                  aria-label="Hide conversations"
                  onClick={() => {
                    track('zorro_toggle_sidebar', { open: false });
                    setSidebar(false);
                  }}
                >
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
        )}
        <Paper variant="outlined" sx={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
          {!sidebar && (
            <Box sx={{ p: 1 }}>
              <Button
                startIcon={<MenuOpen sx={{ transform: 'scaleX(-1)' }} />}
                onClick={() => {
                  track('zorro_toggle_sidebar', { open: true });
                  setSidebar(true);
                }}
              >
                Show conversations
              </Button>
            </Box>
          )}
          <Stack spacing={2} sx={{ flex: 1, overflow: 'auto', p: 2 }} data-testid="messages">
            {!selected && (
              <Box>
                <Typography variant="h6">Ask about the filings</Typography>
                <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
                  Counts, medians and dates are computed from the filings’ fields; every statement cites the filing and
                  page it comes from.
                </Typography>
                <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
                  {EXAMPLES.map((e) => (
                    <Button
                      key={e}
                      size="small"
                      variant="outlined"
                      onClick={() => void send(e)}
                      sx={{ textTransform: 'none', textAlign: 'left' }}
                    >
                      {e}
                    </Button>
                  ))}
                </Stack>
              </Box>
            )}
            {messages.error && <Alert severity="error">This conversation could not be loaded.</Alert>}
            {list.map((m) =>
              m.role === 'user' ? (
                <Box
                  key={m.id}
                  sx={{
                    alignSelf: 'flex-end',
                    bgcolor: 'primary.main',
                    color: 'primary.contrastText',
                    px: 2,
                    py: 1,
                    borderRadius: 2,
                    maxWidth: '75%',
                  }}
                  data-testid="question"
                >
                  <Typography variant="body2">{m.text}</Typography>
                </Box>
              ) : m.answer ? (
                <AnswerView
                  key={m.id}
                  answer={m.answer}
                  onRetry={() => retry(m, list)}
                  onLoosen={(label) => setQuestion(label)}
                />
              ) : null,
            )}
            {ask.isPending && <CircularProgress size={24} />}
            {ask.error && <Alert severity="error">{(ask.error as Error).message}</Alert>}
          </Stack>
          <Box
            component="form"
            onSubmit={submit}
            sx={{ display: 'flex', gap: 1, p: 2, borderTop: '1px solid', borderColor: 'divider' }}
          >
            <TextField
              fullWidth
              size="small"
              placeholder="Ask a question about the filings…"
              value={question}
              onChange={(e) => setQuestion(e.target.value)}
              slotProps={{ htmlInput: { maxLength: 1000, 'data-testid': 'question-box', 'aria-label': 'Question' } }}
            />
            <Button
              type="submit"
              variant="contained"
              endIcon={<Send />}
              disabled={ask.isPending || question.trim().length < 3}
            >
              Ask
            </Button>
          </Box>
        </Paper>
      </Stack>
      <ConfirmDialog
        open={renaming !== null}
        title="Rename conversation"
        confirmLabel="Rename"
        input={{ label: 'Name', required: true, defaultValue: renaming?.title }}
        onCancel={() => setRenaming(null)}
        onConfirm={(value) => {
          if (renaming && value?.trim()) {
            track('zorro_rename_conversation', { conversationId: renaming.id });
            rename.mutate({ id: renaming.id, title: value.trim().slice(0, 120) });
          }
          setRenaming(null);
        }}
      />
      <ConfirmDialog
        open={deleting !== null}
        title="Delete conversation"
        message={`Delete “${deleting?.title ?? ''}” and its answers?`}
        confirmLabel="Delete"
        destructive
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          if (deleting) {
            track('zorro_delete_conversation', { conversationId: deleting.id });
            remove.mutate(deleting.id);
            if (deleting.id === selected) select(null);
          }
          setDeleting(null);
        }}
      />
    </Box>
  );
}
