import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { AnswerView } from '../components/AnswerView';
import type { Explorer } from './useExplorer';

const EXAMPLES = [
  'How many homeowners filings in Colorado cited a wildfire model since 2024, and what was the median rate change?',
  'Which carriers filed Z-HAIL in Kansas and what did regulators object to?',
  'Disapproved filings in Louisiana citing a wind model',
];

/** Before a conversation is chosen: what the explorer does, and example questions to send. */
function Welcome({ send }: { send: (question: string) => void }) {
  return (
    <Box>
      <Typography variant="h6">Ask about the filings</Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        Counts, medians and dates are computed from the filings’ fields; every statement cites the filing and page it
        comes from.
      </Typography>
      <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
        {EXAMPLES.map((e) => (
          <Button
            key={e}
            size="small"
            variant="outlined"
            onClick={() => send(e)}
            sx={{ textTransform: 'none', textAlign: 'left' }}
          >
            {e}
          </Button>
        ))}
      </Stack>
    </Box>
  );
}

function QuestionBubble({ text }: { text: string }) {
  return (
    <Box
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
      <Typography variant="body2">{text}</Typography>
    </Box>
  );
}

/** The conversation: questions, answers (each with retry and the filters to loosen), progress and errors. */
export function ExplorerMessages({ explorer }: { explorer: Explorer }) {
  const { selected, messages, list, ask, send, retry, setQuestion } = explorer;
  return (
    <Stack spacing={2} sx={{ flex: 1, overflow: 'auto', p: 2 }} data-testid="messages">
      {!selected && <Welcome send={(q) => void send(q)} />}
      {messages.error && <Alert severity="error">This conversation could not be loaded.</Alert>}
      {list.map((m) =>
        m.role === 'user' ? (
          <QuestionBubble key={m.id} text={m.text} />
        ) : m.answer ? (
          <AnswerView key={m.id} answer={m.answer} onRetry={() => retry(m)} onLoosen={(label) => setQuestion(label)} />
        ) : null,
      )}
      {ask.isPending && <CircularProgress size={24} />}
      {ask.error && <Alert severity="error">{(ask.error as Error).message}</Alert>}
    </Stack>
  );
}
