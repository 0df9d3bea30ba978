import pg from 'pg';

/**
 * Thrown for work abandoned because the database stopped answering (a frozen or stalled server:
 * SIGSTOP, a hung disk, a network black hole). isDatabaseUnavailable recognises it: 503 with
 * Retry-After.
 */
export class DatabaseStalledError extends Error {
  readonly code = 'ZV_STALLED';
  constructor() {
    super('The database is not answering (stalled)');
  }
}

export interface StallGuardOptions {
  /** After this long without an answer, a probe asks whether the database still answers at all. */
  watchMs?: number;
  /** A probe without an answer after this long means the database is stalled. */
  probeMs?: number;
  /** While stalled, probe this often to notice the database is back. */
  recoverMs?: number;
}

/**
 * Bounds every wait on a database that has stopped answering, without bounding slow work on one
 * that answers. Work that has not finished after `watchMs` triggers a probe (`SELECT 1` on a
 * connection of the guard's own); a probe unanswered after `probeMs` marks the database stalled:
 * the waiting work is abandoned (its connection destroyed) and new work fails at once, so a
 * request answers 503 within watchMs + probeMs instead of hanging for the whole freeze. A probe
 * every `recoverMs` notices the database is back, and work flows again without a restart.
 * A slow query on a database that answers its probe goes on waiting (up to the pool's own
 * query_timeout).
 */
export class StallGuard {
  stalled = false;
  private readonly watchMs: number;
  private readonly probeMs: number;
  private readonly recoverMs: number;
  private probeClient: pg.Client | null = null;
  private probing: Promise<boolean> | null = null;
  private recovering: NodeJS.Timeout | null = null;
  private closed = false;

  constructor(
    private readonly connection: pg.ClientConfig,
    options: StallGuardOptions = {},
  ) {
    this.watchMs = options.watchMs ?? 700;
    this.probeMs = options.probeMs ?? 900;
    this.recoverMs = options.recoverMs ?? 250;
  }

  /**
   * Runs `start()` bounded by the guard. `abandon` receives the work's promise when it is given
   * up on, to dispose of what it eventually yields (a connection) or to cut it (a socket).
   */
  async run<T>(start: () => Promise<T>, abandon: (late: Promise<T>) => void = () => {}): Promise<T> {
    if (this.stalled) throw new DatabaseStalledError();
    const work = start();
    let settled = false;
    const done = work.finally(() => (settled = true));
    done.catch(() => {});
    for (;;) {
      const timer = new Promise<'watch'>((resolve) => setTimeout(() => resolve('watch'), this.watchMs).unref());
      const first = await Promise.race([done.then(() => 'done' as const), timer]);
      if (first === 'done' || settled) return work;
      if (!(await this.probe()) && !settled) {
        abandon(work);
        work.catch(() => {});
        throw new DatabaseStalledError();
      }
    }
  }

  /** Whether the database answers a `SELECT 1` within probeMs; concurrent callers share one probe. */
  probe(): Promise<boolean> {
    if (this.stalled) return Promise.resolve(false);
    this.probing ??= this.probeOnce().finally(() => (this.probing = null));
    return this.probing;
  }

  private async probeOnce(): Promise<boolean> {
    const answered = await Promise.race([
      this.selectOne().then(
        () => true,
        () => false,
      ),
      new Promise<false>((resolve) => setTimeout(() => resolve(false), this.probeMs).unref()),
    ]);
    if (!answered) this.markStalled();
    return answered;
  }

  private async selectOne(): Promise<void> {
    if (!this.probeClient) {
      const client = new pg.Client({ ...this.connection, application_name: 'zview-stall-probe' });
      client.on('error', () => this.dropProbeClient(client));
      client.on('end', () => this.dropProbeClient(client));
      this.probeClient = client;
      await client.connect();
    }
    await this.probeClient.query('SELECT 1');
  }

  private dropProbeClient(client: pg.Client) {
    if (this.probeClient === client) this.probeClient = null;
    destroyClient(client);
  }

  private markStalled() {
    if (this.probeClient) this.dropProbeClient(this.probeClient);
    if (this.stalled || this.closed) return;
    this.stalled = true;
    const retry = () => {
      this.recovering = setTimeout(() => {
        void (async () => {
          const answered = await Promise.race([
            this.selectOne().then(
              () => true,
              () => false,
            ),
            new Promise<false>((resolve) => setTimeout(() => resolve(false), this.probeMs).unref()),
          ]);
          if (this.closed) return;
          if (answered) {
            this.stalled = false;
            this.recovering = null;
          } else {
            if (this.probeClient) this.dropProbeClient(this.probeClient);
            retry();
          }
        })();
      }, this.recoverMs);
      this.recovering.unref();
    };
    retry();
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.recovering) clearTimeout(this.recovering);
    const client = this.probeClient;
    this.probeClient = null;
    if (client) destroyClient(client);
  }
}

/** Cuts a client's socket: on a frozen server a polite end() would wait for it. */
export function destroyClient(client: pg.Client | pg.PoolClient) {
  const stream = (client as unknown as { connection?: { stream?: { destroy(): void } } }).connection?.stream;
  try {
    stream?.destroy();
  } catch {
    // Already gone.
  }
}
