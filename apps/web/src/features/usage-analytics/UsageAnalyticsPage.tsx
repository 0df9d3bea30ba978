import { USAGE_ANALYTICS_MAX_DAYS, type UsageAnalytics } from '@zview/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
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
import { BarChart } from '@mui/x-charts/BarChart';
import { LineChart } from '@mui/x-charts/LineChart';
import { useState, type ReactNode } from 'react';
import { DateField } from '../../ui/DateField';
import { useUsageAnalytics } from './api/usageAnalytics';

const DAY_MS = 86_400_000;
const isoDay = (t: number) => new Date(t).toISOString().slice(0, 10);
/** The default range: the last 30 days, today included. */
export const defaultRange = (now = Date.now()) => ({ from: isoDay(now - 29 * DAY_MS), to: isoDay(now) });

function Panel({ title, children, testId }: { title: string; children: ReactNode; testId: string }) {
  return (
    <Paper variant="outlined" sx={{ p: 2, minWidth: 0 }} data-testid={testId}>
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700, mb: 1 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

const Empty = () => (
  <Typography color="text.secondary" sx={{ py: 4, textAlign: 'center' }}>
    No events in this range.
  </Typography>
);

/**
 * /admin/usage-analytics (internal admins): what people do in Z-VIEW, from the analytics events
 * our collector stores — events per day, active users per organisation, top events and the
 * sign-in → lookup and upload → export funnels, for a date range and one organisation or all.
 */
export default function UsageAnalyticsPage() {
  const [range, setRange] = useState(defaultRange);
  const [organizationId, setOrganizationId] = useState<number | undefined>();
  const rangeError =
    range.from > range.to
      ? 'The start must not be after the end.'
      : (Date.parse(range.to) - Date.parse(range.from)) / DAY_MS >= USAGE_ANALYTICS_MAX_DAYS
        ? `Choose at most ${USAGE_ANALYTICS_MAX_DAYS} days.`
        : null;
  const report = useUsageAnalytics({ ...range, organizationId }, rangeError === null);
  const data = rangeError ? undefined : report.data;

  return (
    <Box sx={{ px: 4, py: 3 }}>
      <Stack
        direction="row"
        sx={{ alignItems: 'flex-end', justifyContent: 'space-between', mb: 2, gap: 2, flexWrap: 'wrap' }}
      >
        <Box>
          <Typography variant="h4" component="h1">
            Usage analytics
          </Typography>
          <Typography color="text.secondary">
            Product analytics events of every organisation (internal admins only).
          </Typography>
        </Box>
        <Stack direction="row" spacing={2} component="form" aria-label="Filters" onSubmit={(e) => e.preventDefault()}>
          <TextField
            select
            size="small"
            label="Organization"
            value={organizationId ?? ''}
            onChange={(e) => setOrganizationId(e.target.value === '' ? undefined : Number(e.target.value))}
            slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
            sx={{ minWidth: 220 }}
          >
            <MenuItem value="">All organizations</MenuItem>
            {(report.data?.organizations ?? []).map((org) => (
              <MenuItem key={org.id} value={org.id}>
                {org.name}
              </MenuItem>
            ))}
          </TextField>
          <DateField
            size="small"
            label="From"
            value={range.from}
            onChange={(e) => e.target.value && setRange((r) => ({ ...r, from: e.target.value }))}
          />
          <DateField
            size="small"
            label="To"
            value={range.to}
            onChange={(e) => e.target.value && setRange((r) => ({ ...r, to: e.target.value }))}
          />
        </Stack>
      </Stack>
      {rangeError && <Alert severity="warning">{rangeError}</Alert>}
      {!rangeError && report.isError && (
        <Alert severity="error">The usage analytics could not be loaded. {report.error.message}</Alert>
      )}
      {!rangeError && report.isPending && (
        <Skeleton variant="rounded" height={480} data-testid="usage-analytics-loading" />
      )}
      {data && <Dashboard data={data} refreshing={report.isFetching} />}
    </Box>
  );
}

function Dashboard({ data, refreshing }: { data: UsageAnalytics; refreshing: boolean }) {
  const totalEvents = data.eventsPerDay.reduce((n, d) => n + d.events, 0);
  return (
    <Box sx={{ position: 'relative' }}>
      {refreshing && <LinearProgress sx={{ position: 'absolute', top: -8, left: 0, right: 0, height: 2 }} />}
      <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', gap: 2 }}>
        <Panel title={`Events per day (${totalEvents.toLocaleString('en-US')} in all)`} testId="events-per-day">
          {totalEvents === 0 ? (
            <Empty />
          ) : (
            <LineChart
              height={260}
              yAxis={[{ tickMinStep: 1 }]}
              xAxis={[{ scaleType: 'point', data: data.eventsPerDay.map((d) => d.day.slice(5)) }]}
              series={[
                { data: data.eventsPerDay.map((d) => d.events), label: 'Events', showMark: false, curve: 'linear' },
                { data: data.eventsPerDay.map((d) => d.users), label: 'Users', showMark: false, curve: 'linear' },
              ]}
            />
          )}
        </Panel>
        <Panel title="Active users per organization" testId="active-users">
          {data.activeUsersByOrganization.length === 0 ? (
            <Empty />
          ) : (
            <BarChart
              height={260}
              layout="horizontal"
              xAxis={[{ tickMinStep: 1 }]}
              yAxis={[
                {
                  scaleType: 'band',
                  data: data.activeUsersByOrganization.map((o) => o.organizationName ?? 'No organization'),
                  width: 140,
                },
              ]}
              series={[{ data: data.activeUsersByOrganization.map((o) => o.users), label: 'Active users' }]}
            />
          )}
        </Panel>
        <Panel title="Top events" testId="top-events">
          {data.topEvents.length === 0 ? (
            <Empty />
          ) : (
            <BarChart
              height={260}
              layout="horizontal"
              xAxis={[{ tickMinStep: 1 }]}
              yAxis={[{ scaleType: 'band', data: data.topEvents.map((e) => e.event), width: 170 }]}
              series={[{ data: data.topEvents.map((e) => e.events), label: 'Events' }]}
            />
          )}
        </Panel>
        <Panel title="Funnels" testId="funnels">
          <Stack spacing={2.5} sx={{ py: 1 }}>
            {data.funnels.map((funnel) => (
              <Funnel key={funnel.name} funnel={funnel} />
            ))}
          </Stack>
        </Panel>
      </Box>
      <Box sx={{ mt: 2 }}>
        <Panel title="Recent events" testId="recent-events">
          {data.recentEvents.length === 0 ? (
            <Empty />
          ) : (
            <Table size="small" aria-label="Recent events">
              <TableHead>
                <TableRow>
                  <TableCell>Time (UTC)</TableCell>
                  <TableCell>Type</TableCell>
                  <TableCell>Event</TableCell>
                  <TableCell>User</TableCell>
                  <TableCell>Organization</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {data.recentEvents.map((e, index) => (
                  <TableRow key={index} data-testid="recent-event">
                    <TableCell>{e.occurredAt.slice(0, 19).replace('T', ' ')}</TableCell>
                    <TableCell>{e.type}</TableCell>
                    <TableCell sx={{ fontFamily: 'monospace' }}>{e.event ?? '—'}</TableCell>
                    <TableCell>{e.userEmail ?? e.userId ?? 'anonymous'}</TableCell>
                    <TableCell>
                      {e.organizationName ?? (e.organizationId === null ? '—' : `#${e.organizationId}`)}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          )}
        </Panel>
      </Box>
    </Box>
  );
}

function Funnel({ funnel }: { funnel: UsageAnalytics['funnels'][number] }) {
  const first = funnel.steps[0]?.users ?? 0;
  const last = funnel.steps.at(-1)?.users ?? 0;
  const rate = first === 0 ? '—' : `${Math.round((last / first) * 100)}%`;
  return (
    <Box role="group" aria-label={funnel.name}>
      <Stack direction="row" sx={{ justifyContent: 'space-between', mb: 0.5 }}>
        <Typography sx={{ fontWeight: 600 }}>{funnel.name}</Typography>
        <Typography color="text.secondary">Conversion {rate}</Typography>
      </Stack>
      {funnel.steps.map((step) => (
        <Stack key={step.event} direction="row" spacing={1} sx={{ alignItems: 'center', mb: 0.5 }}>
          <Typography variant="body2" sx={{ width: 150, fontFamily: 'monospace' }}>
            {step.event}
          </Typography>
          <LinearProgress
            variant="determinate"
            value={first === 0 ? 0 : (step.users / first) * 100}
            sx={{ flex: 1, height: 10, borderRadius: 1 }}
            aria-label={`${step.event} users`}
          />
          <Typography variant="body2" sx={{ width: 70, textAlign: 'right' }} data-testid={`funnel-${step.event}`}>
            {step.users.toLocaleString('en-US')} users
          </Typography>
        </Stack>
      ))}
    </Box>
  );
}
