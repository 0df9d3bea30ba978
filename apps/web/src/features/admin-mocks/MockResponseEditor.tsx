import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, TextField } from '@mui/material';
import { useMemo, useState } from 'react';
import { useSaveMockResponse } from './api/responses';
import { payloadProblem } from './payloadCheck';
import { MOCK_TEMPLATE } from './template';

export interface EditedResponse {
  id?: number;
  name: string;
  payload: unknown;
}

/** Name and JSON of a mock response, validated as you type against the assessment response schema. */
export function MockResponseEditor({ initial, onClose }: { initial: EditedResponse | null; onClose(): void }) {
  const save = useSaveMockResponse();
  const [name, setName] = useState(initial?.name ?? '');
  const [text, setText] = useState(() => JSON.stringify(initial?.payload ?? MOCK_TEMPLATE, null, 2));
  const problem = useMemo(() => payloadProblem(text), [text]);

  function submit() {
    save.mutate({ id: initial?.id, name: name.trim(), payload: JSON.parse(text) as unknown }, { onSuccess: onClose });
  }

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md">
      <DialogTitle>{initial?.id ? 'Edit mock response' : 'New mock response'}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {save.isError && <Alert severity="error">{save.error.message}</Alert>}
          <TextField label="Name" required value={name} onChange={(e) => setName(e.target.value)} />
          <TextField
            label="Assessment response (JSON)"
            value={text}
            onChange={(e) => setText(e.target.value)}
            multiline
            minRows={16}
            maxRows={28}
            error={problem !== null}
            helperText={problem ?? 'Valid assessment response.'}
            slotProps={{
              htmlInput: {
                spellCheck: false,
                style: { fontFamily: 'monospace', fontSize: 13 },
                'data-testid': 'mock-json',
              },
              formHelperText: { role: problem ? 'alert' : undefined } as object,
            }}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="contained" onClick={submit} disabled={!name.trim() || problem !== null || save.isPending}>
          Save
        </Button>
      </DialogActions>
    </Dialog>
  );
}
