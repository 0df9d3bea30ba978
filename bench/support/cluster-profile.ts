import cluster from 'node:cluster';
import type { ProfileRequest } from '../../apps/server/src/processes/profile-on-request.js';

/**
 * CPU profiles of the cluster's API processes over one window (LOOKUP_CLUSTER_PROFILE): each
 * process (started with API_CPU_PROFILE_DIR) starts its profiler when asked and writes its file
 * when asked again (processes/profile-on-request.ts). This process is their cluster primary.
 */
export async function profileClusterProcesses(): Promise<{ stop(): Promise<string[]> }> {
  const workers = Object.values(cluster.workers ?? {}).filter((w) => w !== undefined);
  const ask = (cpuProfile: ProfileRequest['cpuProfile']) =>
    Promise.all(
      workers.map(
        (worker) =>
          new Promise<string | undefined>((resolve) => {
            const onMessage = (message: { cpuProfile?: string; file?: string }) => {
              if (message?.cpuProfile !== cpuProfile) return;
              worker.off('message', onMessage);
              resolve(message.file);
            };
            worker.on('message', onMessage);
            worker.send({ cpuProfile } satisfies ProfileRequest);
          }),
      ),
    );
  await ask('start');
  return { stop: async () => (await ask('stop')).filter((file) => file !== undefined) };
}
