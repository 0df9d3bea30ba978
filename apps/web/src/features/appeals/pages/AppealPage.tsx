import { APPEAL_STATUS_LABELS, downloadFileName, formatLongDate, type AppealEvent } from '@zview/contracts';
import ArrowBack from '@mui/icons-material/ArrowBack';
import Download from '@mui/icons-material/Download';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type ReactNode } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { apiPath } from '../../../api/paths';
import { useSession } from '../../../session/session';
import { useAppeal } from '../api/appealDetail';
import { useTransition, type AppealTransitionCall } from '../api/transition';
import { StatusChip } from '../components/StatusChip';
import { downloadProtected, formatValue, humanize, productLabel } from '../model';

const ACTION_LABELS: Record<AppealEvent['action'], string> = {
  created: 'Opened',
  draft_saved: 'Draft saved',
  evidence_added: 'Evidence attached',
  reverted: 'Draft reverted',
  submitted: 'Submitted',
  review_started: 'Review started',
  published: 'Published new score',
  rejected: 'Rejected',
  expired: 'Expired',
  rescored: 'Re-scored another product',
  acknowledged: 'Acknowledged',
  deadline_met: 'Deadline met',
  reminder_sent: 'Reminder sent',
};

function describe(event: AppealEvent): string {
  const d = event.details as Record<string, unknown>;
  if (event.action === 'published')
    return `Version ${String(d.version)}: score ${String(d.scoreBefore ?? '—')} → ${String(d.scoreAfter ?? '—')} (${String(d.modelVersion)})`;
  if (event.action === 'rescored')
    return `${productLabel(String(d.product))} version ${String(d.version)}: score ${String(d.scoreBefore ?? '—')} → ${String(d.scoreAfter ?? '—')} (${String(d.modelVersion)})`;
  if (event.action === 'evidence_added') return String(d.fileName ?? '');
  if (event.action === 'expired' && d.reason === 'deadline') return 'The deadline passed.';
  if (d.note) return String(d.note);
  if (d.manualInputs)
    return Object.entries(d.manualInputs as Record<string, unknown>)
      .map(([k, v]) => `${humanize(k)}: ${formatValue(v as string)}`)
      .join(', ');
  return '';
}

function Meta({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box>
      <Typography
        variant="caption"
        color="text.secondary"
        sx={{ display: 'block', textTransform: 'uppercase', fontWeight: 600, letterSpacing: 0.5 }}
      >
        {label}
      </Typography>
      <Typography variant="body2" component="div" sx={{ fontWeight: 600 }}>
        {children}
      </Typography>
    </Box>
  );
}

const BUTTONS: {
  call: AppealTransitionCall;
  key: 'pushDraft' | 'review' | 'reject' | 'expire' | 'revertDraft';
  label: string;
  color?: 'error' | 'warning';
}[] = [
  { call: 'push_draft', key: 'pushDraft', label: 'Submit draft' },
  { call: 'review', key: 'review', label: 'Start review' },
  { call: 'reject', key: 'reject', label: 'Reject', color: 'error' },
  { call: 'expire', key: 'expire', label: 'Expire', color: 'warning' },
  { call: 'revert_draft', key: 'revertDraft', label: 'Revert draft', color: 'warning' },
];

