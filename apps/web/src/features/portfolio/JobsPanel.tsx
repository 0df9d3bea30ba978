import { formatLongDate } from '@zview/contracts';
import ExpandMore from '@mui/icons-material/ExpandMore';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Tab from '@mui/material/Tab';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { PagedTableFooter } from '../../ui/PagedTableFooter';
import { useNotifications } from '../../ui/notifications';
import type { Job, JobFilter, JobState } from '@zview/contracts';
import { fetchJobs } from './api/jobs';
import { fetchJobsMetadata } from './api/jobsMetadata';
import { portfolioKeys } from './api/keys';
import { resumeJob } from './api/resumeJob';
import { suspendJob } from './api/suspendJob';
import { RunProgressBar } from './components';
import { LoadError, MessageRow } from '../../ui/TableStates';
import { productName } from './model';

/**
 * Internal admins' view of portfolio processing across organisations (GET /caribou/jobs with a
 * filter, /caribou/jobs/metadata): one job per file read (ingest) and per scoring run, which they
 * can suspend and resume at any stage.
 * Collapsed by default; it asks the server only when opened.
 */
const FILTERS: { value: JobFilter; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'running', label: 'Running' },
  { value: 'queued', label: 'Queued' },
  { value: 'suspended', label: 'Suspended' },
  { value: 'complete', label: 'Complete' },
];
const STATE_LABELS: Record<JobState, string> = {
  queued: 'Queued',
  running: 'Running',
  suspended: 'Suspended',
  complete: 'Complete',
};
const STATE_COLORS: Record<JobState, 'default' | 'info' | 'warning' | 'success'> = {
  queued: 'default',
  running: 'info',
  suspended: 'warning',
  complete: 'success',
};
const JOBS_PAGE_SIZE = 10;
/**
 * While the panel is open it follows the work live: every 2 s while something runs, and every 4 s
 * when nothing does, so a run started meanwhile shows up without a reload (issue 45: a 400,000-row
 * portfolio reached In Review and never appeared, since an idle panel never asked again).
 */
export const JOBS_POLL_MS = { busy: 2000, idle: 4000 } as const;

/** A job as the panel names it: a run by its id, a file read by its portfolio's. */
function jobName(job: Job) {
  return job.type === 'portfolio-ingest' ? `Read ${job.portfolioId}` : `Job ${job.id}`;
}

/** What the job does: reading the file, or scoring a product. */
function jobWork(job: Job) {
  return job.type === 'portfolio-ingest' ? 'Reading the file' : `Scoring ${productName(job.product)}`;
}

export function JobsPanel() {
  const [open, setOpen] = useState(false);
  return (
    <Accordion
      expanded={open}
      onChange={(_, next) => setOpen(next)}
      variant="outlined"
      disableGutters
      sx={{ mt: 3 }}
      data-testid="jobs-panel"
    >
      <AccordionSummary expandIcon={<ExpandMore />} aria-controls="jobs-panel-content" id="jobs-panel-header">
        <Typography sx={{ fontWeight: 700 }}>Processing jobs</Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary', ml: 2, alignSelf: 'center' }}>
          File reads and scoring runs of every organisation (internal administrators only)
        </Typography>
      </AccordionSummary>
      <AccordionDetails sx={{ p: 0 }}>{open && <JobsTable />}</AccordionDetails>
    </Accordion>
  );
}

