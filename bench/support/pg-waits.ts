/**
 * What PostgreSQL's backends wait for while a phase runs (issue 46, lookups beside heavy work):
 * pg_stat_activity sampled every few milliseconds from a connection of its own, each active
 * backend counted by who it serves (the API's lookups at nice 0, background work's niced
 * backends, PostgreSQL's own processes) and by its wait event (none: on a core or waiting for
 * one). Besides: the WAL written per second (pg_current_wal_lsn, pg_stat_wal), checkpoints
 * (pg_stat_checkpointer) and the change feed's notifications per channel during the phase.
 */
import pg from 'pg';
import { niceOf } from '../../apps/server/src/ops/priority.js';

interface Counters {
  lsn: string;
  walRecords: number;
  walFpi: number;
  walBytes: number;
  walBuffersFull: number;
  checkpointsTimed: number;
  checkpointsRequested: number;
  buffersWritten: number;
}

const COUNTERS = `
  SELECT pg_current_wal_lsn()::text AS lsn,
         w.wal_records::float8 AS "walRecords", w.wal_fpi::float8 AS "walFpi", w.wal_bytes::float8 AS "walBytes",
         w.wal_buffers_full::float8 AS "walBuffersFull",
         c.num_timed::float8 AS "checkpointsTimed", c.num_requested::float8 AS "checkpointsRequested",
         c.buffers_written::float8 AS "buffersWritten"
  FROM pg_stat_wal w, pg_stat_checkpointer c`;

const ACTIVITY = `
  SELECT pid, backend_type, application_name, state, wait_event_type, wait_event, left(query, 48) AS query
  FROM pg_stat_activity WHERE pid <> pg_backend_pid()`;

interface ActivityRow {
  pid: number;
  backend_type: string;
  application_name: string;
  state: string | null;
  wait_event_type: string | null;
  wait_event: string | null;
  query: string | null;
}

/** Who a backend serves: its nice value tells background work (niced on connect) from the API's. */
function partyOf(row: ActivityRow, nice: (pid: number) => number): string | null {
  if (row.backend_type !== 'client backend') return row.backend_type;
  if (row.state !== 'active') return null;
  if (row.application_name === 'zview-change-feed') return 'change feed';
  // An export's second COPY connection is opened outside its pool (db/portfolio-export.ts).
  if (row.application_name === 'zview-export' || /^\s*copy/i.test(row.query ?? '')) return 'background (COPY)';
  return nice(row.pid) > 0 ? 'background (niced)' : 'API (lookups)';
}

/** What a usage group commit, a lookup's read and a bulk statement look like, to split the API's samples. */
function statementOf(query: string | null): string {
  const q = (query ?? '').trim().toLowerCase();
  if (q.startsWith('insert into usage_events') || q.includes('usage_events')) return 'usage commit';
  if (q.startsWith('copy')) return 'COPY';
  if (q.startsWith('insert')) return 'INSERT';
  if (q.startsWith('select')) return 'SELECT';
  return q.split(/\s+/)[0] || '?';
}

/** The wait of a usage commit's sample as one of: the WAL flush, a core, a lock, the client, else other. */
function kindOfWait(wait: string): string {
  if (/^(IO:Wal|LWLock:WALWrite$)/.test(wait)) return 'WAL flush';
  if (wait === 'on CPU') return 'on CPU';
  if (/^(LWLock|Lock|Timeout:SpinDelay)/.test(wait)) return 'locks';
  if (wait.startsWith('Client:')) return 'client';
  return 'other';
}

/**
 * What the lookups' usage commit (the group commit's WITH … INSERT INTO usage_events, cut to 48
 * characters: 'with' or 'usage commit') spends its samples on: the WAL flush (IO:WalSync, WalWrite,
 * WalInit*, LWLock:WALWrite), a core, locks, the client (issue 46's question: what remains of the
 * commit wait beside the work).
 */
function commitComposition(apiStatements: Map<string, number>): string {
  const kinds = new Map<string, number>();
  let total = 0;
  for (const [key, n] of apiStatements) {
    const [statement, ...rest] = key.split(' ');
    if (statement !== 'with' && !key.startsWith('usage commit')) continue;
    const wait = key.startsWith('usage commit') ? rest.slice(1).join(' ') : rest.join(' ');
    kinds.set(kindOfWait(wait), (kinds.get(kindOfWait(wait)) ?? 0) + n);
    total += n;
  }
  if (!total) return 'the usage commit: no samples';
  const parts = [...kinds].sort((a, b) => b[1] - a[1]).map(([k, n]) => `${k} ${((n / total) * 100).toFixed(0)}%`);
  return `the usage commit's ${total} samples: ${parts.join(', ')}`;
}

export interface WaitSampler {
  stop(): Promise<string>;
}

