import { formatLongDate, type Job, type JobFilter, type JobState } from '@zview/contracts';
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
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { PagedTableFooter } from '../../ui/PagedTableFooter';
import { LoadError, MessageRow } from '../../ui/TableStates';
import { RunProgressBar } from './components';
import {
  ANALYSIS_NOT_SUSPENDABLE,
  JOB_FILTERS,
  jobLink,
  jobName,
  jobProgress,
  jobWork,
  STATE_COLORS,
  STATE_LABELS,
} from './jobLabels';
import { JOBS_PAGE_SIZE, useJobsTable, type JobsTableState } from './useJobsTable';

/**
 * Internal admins' view of portfolio processing across organisations (GET /caribou/jobs with a
 * filter, /caribou/jobs/metadata): one job per file read (ingest), per scoring run, and per
 * product's book analysis (issue 43). Reads and runs can be suspended and resumed at any stage;
 * an analysis runs to its end (ANALYSIS_NOT_SUSPENDABLE).
 * Collapsed by default; it asks the server only when opened.
 */
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
          File reads, scoring runs and book analyses of every organisation (internal administrators only)
        </Typography>
      </AccordionSummary>
      <AccordionDetails sx={{ p: 0 }}>{open && <JobsTable />}</AccordionDetails>
    </Accordion>
  );
}

function JobsTable() {
  const state = useJobsTable();
  const { filter, chooseFilter, page, setPage, metadata, jobs } = state;
  const counts = metadata.data?.counts;
  const rows = jobs.data?.jobs ?? [];
  return (
    <>
      <Tabs
        value={filter}
        onChange={(_, next: JobFilter) => chooseFilter(next)}
        sx={{ px: 2, borderBottom: 1, borderColor: 'divider' }}
        aria-label="Job state"
      >
        {JOB_FILTERS.map((f) => (
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
            rows.map((job) => <JobRow key={`${job.type} ${job.id}`} job={job} change={state.change} />)
          )}
        </TableBody>
      </Table>
      <PagedTableFooter total={jobs.data?.total} page={page} onPageChange={setPage} itemsPerPage={JOBS_PAGE_SIZE} />
    </>
  );
}

function JobRow({ job, change }: { job: Job; change: JobsTableState['change'] }) {
  return (
    <TableRow data-testid="job-row" data-state={job.state} data-type={job.type}>
      <TableCell>{jobName(job)}</TableCell>
      <TableCell>
        <Link component={RouterLink} to={jobLink(job)} underline="hover">
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
        <RunProgressBar progress={jobProgress(job)} />
      </TableCell>
      <TableCell>{formatLongDate(job.createdAt)}</TableCell>
      <TableCell align="right">
        <JobAction job={job} change={change} />
      </TableCell>
    </TableRow>
  );
}

function JobAction({ job, change }: { job: Job; change: JobsTableState['change'] }) {
  if (job.type === 'portfolio-analysis')
    return job.state === 'complete' ? null : (
      <Typography variant="caption" sx={{ color: 'text.secondary' }} title={ANALYSIS_NOT_SUSPENDABLE}>
        Runs to its end
      </Typography>
    );
  if (job.state === 'running' || job.state === 'queued')
    return (
      <Button size="small" disabled={change.isPending} onClick={() => change.mutate({ job, to: 'suspend' })}>
        Suspend
      </Button>
    );
  if (job.state === 'suspended')
    return (
      <Button size="small" disabled={change.isPending} onClick={() => change.mutate({ job, to: 'resume' })}>
        Resume
      </Button>
    );
  return null;
}
