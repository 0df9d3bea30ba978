import { formatLongDate, type AppealDetailResponse } from '@zview/contracts';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';

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

/** The appeal's property (linked to its score page), score change, dates, assignee and reason. */
export function AppealSummaryCard({ appeal: a }: { appeal: AppealDetailResponse['appeal'] }) {
  const location = a.address ?? a.propertyId;
  return (
    <Paper variant="outlined" sx={{ p: 2.5 }}>
      <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(3, 1fr)', gap: 2 }}>
        <Meta label="Property">
          <Link
            component={RouterLink}
            to={`/scores/${a.product}?${new URLSearchParams({ location, location_type: 'address' })}`}
          >
            {location}
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
  );
}
