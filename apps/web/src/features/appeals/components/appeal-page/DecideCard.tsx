import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { AppealTransitionCall } from '../../api/transition';
import type { TransitionButton } from '../../model';

/** The transitions the caller may make now, with a note for the audit trail. */
export function DecideCard({
  buttons,
  note,
  onNoteChange,
  onAct,
  busy,
  canPublish,
}: {
  buttons: TransitionButton[];
  note: string;
  onNoteChange: (note: string) => void;
  onAct: (call: AppealTransitionCall) => void;
  busy: boolean;
  canPublish: boolean;
}) {
  return (
    <Paper variant="outlined" sx={{ p: 2.5 }}>
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        Decide
      </Typography>
      <TextField
        fullWidth
        size="small"
        label="Note for the audit trail"
        value={note}
        onChange={(event) => onNoteChange(event.target.value)}
        sx={{ mb: 1.5 }}
        slotProps={{ htmlInput: { maxLength: 2000 } }}
      />
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap' }}>
        {buttons.map((b) => (
          <Button
            key={b.call}
            variant={b.color ? 'outlined' : 'contained'}
            color={b.color ?? 'primary'}
            onClick={() => onAct(b.call)}
            disabled={busy}
          >
            {b.label}
          </Button>
        ))}
      </Stack>
      {canPublish && (
        <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 1 }}>
          To publish, open the property's score card and use Appeal: you see the recalculated score before publishing.
        </Typography>
      )}
    </Paper>
  );
}
