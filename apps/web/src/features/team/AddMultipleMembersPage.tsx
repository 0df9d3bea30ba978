import { Alert, Box, Button, Paper, Stack, TextField, Typography } from '@mui/material';
import UploadFile from '@mui/icons-material/UploadFile';
import { Link as RouterLink } from 'react-router';
import { MembersToAddTable } from './components/MembersToAddTable';
import { members } from './labels';
import { useAddMultipleMembersPage } from './useAddMultipleMembersPage';

/**
 * /team/add-multiple-members: paste a list or upload a CSV (email, first name, last name,
 * optional role), see every row's validation before sending, then create each member and
 * read a summary of what was added.
 */
export default function AddMultipleMembersPage() {
  const page = useAddMultipleMembersPage();
  const { running, finished } = page;
  return (
    <Box sx={{ p: 4, maxWidth: 1100, mx: 'auto' }}>
      <Typography variant="h4" component="h1" sx={{ fontWeight: 700, mb: 1 }}>
        Add multiple members
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        Upload a CSV file or paste a list, one member per line: email, first name, last name and, optionally, role
        (member or admin).
      </Typography>

      <Paper variant="outlined" sx={{ p: 3, mb: 3 }}>
        <Stack spacing={2}>
          <Stack direction="row" spacing={2} alignItems="center">
            <Button variant="outlined" component="label" startIcon={<UploadFile />} disabled={running}>
              Upload CSV
              <input
                hidden
                type="file"
                accept=".csv,text/csv,text/plain"
                aria-label="CSV file"
                onChange={(event) => void page.readFile(event)}
              />
            </Button>
            {page.fileName && <Typography color="text.secondary">{page.fileName}</Typography>}
          </Stack>
          <TextField
            label="Members"
            multiline
            minRows={5}
            fullWidth
            disabled={running}
            placeholder={'email,first name,last name,role\nann.smith@example.com,Ann,Smith,admin'}
            value={page.text}
            onChange={(event) => page.edit(event.target.value)}
            slotProps={{ htmlInput: { spellCheck: false, style: { fontFamily: 'monospace' } } }}
          />
        </Stack>
      </Paper>

      {page.rows.length > 0 && (
        <Paper variant="outlined" sx={{ mb: 3 }}>
          <Box sx={{ p: 2 }}>
            {finished ? (
              <Alert severity={page.failed === 0 ? 'success' : 'warning'} role="status">
                {page.summary}
              </Alert>
            ) : (
              <Typography role="status">{page.preview}</Typography>
            )}
          </Box>
          <MembersToAddTable rows={page.rows} outcomes={page.outcomes} />
        </Paper>
      )}

      <Stack direction="row" spacing={1.5} justifyContent="flex-end">
        <Button component={RouterLink} to="/team">
          {finished ? 'Back to team' : 'Cancel'}
        </Button>
        {!finished && (
          <Button
            variant="contained"
            disabled={page.readyCount === 0 || page.teamPending}
            loading={running}
            onClick={() => void page.submit()}
          >
            {page.readyCount > 0 ? `Add ${members(page.readyCount)}` : 'Add members'}
          </Button>
        )}
      </Stack>
    </Box>
  );
}
