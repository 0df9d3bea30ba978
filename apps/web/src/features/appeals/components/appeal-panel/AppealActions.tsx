import type { AppealAllowed, DraftDetailsResponse } from '@zview/contracts';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import type { AppealPanelState } from './useAppealPanel';

/** Recalculate, save, revert, submit and publish, as far as the server allows the caller (`allowed`). */
export function AppealActions({
  panel,
  allowed,
  appeal,
}: {
  panel: AppealPanelState;
  allowed: AppealAllowed;
  appeal: DraftDetailsResponse['appeal'];
}) {
  const { busy } = panel;
  const { invalid, changed } = panel.form;
  const cannotSend = busy || invalid || !changed.length;
  return (
    <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
      <Button variant="outlined" onClick={panel.recalculate} disabled={cannotSend}>
        Recalculate
      </Button>
      {allowed.saveDraft && (
        <Button onClick={panel.save} disabled={cannotSend}>
          Save draft
        </Button>
      )}
      {allowed.revertDraft && appeal?.status === 'draft' && (
        <Button color="warning" onClick={panel.revert} disabled={busy}>
          Revert draft
        </Button>
      )}
      <Box sx={{ flex: 1 }} />
      {allowed.pushAppeal && (
        <Button variant={allowed.publish ? 'outlined' : 'contained'} onClick={panel.submit} disabled={cannotSend}>
          Submit appeal
        </Button>
      )}
      {allowed.publish && (
        <Button variant="contained" onClick={panel.publish} disabled={busy || invalid || (!changed.length && !appeal)}>
          Publish new score
        </Button>
      )}
    </Stack>
  );
}
