import { CompiledQuery, sql } from 'kysely';
import PgBoss from 'pg-boss';
import type { z } from 'zod';
import type { Db } from '../db/database.js';
import { jobDuration } from '../ops/metrics.js';
import { getProcessLogger, requestContext } from '../ops/logger.js';
import type { Logger } from 'pino';
import { createRequire } from 'node:module';
import { isDatabaseUnavailable } from '../db/unavailable.js';
import { acquireChangeFeed } from '../db/change-feed.js';

/** How long a job's outcome report is tried again while the database is unreachable (an outage of up to a minute). */
const OUTCOME_RETRY_MS = 60_000;

/**
 * pg-boss's statements that record a job's outcome (its default schema), as its worker sends them.
 * They are recognised by their text, read from pg-boss's internal plans.js: pg-boss is pinned to an
 * exact version for that (apps/server/package.json), and test/job-queue-outcome-match.test.ts fails
 * when a version sends its outcomes in another text, so an upgrade cannot silently lose the retry.
 */
const plans = createRequire(import.meta.url)('pg-boss/src/plans.js') as {
  completeJobs(schema: string): string;
  failJobsById(schema: string): string;
};
const OUTCOME_REPORTS = new Set([plans.completeJobs('pgboss'), plans.failJobsById('pgboss')]);

/** Whether pg-boss sends this text to record a job's outcome (which reportOutcome then retries through an outage). */
export function isOutcomeReport(text: string): boolean {
  return OUTCOME_REPORTS.has(text);
}

/**
 * A typed, versioned background job (documenso's pattern): the queue name carries the version,
 * so a payload change ships as a new version while old jobs still drain with their own handler.
 */
export interface JobDefinition<Schema extends z.ZodType> {
  id: string;
  version: number;
  schema: Schema;
  /** Seconds a worker may hold one job before it is considered dead and handed to another. */
  expireInSeconds: number;
  retryLimit: number;
  retryDelaySeconds: number;
}

export function defineJob<Schema extends z.ZodType>(definition: JobDefinition<Schema>): JobDefinition<Schema> {
  return definition;
}

export const queueName = (job: JobDefinition<z.ZodType>) => `${job.id}-v${job.version}`;

export interface JobQueueOptions {
  /** How often expired jobs (of killed workers) are put back in the queue. */
  maintenanceIntervalSeconds?: number;
  pollingIntervalSeconds?: number;
  /** Where job lines go (default: the process logger). */
  log?: Logger;
}

/**
 * pg-boss on the application's own database (through Kysely's pool, so no second connection
 * string is needed). Started lazily: an API process that never enqueues never installs it.
 */
export class JobQueue {
  private boss: PgBoss | null = null;
  private starting: Promise<PgBoss> | null = null;
  /** Set by stop(): bookkeeping pg-boss attempts after it (a late handler's fail) may meet a closed database. */
  private stopped = false;
  private readonly created = new Set<string>();
  /** The database as pg-boss sees it, without reportOutcome's forgiveness (for calls we await). */
  private direct: PgBoss.Db | null = null;
  /** This process's workers by queue name, woken when this process queues jobs for them. */
  private readonly localWorkers = new Map<string, string[]>();
  /** The change feed this process's workers hear other processes' queued jobs on (see work()). */
  private jobFeed: { unsubscribe: () => void; release: () => Promise<void> } | null = null;

  constructor(
    private readonly db: Db,
    private readonly options: JobQueueOptions = {},
  ) {}

  private get log(): Logger {
    return this.options.log ?? getProcessLogger();
  }

  /** The payload as stored: with the id of the request (or job) that queued it, for its logs. */
  private stored<S extends z.ZodType>(job: JobDefinition<S>, payload: z.input<S>): object {
    const requestId = requestContext.getStore()?.requestId;
    return { ...(job.schema.parse(payload) as object), ...(requestId ? { requestId } : {}) };
  }

