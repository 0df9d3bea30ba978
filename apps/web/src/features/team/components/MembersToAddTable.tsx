import { ORGANIZATION_ROLE_LABELS } from '@zview/contracts';
import { Stack, Table, TableBody, TableCell, TableContainer, TableHead, TableRow } from '@mui/material';
import CheckCircleOutline from '@mui/icons-material/CheckCircleOutline';
import ErrorOutline from '@mui/icons-material/ErrorOutline';
import type { CreateOutcome } from '../api/createMembers';
import type { MemberRow } from '../memberRows';

/** Every line to add with its problems before sending, and its outcome (Added, or the server's refusal) after. */
export function MembersToAddTable({
  rows,
  outcomes,
}: {
  rows: MemberRow[];
  outcomes: Map<number, CreateOutcome> | null;
}) {
  return (
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
          {rows.map((row) => (
            <MemberToAddRow key={row.line} row={row} outcome={outcomes?.get(row.line)} />
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

function MemberToAddRow({ row, outcome }: { row: MemberRow; outcome: CreateOutcome | undefined }) {
  const problem = row.errors.join('; ') || (outcome && !outcome.ok ? outcome.message : '');
  return (
    <TableRow>
      <TableCell>{row.line}</TableCell>
      <TableCell>{row.raw.email}</TableCell>
      <TableCell>{row.raw.firstName}</TableCell>
      <TableCell>{row.raw.lastName}</TableCell>
      <TableCell>
        {row.request ? ORGANIZATION_ROLE_LABELS[row.request.role] : row.raw.role || ORGANIZATION_ROLE_LABELS.member}
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
}
