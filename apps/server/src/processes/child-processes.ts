import type { ChildProcess } from 'node:child_process';

/*
 * How this server runs processes of its own (the portfolio worker, API processes): one place for
 * their options, their restart policy, how they are stopped and how they stop.
 */

/**
 * Node options for a child process: tsx runs the TypeScript source, as in this process (which
 * may have registered it in code, not on the command line). The inspector is not passed on: two
 * processes cannot share its port.
 */
export function childExecArgv(): string[] {
  const inherited = process.execArgv.filter((arg) => !arg.startsWith('--inspect'));
  return inherited.some((arg) => arg.includes('tsx'))
    ? inherited
    : [...inherited, '--import', import.meta.resolve('tsx')];
}

/**
 * The wait before restarting a child that exited, given when it started: one that keeps dying at
 * start-up is retried more slowly (doubling up to a minute); one that ran a minute starts over.
 */
export function restartBackoff(): (startedAt: number) => number {
  let restarts = 0;
  return (startedAt) => {
    restarts = Date.now() - startedAt > 60_000 ? 0 : restarts + 1;
    return Math.min(60_000, 1000 * 2 ** Math.min(restarts, 6));
  };
}

/** Asks a child to stop (SIGTERM, SIGKILL after 10 s) and resolves once it has exited. */
export async function terminate(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

/**
 * In a child process: runs `close` once on SIGTERM, SIGINT or when the parent goes away (even
 * killed: the IPC channel disconnects), then exits.
 */
export function exitWhenAsked(close: () => Promise<void>): void {
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    await close().catch(() => {});
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop());
  process.on('SIGINT', () => void stop());
  process.on('disconnect', () => void stop());
}