/** /appeals/:id: one appeal, its changes, evidence, timeline and the property's score versions. */
export default function AppealPage() {
  const id = Number(useParams().id);
  const appeal = useAppeal(id);
  const transition = useTransition();
  const { permissions } = useSession();
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  if (!Number.isInteger(id) || id < 1) return <Alert severity="error">The specified page could not be found.</Alert>;
  if (appeal.isPending) return <Skeleton variant="rounded" height={400} sx={{ m: 4 }} />;
  if (appeal.isError)
    return (
      <Alert severity="error" sx={{ m: 4 }}>
        {appeal.error.message}
      </Alert>
    );
  const { appeal: a, evidence, timeline, versions, allowed } = appeal.data;
  const act = (call: AppealTransitionCall) => {
    setError(null);
    transition.mutate(
      { call, ref: { appealId: a.id, ...(note.trim() ? { note: note.trim() } : {}) } },
      { onSuccess: () => setNote(''), onError: (e) => setError(e.message) },
    );
  };
  const buttons = BUTTONS.filter(
    (b) =>
      allowed[b.key] &&
      (b.call !== 'revert_draft' || a.status === 'draft') &&
      (b.call !== 'push_draft' || a.status === 'draft'),
  );

  return (
    <Box sx={{ px: 4, py: 3, maxWidth: 1360, mx: 'auto', width: '100%' }}>
      <Button component={RouterLink} to="/appeals" startIcon={<ArrowBack />} size="small" sx={{ mb: 1 }}>
        All appeals
      </Button>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 2 }}>
        <Typography variant="h5" component="h1" sx={{ fontWeight: 800 }}>
          Appeal #{a.id} · {productLabel(a.product)}
        </Typography>
        <StatusChip status={a.status} />
        {a.overdue && <Chip color="error" size="small" label="Overdue" />}
      </Stack>
      {error && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {error}
        </Alert>
      )}
      <Box
        sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 7fr) minmax(0, 5fr)', gap: 2.5, alignItems: 'start' }}
      >
        <Stack spacing={2.5}>
          <Paper variant="outlined" sx={{ p: 2.5 }}>
            <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(3, 1fr)', gap: 2 }}>
              <Meta label="Property">
                <Link
                  component={RouterLink}
                  to={`/scores/${a.product}?${new URLSearchParams({ location: a.address ?? a.propertyId, location_type: 'address' })}`}
                >
                  {a.address ?? a.propertyId}
                </Link>
              </Meta>
              <Meta label="Score">
                <span data-testid="appeal-scores">
                  {a.scoreBefore?.toFixed(1) ?? '—'}
                  {a.scoreAfter !== null && ` → ${a.scoreAfter.toFixed(1)}`}
                </span>
              </Meta>
              <Meta label="Opened">
                {formatLongDate(a.openedAt)} by {a.createdBy?.name ?? '—'}
              </Meta>
              <Meta label="Deadline">
                <span style={{ color: a.overdue ? '#c0392b' : undefined }}>{formatLongDate(a.deadlineAt)}</span>
              </Meta>
              <Meta label="Assignee">{a.assignee?.name ?? '—'}</Meta>
              <Meta label="Decided">{a.decidedAt ? formatLongDate(a.decidedAt) : '—'}</Meta>
            </Box>
            {a.reason && (
              <Typography variant="body2" sx={{ mt: 2 }}>
                <b>Reason:</b> {a.reason}
              </Typography>
            )}
          </Paper>
          <Paper variant="outlined" sx={{ p: 2.5 }}>
            <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
              Changed features
            </Typography>
            <Table size="small" aria-label="Changed features">
              <TableBody>
                {Object.entries(a.manualInputs).map(([key, value]) => (
                  <TableRow key={key}>
                    <TableCell sx={{ fontWeight: 600 }}>{humanize(key)}</TableCell>
                    <TableCell>{formatValue(value)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Paper>
          <Paper variant="outlined" sx={{ p: 2.5 }}>
            <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
              Score versions of this property
            </Typography>
            {versions.length === 0 ? (
              <Typography variant="body2" color="text.secondary">
                No published versions yet: lookups show the model's score.
              </Typography>
            ) : (
              <Table size="small" aria-label="Score versions">
                <TableHead>
                  <TableRow>
                    <TableCell>Version</TableCell>
                    <TableCell>Score</TableCell>
                    <TableCell>Published</TableCell>
                    <TableCell>Appeal</TableCell>
                    <TableCell>Model</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {versions.map((v) => (
                    <TableRow key={v.version}>
                      <TableCell>{v.version}</TableCell>
                      <TableCell>
                        {v.score?.toFixed(1) ?? '—'} ({v.riskLevel})
                      </TableCell>
                      <TableCell>
                        {formatLongDate(v.publishedAt)} by {v.publishedBy?.name ?? '—'}
                      </TableCell>
                      <TableCell>
                        <Link component={RouterLink} to={`/appeals/${v.appealId}`}>
                          #{v.appealId}
                        </Link>
                      </TableCell>
                      <TableCell>{v.modelVersion}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            )}
          </Paper>
        </Stack>
        <Stack spacing={2.5}>
          {buttons.length > 0 && (
            <Paper variant="outlined" sx={{ p: 2.5 }}>
              <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
                Decide
              </Typography>
              <TextField
                fullWidth
                size="small"
                label="Note for the audit trail"
                value={note}
                onChange={(event) => setNote(event.target.value)}
                sx={{ mb: 1.5 }}
                slotProps={{ htmlInput: { maxLength: 2000 } }}
              />
              <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap' }}>
                {buttons.map((b) => (
                  <Button
                    key={b.call}
                    variant={b.color ? 'outlined' : 'contained'}
                    color={b.color ?? 'primary'}
                    onClick={() => act(b.call)}
                    disabled={transition.isPending}
                  >
                    {b.label}
                  </Button>
                ))}
              </Stack>
              {allowed.publish && (
                <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 1 }}>
                  To publish, open the property's score card and use Appeal: you see the recalculated score before
                  publishing.
                </Typography>
              )}
            </Paper>
          )}
          <Paper variant="outlined" sx={{ p: 2.5 }}>
            <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
              Evidence
            </Typography>
            {evidence.length === 0 ? (
              <Typography variant="body2" color="text.secondary">
                No files attached.
              </Typography>
            ) : (
              <Stack spacing={0.5}>
                {evidence.map((file) => (
                  <Stack
                    key={file.id}
                    direction="row"
                    spacing={1}
                    sx={{ alignItems: 'center' }}
                    data-testid="evidence-item"
                  >
                    <Link
                      component="button"
                      onClick={() =>
                        void downloadProtected(file.url, file.fileName, true).catch((e: Error) => setError(e.message))
                      }
                    >
                      {file.fileName}
                    </Link>
                    <Typography variant="caption" color="text.secondary">
                      {file.sizeBytes < 1024 ? `${file.sizeBytes} B` : `${Math.round(file.sizeBytes / 1024)} KB`} ·{' '}
                      {formatLongDate(file.uploadedAt)}
                    </Typography>
                  </Stack>
                ))}
              </Stack>
            )}
          </Paper>
          <Paper variant="outlined" sx={{ p: 2.5 }}>
            <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1 }}>
              <Typography variant="h6" component="h2">
                Timeline
              </Typography>
              {permissions.abilities.appealReview && (
                <Button
                  size="small"
                  startIcon={<Download />}
                  onClick={() =>
                    void downloadProtected(
                      `${apiPath('/caribou/appeals/audit.csv')}?propertyId=${encodeURIComponent(a.propertyId)}`,
                      downloadFileName(`appeals audit ${a.propertyId}`, 'csv'),
                    ).catch((e: Error) => setError(e.message))
                  }
                >
                  Property audit CSV
                </Button>
              )}
            </Stack>
            <Stack component="ol" spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0 }} data-testid="timeline">
              {timeline.map((event) => (
                <Box
                  component="li"
                  key={event.id}
                  sx={{
                    borderLeft: 3,
                    borderColor: event.action === 'published' ? 'success.main' : 'divider',
                    pl: 1.5,
                  }}
                >
                  <Typography variant="body2" sx={{ fontWeight: 700 }}>
                    {ACTION_LABELS[event.action]}
                    <Typography component="span" variant="caption" color="text.secondary" sx={{ ml: 1 }}>
                      {APPEAL_STATUS_LABELS[event.toStatus]}
                    </Typography>
                  </Typography>
                  <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
                    {new Date(event.at).toLocaleString('en-US')} · {event.actor?.name ?? 'System'}
                  </Typography>
                  {describe(event) && <Typography variant="body2">{describe(event)}</Typography>}
                </Box>
              ))}
            </Stack>
          </Paper>
        </Stack>
      </Box>
    </Box>
  );
}
