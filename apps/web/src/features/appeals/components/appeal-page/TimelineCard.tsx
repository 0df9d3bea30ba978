import { APPEAL_STATUS_LABELS, type AppealEvent } from '@zview/contracts';
import Download from '@mui/icons-material/Download';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatValue, humanize, productLabel } from '../../model';

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

/** One line saying what the event did: the published version, the file, the note or the inputs. */
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

/** The appeal's audit trail, oldest first; reviewers download the property's trail as CSV. */
export function TimelineCard({ timeline, onDownloadAudit }: { timeline: AppealEvent[]; onDownloadAudit?: () => void }) {
  return (
    <Paper variant="outlined" sx={{ p: 2.5 }}>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1 }}>
        <Typography variant="h6" component="h2">
          Timeline
        </Typography>
        {onDownloadAudit && (
          <Button size="small" startIcon={<Download />} onClick={onDownloadAudit}>
            Property audit CSV
          </Button>
        )}
      </Stack>
      <Stack component="ol" spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0 }} data-testid="timeline">
        {timeline.map((event) => (
          <Box
            component="li"
            key={event.id}
            sx={{ borderLeft: 3, borderColor: event.action === 'published' ? 'success.main' : 'divider', pl: 1.5 }}
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
  );
}
