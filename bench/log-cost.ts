/**
 * CPU per log line of a request-like load, by destination (scratch for lookups-s28-cluster.md):
 * lines written in bursts of `PER_TURN` per event-loop turn (setImmediate), as a loaded API process
 * writes them, to /dev/null. Prints the process's CPU (all threads: the libuv pool's and a transport's writes count)
 * per line, and its main thread's.   Run: npx tsx bench/log-cost.ts
 */
import { pino, type DestinationStream } from 'pino';
import { createLogDestination } from '../apps/server/src/ops/logger.js';

const LINES = Number(process.env.LINES ?? 200_000);
const PER_TURN = Number(process.env.PER_TURN ?? 2);

const variants: [string, () => DestinationStream][] = [
  ['sync, unbuffered', () => pino.destination({ dest: '/dev/null', sync: true })],
  ['async, unbuffered (pino default)', () => pino.destination({ dest: '/dev/null', sync: false })],
  ['sync, 3.5 kB buffer, 4 kB writes, 500 ms flush (now)', () => createLogDestination('/dev/null')],
  [
    'async, 8 kB buffer (until session 29)',
    () => pino.destination({ dest: '/dev/null', sync: false, minLength: 8192 }),
  ],
  ['sync, 8 kB buffer', () => pino.destination({ dest: '/dev/null', sync: true, minLength: 8192 })],
  // A worker thread writes (pino's transport): the main thread only copies each line into a ring buffer.
  [
    'transport (pino/file on a worker thread)',
    () => pino.transport({ target: 'pino/file', options: { destination: '/dev/null' } }),
  ],
];
const line = {
  req: { method: 'GET', url: '/api/caribou/v3/property/assessment/zview?location_type=address&location=123' },
  res: { statusCode: 200 },
  responseTime: 2.31,
};
for (let round = 0; round < 2; round += 1)
  for (const [name, make] of variants) {
    const log = pino({ base: { pid: process.pid, role: 'all' }, timestamp: pino.stdTimeFunctions.isoTime }, make());
    const cpu0 = process.cpuUsage();
    const main0 = process.threadCpuUsage();
    let written = 0;
    await new Promise<void>((resolve) => {
      const turn = () => {
        for (let i = 0; i < PER_TURN; i += 1) log.child({ requestId: `r${written}` }).info(line, 'request completed');
        written += PER_TURN;
        if (written >= LINES) resolve();
        else setImmediate(turn);
      };
      turn();
    });
    await new Promise((resolve) => log.flush(() => resolve(undefined)));
    const cpu = process.cpuUsage(cpu0);
    const main = process.threadCpuUsage(main0);
    console.log(
      `${name.padEnd(42)} ${(((cpu.user + cpu.system) / LINES) * 1000).toFixed(0)} ns CPU per line (main thread ${(((main.user + main.system) / LINES) * 1000).toFixed(0)})`,
    );
  }
