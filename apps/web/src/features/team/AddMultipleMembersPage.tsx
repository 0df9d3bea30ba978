import { ORGANIZATION_ROLE_LABELS } from '@zview/contracts';
import {
  Alert,
  Box,
  Button,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import CheckCircleOutline from '@mui/icons-material/CheckCircleOutline';
import ErrorOutline from '@mui/icons-material/ErrorOutline';
import UploadFile from '@mui/icons-material/UploadFile';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState, type ChangeEvent } from 'react';
import { Link as RouterLink } from 'react-router';
import { useNotifications } from '../../ui/notifications';
import { createMember } from './api/createMember';
import { teamMembersQuery, useTeamMembers } from './api/members';
import { parseMemberRows, type MemberRow } from './memberRows';

type Outcome = { ok: true } | { ok: false; message: string };

function readAsText(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result ?? ''));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'));
    reader.readAsText(file);
  });
}

const members = (count: number) => (count === 1 ? '1 member' : `${count} members`);

/**
 * /team/add-multiple-members: paste a list or upload a CSV (email, first name, last name,
 * optional role), see every row's validation before sending, then create each member and
 * read a summary of what was added.
 */
export default function AddMultipleMembersPage() {
  const team = useTeamMembers();
  const queryClient = useQueryClient();
  const { notify } = useNotifications();
  const [text, setText] = useState('');
  const [fileName, setFileName] = useState<string | null>(null);
  const [outcomes, setOutcomes] = useState<Map<number, Outcome> | null>(null);
  const [running, setRunning] = useState(false);

  // Rows are checked against the team as it was before this page added anyone: once members are
  // added, the refreshed list holds them, and they must still read "Added", not "Already a member".
  const [teamBefore, setTeamBefore] = useState<string[] | null>(null);
  const current = useMemo(() => (team.data ?? []).map((member) => member.email), [team.data]);
  const existing = teamBefore ?? current;
  const rows = useMemo(() => parseMemberRows(text, existing), [text, existing]);
  const ready = rows.filter(
    (row): row is MemberRow & { request: NonNullable<MemberRow['request']> } => row.request !== undefined,
  );
  const invalid = rows.length - ready.length;

  function edit(next: string) {
    setText(next);
    setOutcomes(null);
    setTeamBefore(null);
  }

  async function readFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setFileName(file.name);
    try {
      edit(await readAsText(file));
    } catch (error) {
      notify({
        text: `${file.name} could not be read. ${error instanceof Error ? error.message : ''}`.trim(),
        variant: 'error',
      });
    }
  }

  async function submit() {
    setTeamBefore(current);
    setRunning(true);
    const results = new Map<number, Outcome>();
    // One at a time: the identity provider sends an invitation per member and rate-limits bursts.
    for (const row of ready) {
      try {
        await createMember(row.request);
        results.set(row.line, { ok: true });
      } catch (error) {
        results.set(row.line, { ok: false, message: error instanceof Error ? error.message : String(error) });
      }
      setOutcomes(new Map(results));
    }
    setRunning(false);
    void queryClient.invalidateQueries({ queryKey: teamMembersQuery().queryKey });
    const added = [...results.values()].filter((outcome) => outcome.ok).length;
    notify({ text: `${members(added)} added.`, variant: added === results.size ? 'success' : 'warning' });
  }

  const added = outcomes ? [...outcomes.values()].filter((outcome) => outcome.ok).length : 0;
  const failed = outcomes ? outcomes.size - added : 0;
  const finished = outcomes !== null && !running;
  const skipped = (phrase: [string, string]) =>
    invalid > 0 ? `${invalid} ${invalid === 1 ? phrase[0] : phrase[1]}` : '';
  const preview = `${members(ready.length)} ready to add${invalid > 0 ? `, ${skipped(['row has', 'rows have'])} problems and will be skipped` : ''}.`;
  const summary = [
    `${members(added)} added.`,
    failed > 0 ? `${members(failed)} could not be added.` : '',
    invalid > 0 ? `${skipped(['row was', 'rows were'])} skipped because of problems.` : '',
  ]
    .filter(Boolean)
    .join(' ');

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
                onChange={(event) => void readFile(event)}
              />
            </Button>
            {fileName && <Typography color="text.secondary">{fileName}</Typography>}
          </Stack>
          <TextField
            label="Members"
            multiline
            minRows={5}
            fullWidth
            disabled={running}
            placeholder={'email,first name,last name,role\nann.smith@example.com,Ann,Smith,admin'}
            value={text}
            onChange={(event) => edit(event.target.value)}
            slotProps={{ htmlInput: { spellCheck: false, style: { fontFamily: 'monospace' } } }}
          />
        </Stack>
      </Paper>

      {rows.length > 0 && (
        <Paper variant="outlined" sx={{ mb: 3 }}>
          <Box sx={{ p: 2 }}>
            {finished ? (
              <Alert severity={failed === 0 ? 'success' : 'warning'} role="status">
                {summary}
              </Alert>
            ) : (
              <Typography role="status">{preview}</Typography>
            )}
          </Box>
          <TableContainer sx={{ maxHeight: 480 }}>
            <Table size="small" stickyHeader aria-label="Members to add">
              <TableHead>
                <TableRow>
                  <TableCell>Line</TableCell>
                  <TableCell>Email</TableCell>
                  <TableCell>First name</TableCell>
                  <TableCell>Last name</TableCell>
                  <TableCell>Role</TableCell>
                  <TableCell>Result</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {rows.map((row) => {
                  const outcome = outcomes?.get(row.line);
                  const problem = row.errors.join('; ') || (outcome && !outcome.ok ? outcome.message : '');
                  return (
                    <TableRow key={row.line}>
                      <TableCell>{row.line}</TableCell>
                      <TableCell>{row.raw.email}</TableCell>
                      <TableCell>{row.raw.firstName}</TableCell>
                      <TableCell>{row.raw.lastName}</TableCell>
                      <TableCell>
                        {row.request
                          ? ORGANIZATION_ROLE_LABELS[row.request.role]
                          : row.raw.role || ORGANIZATION_ROLE_LABELS.member}
                      </TableCell>
                      <TableCell>
                        {problem ? (
                          <Stack direction="row" spacing={0.75} alignItems="center" sx={{ color: 'error.main' }}>
                            <ErrorOutline fontSize="small" />
                            <span>{problem}</span>
                          </Stack>
                        ) : (
                          <Stack
                            direction="row"
                            spacing={0.75}
                            alignItems="center"
                            sx={{ color: outcome?.ok ? 'success.main' : 'text.secondary' }}
                          >
                            <CheckCircleOutline fontSize="small" />
                            <span>{outcome?.ok ? 'Added' : 'Ready'}</span>
                          </Stack>
                        )}
                      </TableCell>
                    </TableRow>
                  );
                })}
              </TableBody>
            </Table>
          </TableContainer>
        </Paper>
      )}

      <Stack direction="row" spacing={1.5} justifyContent="flex-end">
        <Button component={RouterLink} to="/team">
          {finished ? 'Back to team' : 'Cancel'}
        </Button>
        {!finished && (
          <Button
            variant="contained"
            disabled={ready.length === 0 || team.isPending}
            loading={running}
            onClick={() => void submit()}
          >
            {ready.length > 0 ? `Add ${members(ready.length)}` : 'Add members'}
          </Button>
        )}
      </Stack>
    </Box>
  );
}
