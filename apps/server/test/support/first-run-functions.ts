import { Session } from 'node:inspector/promises';

/**
 * Which functions V8 runs for the first time in this process during a window (precise coverage
 * with call counts, on from before the app is built): each is compiled on that first call, and a
 * first request that runs many is paying for code the start did not run. Unlike a time, the count
 * does not move with the machine's load (issue 46's first lookup). Coverage slows every call a
 * little: timings taken while it is on are not the product's.
 */
export interface FirstRunFunctions {
  /** Runs `run` and answers the functions (`url:name:offset`) it ran that nothing had run before. */
  window<T>(run: () => Promise<T>): Promise<{ value: T; firstRun: string[] }>;
  stop(): Promise<void>;
}

export async function watchFirstRunFunctions(): Promise<FirstRunFunctions> {
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.startPreciseCoverage', { callCount: true, detailed: false });
  const seen = new Set<string>();
  /** The functions called since the last take (a take resets the counts). */
  const take = async (): Promise<string[]> => {
    const { result } = await session.post('Profiler.takePreciseCoverage');
    const ran: string[] = [];
    for (const script of result)
      for (const fn of script.functions)
        if ((fn.ranges[0]?.count ?? 0) > 0) ran.push(`${script.url}:${fn.functionName}:${fn.ranges[0]!.startOffset}`);
    return ran;
  };
  return {
    async window(run) {
      for (const key of await take()) seen.add(key);
      const value = await run();
      const ran = await take();
      const firstRun = ran.filter((key) => !seen.has(key));
      for (const key of ran) seen.add(key);
      return { value, firstRun };
    },
    async stop() {
      await session.post('Profiler.stopPreciseCoverage');
      session.disconnect();
    },
  };
}

/** "312 (server 40, dependencies 180, node 92)": where first-run functions live. */
export function describeFirstRun(keys: string[]): string {
  const server = keys.filter((k) => k.includes('/apps/server/src/') || k.includes('/packages/contracts/')).length;
  const dependencies = keys.filter((k) => k.includes('/node_modules/')).length;
  const node = keys.filter((k) => k.startsWith('node:')).length;
  return `${keys.length} (server ${server}, dependencies ${dependencies}, node ${node}, other ${keys.length - server - dependencies - node})`;
}
