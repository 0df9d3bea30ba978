/**
 * A process that logs as every server process does (getProcessLogger: stdout, buffered), for
 * test/process-logs.test.ts. Asked over IPC: `{ log: n }` logs n lines (`pad`: characters added to
 * each), `{ crash: true }` logs a line and throws (an uncaught exception). SIGTERM runs the
 * graceful shutdown, whose step logs a last line. Prints nothing else. With LOG_TWIN=1 it starts
 * a copy of itself on the same stdout, as API processes share one (API_PROCESSES=2), passes it
 * every message, and stops it in its shutdown.
 */
import { fork } from 'node:child_process';
import { getProcessLogger } from '../../src/ops/logger.js';
import { gracefulShutdown } from '../../src/processes/shutdown.js';

interface Message {
  log?: number;
  pad?: number;
  crash?: boolean;
}

const twin =
  process.env.LOG_TWIN === '1'
    ? fork(process.argv[1]!, [], {
        execArgv: process.execArgv,
        env: { ...process.env, LOG_TWIN: '' },
        stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      })
    : undefined;
if (twin) await new Promise((resolve) => twin.once('message', resolve));

const log = getProcessLogger();
let logged = 0;
process.on('message', (message: Message) => {
  twin?.send(message);
  const pad = 'x'.repeat(message.pad ?? 0);
  for (let i = 0; i < (message.log ?? 0); i += 1)
    log.info({ line: (logged += 1), ...(pad ? { pad } : {}) }, 'a request line');
  if (message.crash) {
    log.error('about to fail');
    setImmediate(() => {
      throw new Error('fatal in the log child');
    });
  }
});
gracefulShutdown({
  timeoutMs: 5_000,
  steps: [
    async () => {
      if (!twin) return;
      const exited = new Promise((resolve) => twin.once('exit', resolve));
      twin.kill('SIGTERM');
      await exited;
    },
    () => log.info({ logged }, 'last step of the shutdown'),
  ],
});
process.send?.({ ready: true });
// The IPC channel keeps it alive until it is stopped.
