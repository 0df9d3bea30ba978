import Send from '@mui/icons-material/Send';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import type { FormEvent } from 'react';
import type { Explorer } from './useExplorer';

/** The question box under the conversation. */
export function QuestionForm({ explorer }: { explorer: Explorer }) {
  const { question, setQuestion, send, ask } = explorer;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void send(question);
  };
  return (
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
  );
}
