import { fork } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * The lookup bench profiles each API process over one window (LOOKUP_CLUSTER_PROFILE): the process
 * starts and stops its profiler when its parent asks, and writes the profile where it was told.
 */
const dir = mkdtempSync(path.join(os.tmpdir(), 'zview-profile-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('a CPU profile on request', () => {
  it('covers the window between start and stop, written to API_CPU_PROFILE_DIR', { timeout: 30_000 }, async () => {
    const child = fork(fileURLToPath(new URL('./support/profile-child.ts', import.meta.url)), [], {
      execArgv: ['--import', 'tsx'],
      env: { ...process.env, API_CPU_PROFILE_DIR: dir },
    });
    try {
      const reply = (cpuProfile: string) =>
        new Promise<{ cpuProfile: string; file?: string }>((resolve) => {
          const onMessage = (message: { cpuProfile?: string; file?: string }) => {
            if (message?.cpuProfile !== cpuProfile) return;
            child.off('message', onMessage);
            resolve(message as { cpuProfile: string; file?: string });
          };
          child.on('message', onMessage);
          child.send({ cpuProfile });
        });
      await new Promise((resolve) => child.once('message', resolve));
      // Life before the window: a whole-life profile would span it too.
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      await reply('start');
      await new Promise((resolve) => setTimeout(resolve, 300));
      const { file } = await reply('stop');
      expect(file).toBe(path.join(dir, `api-${child.pid}.cpuprofile`));
      const profile = JSON.parse(readFileSync(file!, 'utf8')) as {
        startTime: number;
        endTime: number;
        samples: number[];
      };
      const profiledMs = (profile.endTime - profile.startTime) / 1000;
      // The window's 300 ms and the messages' round trips (slow on a loaded machine), not the 1.5 s before.
      expect(profiledMs).toBeGreaterThan(250);
      expect(profiledMs).toBeLessThan(1_200);
      expect(profile.samples.length).toBeGreaterThan(0);
    } finally {
      child.kill('SIGKILL');
    }
  });
});