  private async start(): Promise<PgBoss> {
    if (this.boss) return this.boss;
    this.starting ??= (async () => {
      const db = this.db;
      this.stopped = false;
      const boss = new PgBoss({
        db: {
          // A job's outcome, as pg-boss reports it after the handler without awaiting it, goes
          // through reportOutcome (it must never reject); everything else straight to the database.
          executeSql: (text: string, values: unknown[] = []) =>
            isOutcomeReport(text) ? this.reportOutcome(() => execute(text, values)) : execute(text, values),
        },
        maintenanceIntervalSeconds: this.options.maintenanceIntervalSeconds ?? 15,
        superviseIntervalSeconds: this.options.maintenanceIntervalSeconds ?? 15,
        schedule: false,
      } as PgBoss.ConstructorOptions);
      async function execute(text: string, values: unknown[]) {
        // pg-boss sends some work as one multi-statement text wrapped in BEGIN … COMMIT (its
        // schema install, queue creation): if it fails midway (two processes of a fleet
        // installing at once), the connection must not go back to the pool inside an aborted
        // transaction, or every later query on it fails.
        if (!/^\s*BEGIN/i.test(text))
          return { rows: (await db.executeQuery(CompiledQuery.raw(text, values))).rows as unknown[] };
        return db.connection().execute(async (connection) => {
          try {
            return { rows: (await connection.executeQuery(CompiledQuery.raw(text, values))).rows as unknown[] };
          } catch (error) {
            await connection.executeQuery(CompiledQuery.raw('ROLLBACK')).catch(() => {});
            throw error;
          }
        });
      }
      boss.on('error', (error) => this.log.error({ err: error }, 'job queue error'));
      await boss.start();
      this.direct = { executeSql: execute };
      this.boss = boss;
      return boss;
    })();
    return this.starting;
  }

  private async ensureQueue(job: JobDefinition<z.ZodType>): Promise<PgBoss> {
    const boss = await this.start();
    const name = queueName(job);
    if (!this.created.has(name)) {
      const options = {
        name,
        retryLimit: job.retryLimit,
        retryDelay: job.retryDelaySeconds,
        expireInSeconds: job.expireInSeconds,
      };
      // Processes of a fleet starting together create the same queues at once: the loser of a
      // race (or a deadlock victim) finds the queue made by the other, or tries again.
      for (let attempt = 1; ; attempt += 1) {
        try {
          if (await boss.getQueue(name)) await boss.updateQueue(name, options);
          else await boss.createQueue(name, options);
          break;
        } catch (error) {
          if (await boss.getQueue(name).catch(() => null)) break;
          if (attempt >= 5) throw error;
          await new Promise((resolve) => setTimeout(resolve, 100 * attempt + Math.random() * 200));
        }
      }
      this.created.add(name);
    }
    return boss;
  }

  async send<S extends z.ZodType>(job: JobDefinition<S>, payloads: z.input<S>[]): Promise<void> {
    if (!payloads.length) return;
    const boss = await this.ensureQueue(job);
    const jobs = payloads.map((payload) => ({
      name: queueName(job),
      data: this.stored(job, payload),
      expireInSeconds: job.expireInSeconds,
      retryLimit: job.retryLimit,
      retryDelay: job.retryDelaySeconds,
    }));
    for (let i = 0; i < jobs.length; i += 1000) await boss.insert(jobs.slice(i, i + 1000));
    // Idle workers would wait out their polling interval (up to a second) first: this process's
    // are woken here, other processes' through the change feed (a failed announcement only means
    // they poll).
    for (const id of this.localWorkers.get(queueName(job)) ?? []) boss.notifyWorker(id);
    await sql`SELECT pg_notify('zview_jobs', ${queueName(job)})`.execute(this.db).catch(() => {});
  }

  /**
   * Queues one job per `seconds` slot at most, whoever asks (every worker process asks at start
   * and each run asks for the next): a schedule without pg-boss's cron supervisor.
   */
  async sendThrottled<S extends z.ZodType>(
    job: JobDefinition<S>,
    payload: z.input<S>,
    options: { seconds: number; key: string; startAfterSeconds?: number },
  ): Promise<void> {
    const boss = await this.ensureQueue(job);
    await boss.sendThrottled(
      queueName(job),
      this.stored(job, payload),
      {
        expireInSeconds: job.expireInSeconds,
        retryLimit: job.retryLimit,
        retryDelay: job.retryDelaySeconds,
        ...(options.startAfterSeconds ? { startAfter: options.startAfterSeconds } : {}),
      },
      options.seconds,
      options.key,
    );
  }

