import { writeFile } from 'node:fs/promises';
import { Session } from 'node:inspector/promises';
import path from 'node:path';

/** What the primary sends an API process to profile a window of its life (the lookup bench). */
export interface ProfileRequest {
  cpuProfile: 'start' | 'stop';
}

/**
 * In an API process started with API_CPU_PROFILE_DIR (the lookup bench's LOOKUP_CLUSTER_PROFILE):
 * profiles its main thread from the primary's `{ cpuProfile: 'start' }` to `{ cpuProfile: 'stop' }`
 * and writes `<dir>/api-<pid>.cpuprofile`, answering each with `{ cpuProfile: <the same>, file? }`.
 * A whole-life `--cpu-prof` would mix start-up and warm-up into the window measured. Off in
 * production: nothing listens unless the directory is set.
 */
export function profileOnRequest(dir: string | undefined): void {
  if (!dir) return;
  const session = new Session();
  session.connect();
  process.on('message', (message: Partial<ProfileRequest>) => {
    if (message?.cpuProfile === 'start')
      void (async () => {
        await session.post('Profiler.enable');
        await session.post('Profiler.start');
        process.send?.({ cpuProfile: 'start' });
      })();
    if (message?.cpuProfile === 'stop')
      void (async () => {
        const { profile } = await session.post('Profiler.stop');
        const file = path.join(dir, `api-${process.pid}.cpuprofile`);
        await writeFile(file, JSON.stringify(profile));
        process.send?.({ cpuProfile: 'stop', file });
      })();
  });
}
