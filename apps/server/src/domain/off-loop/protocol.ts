/**
 * What the API's thread and a render thread say over a task's MessagePort (pool.ts, worker.ts).
 * The render thread sends at most CREDIT chunks ahead of what the API's stream has taken: each
 * chunk taken is answered with 'more', so a slow client slows the render (backpressure) and at
 * most CREDIT chunks wait in memory. 'cancel' (the client went away) stops the render and
 * releases what it holds (database connections).
 */
export const CREDIT = 4;

export type ToApi = { chunk: Uint8Array } | { end: true } | { error: string };
export type ToRenderer = 'more' | 'cancel';