/** Starts sampling; `stop` answers the report lines. */
export async function sampleWaits(
  url: string,
  options: { everyMs?: number; channels?: readonly string[] } = {},
): Promise<WaitSampler> {
  const everyMs = options.everyMs ?? 5;
  const client = new pg.Client({ connectionString: url, application_name: 'zview-bench-waits' });
  const listener = new pg.Client({ connectionString: url, application_name: 'zview-bench-listen' });
  await Promise.all([client.connect(), listener.connect()]);
  const notifications = new Map<string, number>();
  listener.on('notification', (m) => notifications.set(m.channel, (notifications.get(m.channel) ?? 0) + 1));
  for (const channel of options.channels ?? ['zview_auth', 'zview_world', 'zview_jobs'])
    await listener.query(`LISTEN ${channel}`);
  const niceCache = new Map<number, number>();
  const nice = (pid: number) => {
    let value = niceCache.get(pid);
    if (value === undefined) niceCache.set(pid, (value = niceOf(`/proc/${pid}`)));
    return value;
  };
  // pg_walinspect (shipped with the embedded server) breaks the phase's WAL down by record type and relation.
  const inspect = await client.query('CREATE EXTENSION IF NOT EXISTS pg_walinspect').then(
    () => true,
    () => false,
  );
  const before = (await client.query<Counters>(COUNTERS)).rows[0]!;
  const t0 = Date.now();
  /** party → wait (or 'on CPU') → samples; and for the API, statement → wait → samples. */
  const waits = new Map<string, Map<string, number>>();
  const apiStatements = new Map<string, number>();
  let samples = 0;
  let running = true;
  const count = (map: Map<string, number>, key: string) => map.set(key, (map.get(key) ?? 0) + 1);
  const loop = (async () => {
    while (running) {
      const started = Date.now();
      const { rows } = await client.query<ActivityRow>(ACTIVITY);
      samples += 1;
      for (const row of rows) {
        const party = partyOf(row, nice);
        if (!party) continue;
        const wait = row.wait_event ? `${row.wait_event_type}:${row.wait_event}` : 'on CPU';
        // Idle background processes (their wait is their main loop's) are not counted.
        if (row.backend_type !== 'client backend' && /Main$|^Activity:/.test(wait)) continue;
        if (!waits.has(party)) waits.set(party, new Map());
        count(waits.get(party)!, wait);
        if (party === 'API (lookups)') count(apiStatements, `${statementOf(row.query)} ${wait}`);
      }
      const rest = everyMs - (Date.now() - started);
      if (rest > 0) await new Promise((resolve) => setTimeout(resolve, rest));
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      const seconds = (Date.now() - t0) / 1000;
      const after = (await client.query<Counters>(COUNTERS)).rows[0]!;
      const walMb =
        Number(
          (await client.query<{ d: string }>(`SELECT pg_wal_lsn_diff($1, $2)::text AS d`, [after.lsn, before.lsn]))
            .rows[0]!.d,
        ) / 1e6;
      const byRecord = inspect ? await walByRecord(client, before.lsn, after.lsn) : 'pg_walinspect not available';
      const byRelation = inspect ? await walByRelation(client, before.lsn, after.lsn) : '';
      await Promise.all([client.end(), listener.end()]);
      const diff = (k: keyof Counters) => Number(after[k]) - Number(before[k]);
      const top = (map: Map<string, number>, n: number) =>
        [...map]
          .sort((a, b) => b[1] - a[1])
          .slice(0, n)
          .map(([what, k]) => `${what} ${((k / samples) * 100).toFixed(1)}%`)
          .join(', ');
      const lines = [
        `pg_stat_activity every ${everyMs} ms: ${samples} samples in ${seconds.toFixed(1)} s (${(samples / seconds) | 0}/s); share of samples in which a backend of the party was in that state:`,
        ...[...waits].map(([party, map]) => `  ${party}: ${top(map, 8)}`),
        `  API by statement: ${top(apiStatements, 10)}`,
        `  ${commitComposition(apiStatements)}`,
        `WAL ${walMb.toFixed(0)} MB (${(walMb / seconds).toFixed(1)} MB/s; ${diff('walRecords').toLocaleString('en-US')} records, ${diff('walFpi').toLocaleString('en-US')} full-page images, ${diff('walBuffersFull')} times wal_buffers full), checkpoints ${diff('checkpointsTimed')} timed + ${diff('checkpointsRequested')} requested (${diff('buffersWritten')} buffers written)`,
        `WAL by record type: ${byRecord}`,
        `WAL by relation: ${byRelation}`,
        `notifications: ${[...notifications].map(([c, n]) => `${c} ${n}`).join(', ') || 'none'}`,
      ];
      return lines.join('\n    ');
    },
  };
}

const MB = (bytes: number) => `${(bytes / 1e6).toFixed(1)} MB`;

export async function walByRecord(client: pg.Client, from: string, to: string): Promise<string> {
  const { rows } = await client.query<{ t: string; n: string; b: string; fpi: string }>(
    `SELECT "resource_manager/record_type" AS t, count::text AS n, (record_size + fpi_size)::text AS b, fpi_size::text AS fpi
     FROM pg_get_wal_stats($1::pg_lsn, $2::pg_lsn, true) ORDER BY record_size + fpi_size DESC LIMIT 8`,
    [from, to],
  );
  return rows
    .map(
      (r) =>
        `${r.t} ${Number(r.n).toLocaleString('en-US')} (${MB(Number(r.b))}${Number(r.fpi) ? `, FPI ${MB(Number(r.fpi))}` : ''})`,
    )
    .join(', ');
}

export async function walByRelation(client: pg.Client, from: string, to: string): Promise<string> {
  const { rows } = await client.query<{ rel: string; n: string; b: string }>(
    `SELECT coalesce(c.relname, b.relfilenode::text) AS rel, count(*)::text AS n,
            sum(b.block_data_length + b.block_fpi_length + b.main_data_length)::text AS b
     FROM pg_get_wal_block_info($1::pg_lsn, $2::pg_lsn) b LEFT JOIN pg_class c ON c.relfilenode = b.relfilenode
     GROUP BY 1 ORDER BY sum(b.block_data_length + b.block_fpi_length + b.main_data_length) DESC LIMIT 8`,
    [from, to],
  );
  return rows.map((r) => `${r.rel} ${Number(r.n).toLocaleString('en-US')} blocks (${MB(Number(r.b))})`).join(', ');
}
