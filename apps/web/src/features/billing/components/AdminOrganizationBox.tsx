import { BILLING_TEXT, parseOrganizationInput } from '@zview/contracts';
import { Box, Button, Link, Paper, Stack, TextField, Typography } from '@mui/material';
import { useState, type FormEvent } from 'react';

/**
 * The internal admin's box (SPEC §2, §5): whose data is shown, a change link, and an organisation
 * id input that takes digits only (empty clears it) with a Submit that works only with a value.
 */
export function AdminOrganizationBox({
  organization,
  failedId = null,
  onSubmit,
}: {
  organization: { id: number; name: string } | null;
  /** An organisation id asked for whose report could not be loaded. */
  failedId?: number | null;
  onSubmit: (id: number) => void;
}) {
  const [editing, setEditing] = useState(false);
  const [value, setValue] = useState('');
  const id = value === '' ? null : Number(value);
  const usable = id !== null && Number.isSafeInteger(id) && id >= 1;

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!usable) return;
    onSubmit(id);
    setEditing(false);
    setValue('');
  }

  return (
    <Paper
      variant="outlined"
      className="billing-no-print"
      sx={{ p: 2, mb: 3, borderColor: 'warning.main', bgcolor: 'warning.50' }}
      aria-label={BILLING_TEXT.adminOnly}
    >
      <Typography variant="overline" sx={{ fontWeight: 700, color: 'warning.dark' }}>
        {BILLING_TEXT.adminOnly}
      </Typography>
      <Typography variant="body2">
        {BILLING_TEXT.showingDataFor}{' '}
        {organization ? (
          <strong>
            {organization.name} (ID {organization.id})
          </strong>
        ) : failedId !== null ? (
          // 'Showing data for organization none — ID 999999 could not be loaded.': nothing is shown, and why.
          <>
            <strong>none</strong> — ID {failedId} could not be loaded.
          </>
        ) : (
          '…'
        )}{' '}
        <Link
          component="button"
          type="button"
          variant="body2"
          onClick={() => setEditing((open) => !open)}
          sx={{ verticalAlign: 'baseline' }}
        >
          {BILLING_TEXT.change}
        </Link>
      </Typography>
      {editing && (
        <Box component="form" onSubmit={submit} sx={{ mt: 1.5 }} noValidate>
          <Stack direction="row" spacing={1} alignItems="center">
            <TextField
              size="small"
              label={BILLING_TEXT.organizationInputLabel}
              value={value}
              autoFocus
              onChange={(event) => {
                const parsed = parseOrganizationInput(event.target.value.trim());
                if (parsed) setValue(parsed.value);
              }}
              slotProps={{ htmlInput: { inputMode: 'numeric', pattern: '[0-9]*', maxLength: 10 } }}
            />
            <Button type="submit" variant="contained" disabled={!usable}>
              {BILLING_TEXT.submit}
            </Button>
          </Stack>
        </Box>
      )}
    </Paper>
  );
}
