/**
 * A process that logs as every server process does (getProcessLogger: stdout, buffered), for
 * test/process-logs.test.ts. Asked over IPC: `{ log: n }` logs n lines, `{ crash: true }` logs a
 * line and throws (an uncaught exception). SIGTERM runs the graceful shutdown, whose step logs
 * a last line. Prints nothing else.
 */
import { getProcessLogger } from '../../src/ops/logger.js';
import { gracefulShutdown } from '../../src/processes/shutdown.js';

const log = getProcessLogger();
let logged = 0;
process.on('message', (message: { log?: number; crash?: boolean }) => {
  for (let i = 0; i < (message.log ?? 0); i += 1) log.info({ line: (logged += 1) }, 'a request line');
  if (message.crash) {
    log.error('about to fail');
    setImmediate(() => {
      throw new Error('fatal in the log child');
    });
  }
});
gracefulShutdown({ timeoutMs: 5_000, steps: [() => log.info({ logged }, 'last step of the shutdown')] });
process.send?.({ ready: true });
// The IPC channel keeps it alive until it is stopped.