function JobsTable() {
  const queryClient = useQueryClient();
  const { notify } = useNotifications();
  const [filter, setFilter] = useState<JobFilter>('all');
  const [page, setPage] = useState(0);
  const busy = (data: { counts: Record<JobState, number> } | undefined) =>
    Boolean(data && data.counts.running + data.counts.queued > 0);
  const metadata = useQuery({
    queryKey: portfolioKeys.jobsMetadata(),
    queryFn: ({ signal }) => fetchJobsMetadata(signal),
    refetchInterval: (q) => (busy(q.state.data) ? JOBS_POLL_MS.busy : JOBS_POLL_MS.idle),
  });
  const jobs = useQuery({
    queryKey: portfolioKeys.jobs(filter, page),
    queryFn: ({ signal }) => fetchJobs(filter, page + 1, JOBS_PAGE_SIZE, signal),
    placeholderData: keepPreviousData,
    refetchInterval: busy(metadata.data) ? JOBS_POLL_MS.busy : JOBS_POLL_MS.idle,
  });
  const change = useMutation({
    mutationFn: ({ job, to }: { job: Job; to: 'suspend' | 'resume' }) =>
      to === 'suspend' ? suspendJob(job.id, job.type) : resumeJob(job.id, job.type),
    onSuccess: (_, { job, to }) =>
      notify({
        text: `${jobName(job)} (${job.portfolioName}, ${jobWork(job)}) ${to === 'suspend' ? 'suspended' : 'resumed'}.`,
        variant: 'success',
      }),
    onError: (error) =>
      notify({ text: error instanceof Error ? error.message : 'The job could not be changed.', variant: 'error' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['jobs'] }),
  });

  const counts = metadata.data?.counts;
  const rows = jobs.data?.jobs ?? [];
  return (
    <>
      <Tabs
        value={filter}
        onChange={(_, next: JobFilter) => {
          setFilter(next);
          setPage(0);
        }}
        sx={{ px: 2, borderBottom: 1, borderColor: 'divider' }}
        aria-label="Job state"
      >
        {FILTERS.map((f) => (
          <Tab
            key={f.value}
            value={f.value}
            label={
              f.value !== 'all' && counts
                ? `${f.label} (${counts[f.value as JobState].toLocaleString('en-US')})`
                : f.label
            }
          />
        ))}
      </Tabs>
      <Table size="small" aria-label="Processing jobs">
        <TableHead>
          <TableRow>
            <TableCell>Job</TableCell>
            <TableCell>Portfolio</TableCell>
            <TableCell>Organisation</TableCell>
            <TableCell>Work</TableCell>
            <TableCell>State</TableCell>
            <TableCell sx={{ width: 200 }}>Progress</TableCell>
            <TableCell>Started</TableCell>
            <TableCell align="right">Action</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {jobs.isPending ? (
            <MessageRow columns={8}>Loading jobs…</MessageRow>
          ) : jobs.isError ? (
            <MessageRow columns={8}>
              <LoadError what="The jobs" error={jobs.error} onRetry={() => void jobs.refetch()} />
            </MessageRow>
          ) : rows.length === 0 ? (
            <MessageRow columns={8}>
              {filter === 'all'
                ? 'No portfolio has been processed yet.'
                : `No ${STATE_LABELS[filter as JobState].toLowerCase()} jobs.`}
            </MessageRow>
          ) : (
            rows.map((job) => (
              <TableRow key={`${job.type} ${job.id}`} data-testid="job-row" data-state={job.state} data-type={job.type}>
                <TableCell>{jobName(job)}</TableCell>
                <TableCell>
                  <Link
                    component={RouterLink}
                    to={
                      job.type === 'portfolio-ingest'
                        ? `/zportfolio/results?id=${job.portfolioId}`
                        : `/zportfolio/results?id=${job.portfolioId}&product=${job.product}`
                    }
                    underline="hover"
                  >
                    {job.portfolioName}
                  </Link>
                </TableCell>
                <TableCell>{job.organizationName}</TableCell>
                <TableCell>{jobWork(job)}</TableCell>
                <TableCell>
                  <Chip
                    size="small"
                    label={STATE_LABELS[job.state]}
                    color={STATE_COLORS[job.state]}
                    variant={job.state === 'queued' ? 'outlined' : 'filled'}
                  />
                </TableCell>
                <TableCell>
                  <RunProgressBar
                    progress={{
                      committed: job.progress.committed,
                      total: job.progress.total,
                      percent:
                        job.state === 'complete'
                          ? 100
                          : job.progress.total
                            ? Math.floor((job.progress.committed / job.progress.total) * 100)
                            : 0,
                    }}
                  />
                </TableCell>
                <TableCell>{formatLongDate(job.createdAt)}</TableCell>
                <TableCell align="right">
                  {job.state === 'running' || job.state === 'queued' ? (
                    <Button
                      size="small"
                      disabled={change.isPending}
                      onClick={() => change.mutate({ job, to: 'suspend' })}
                    >
                      Suspend
                    </Button>
                  ) : job.state === 'suspended' ? (
                    <Button
                      size="small"
                      disabled={change.isPending}
                      onClick={() => change.mutate({ job, to: 'resume' })}
                    >
                      Resume
                    </Button>
                  ) : null}
                </TableCell>
              </TableRow>
            ))
          )}
        </TableBody>
      </Table>
      <PagedTableFooter total={jobs.data?.total} page={page} onPageChange={setPage} itemsPerPage={JOBS_PAGE_SIZE} />
    </>
  );
}
