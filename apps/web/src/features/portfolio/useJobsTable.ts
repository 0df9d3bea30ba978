import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Job, JobFilter, JobState } from '@zview/contracts';
import { useState } from 'react';
import { useNotifications } from '../../ui/notifications';
import { fetchJobs } from './api/jobs';
import { fetchJobsMetadata } from './api/jobsMetadata';
import { portfolioKeys } from './api/keys';
import { resumeJob } from './api/resumeJob';
import { suspendJob } from './api/suspendJob';
import { jobName, jobWork } from './jobLabels';

export const JOBS_PAGE_SIZE = 10;
/**
 * While the panel is open it follows the work live: every 2 s while something runs, and every 4 s
 * when nothing does, so a run started meanwhile shows up without a reload (issue 45: a 400,000-row
 * portfolio reached In Review and never appeared, since an idle panel never asked again).
 */
export const JOBS_POLL_MS = { busy: 2000, idle: 4000 } as const;

/** The jobs list's state: the filter, the page, both polls (faster while work runs) and suspend/resume. */
export function useJobsTable() {
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
  const chooseFilter = (next: JobFilter) => {
    setFilter(next);
    setPage(0);
  };

  return { filter, chooseFilter, page, setPage, metadata, jobs, change };
}

export type JobsTableState = ReturnType<typeof useJobsTable>;
