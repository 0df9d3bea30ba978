/** Connections of the API's pool when one process serves the API alone. */
export const API_POOL_CONNECTIONS = 20;
/** The fewest an API process gets: a lookup with cold caches runs three reads side by side and a commit. */
const FEWEST = 4;

/**
 * The API pool of each of `processes` API processes (API_PROCESSES): a share of one process's,
 * since the connections to serve are dealt out among them. With 10 client connections one process
 * checked out at most 17–18 of its 20 at once in a burst and never waited (the lookup bench's API
 * pool line, session 28), so a process of two may now wait briefly in such a burst; and
 * `API_PROCESSES=auto` on a large machine stays within PostgreSQL's max_connections (200
 * embedded) instead of asking for 20 per core.
 */
export function apiPoolSize(processes: number): number {
  return Math.max(FEWEST, Math.ceil(API_POOL_CONNECTIONS / Math.max(1, processes)));
}