  async work<S extends z.ZodType>(
    job: JobDefinition<S>,
    handler: (payload: z.output<S>) => Promise<void>,
    options: { concurrency?: number } = {},
  ) {
    const boss = await this.ensureQueue(job);
    const workers = options.concurrency ?? 1;
    for (let i = 0; i < workers; i += 1) {
      const worker = { id: '' };
      worker.id = await boss.work(
        queueName(job),
        { pollingIntervalSeconds: this.options.pollingIntervalSeconds ?? 1, batchSize: 1 },
        async ([item]) => {
          if (!item) return;
          const stopTimer = jobDuration.startTimer({ queue: queueName(job) });
          // The job's lines carry the id of the request that caused it (if any) and the job's own.
          const requestId = (item.data as { requestId?: unknown }).requestId;
          const log = this.log.child({
            ...(typeof requestId === 'string' ? { requestId } : {}),
            queue: queueName(job),
            jobId: item.id,
          });
          const started = performance.now();
          log.info('job started');
          try {
            await requestContext.run(
              { requestId: typeof requestId === 'string' ? requestId : `job:${item.id}`, log },
              () => handler(job.schema.parse(item.data)),
            );
            stopTimer({ outcome: 'done' });
            log.info({ ms: Math.round(performance.now() - started) }, 'job done');
          } catch (error) {
            stopTimer({ outcome: 'failed' });
            log.warn({ err: error, ms: Math.round(performance.now() - started) }, 'job failed');
            throw error;
          }
          // pg-boss waits out the polling interval after every job shorter than it, even with more
          // queued (a run's chunks would go at most one a second per worker): ask again at once.
          if (worker.id) boss.notifyWorker(worker.id);
        },
      );
      this.localWorkers.set(queueName(job), [...(this.localWorkers.get(queueName(job)) ?? []), worker.id]);
    }
    if (!this.jobFeed) {
      // Jobs another process queued: every idle worker here asks for one (those with none to take
      // go back to sleep). A process that only queues never listens.
      const { feed, release } = acquireChangeFeed(this.db);
      const unsubscribe = feed.subscribe('zview_jobs', () => {
        for (const ids of this.localWorkers.values()) for (const id of ids) this.boss?.notifyWorker(id);
      });
      this.jobFeed = { unsubscribe, release };
    }
  }

  /** Marks running jobs failed (they are retried if their definition allows). */
  async fail<S extends z.ZodType>(job: JobDefinition<S>, ids: string[]): Promise<void> {
    if (!ids.length) return;
    const boss = await this.ensureQueue(job);
    // Awaited by the caller, so an error is the caller's to see (not reportOutcome's to forgive).
    // pg-boss's types omit the data argument of the ids form: (name, ids, data, options) at run time.
    await (
      boss.fail as (name: string, ids: string[], data: undefined, options: PgBoss.ConnectionOptions) => Promise<void>
    )(queueName(job), ids, undefined, { db: this.direct! });
  }

  /**
   * Records a job's outcome (pg-boss's complete or fail after the handler returned or threw).
   * pg-boss does not await that report, so a rejection here would be an unhandled one, and the
   * moment it is most likely is a database outage: a handler fails because the database went
   * away, then reports its failure to the database that is away. The report is tried again while
   * the database is unreachable (up to OUTCOME_RETRY_MS, so it lands after a short outage), then
   * given up with a warning: the job stays active and its expiry hands it to a worker again, as for
   * a killed worker. After stop() (the pool may be closed under a handler that outlived a
   * non-graceful stop) it is given up at once. Either way pg-boss reads "no job changed".
   */
  private async reportOutcome(report: () => Promise<{ rows: unknown[] }>): Promise<{ rows: unknown[] }> {
    const started = performance.now();
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await report();
      } catch (error) {
        if (!this.stopped && isDatabaseUnavailable(error) && performance.now() - started < OUTCOME_RETRY_MS) {
          await new Promise((resolve) => setTimeout(resolve, Math.min(2000, 250 * attempt)));
          continue;
        }
        const closed = /destroyed|Cannot use a pool after calling end/i.test(String((error as Error)?.message));
        if (!(this.stopped && closed))
          this.log.warn({ err: error }, 'job outcome not recorded (the job is taken again when it expires)');
        return { rows: [{ count: 0 }] }; // what a command that changed no job answers
      }
    }
  }

  /**
   * Stops taking jobs. `graceful`: running handlers may finish first (up to timeoutMs); those
   * that do not stay active and are taken again when their jobs expire.
   */
  async stop(options: { graceful?: boolean; timeoutMs?: number } = {}): Promise<void> {
    const graceful = options.graceful ?? false;
    this.stopped = true;
    if (this.boss)
      await this.boss
        .stop({ graceful, wait: true, timeout: options.timeoutMs ?? 15_000 } as PgBoss.StopOptions)
        .catch(() => {});
    this.boss = null;
    this.starting = null;
    this.localWorkers.clear();
    if (this.jobFeed) {
      this.jobFeed.unsubscribe();
      await this.jobFeed.release();
      this.jobFeed = null;
    }
  }
}
