import { getProcessLogger } from '../ops/logger.js';

/**
 * SIGTERM/SIGINT handling of a long-running process: runs the steps in order once (each awaited,
 * a failing one does not stop the rest), then exits 0. A second signal, or the time bound, exits
 * at once with 1, so an orchestrator's stop never hangs.
 */
export function gracefulShutdown(options: {
  steps: (() => unknown)[];
  timeoutMs: number;
  log?: (line: string) => void;
}): void {
  const log = options.log ?? ((line: string) => getProcessLogger().info(line));
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) {
      log(`${signal} received again, exiting now`);
      process.exit(1);
    }
    stopping = true;
    log(`${signal} received, shutting down (at most ${Math.round(options.timeoutMs / 1000)} s)`);
    setTimeout(() => {
      log('shutdown took too long, exiting now');
      process.exit(1);
    }, options.timeoutMs).unref();
    for (const step of options.steps) {
      try {
        await step();
      } catch (error) {
        log(`shutdown step failed: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}
