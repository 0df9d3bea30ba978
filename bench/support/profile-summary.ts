/**
 * Where a CPU profile's time went: `tsx bench/support/profile-summary.ts FILE.cpuprofile [top]`.
 * Prints the busiest functions by self time, and the time of each sample attributed to the
 * nearest frame of a known area (token checks, pg protocol, Fastify, zod, logging, our modules…),
 * so a profile of the lookup bench reads as "where the server's CPU per lookup goes".
 */
import { readFileSync } from 'node:fs';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
  startTime: number;
  endTime: number;
}

/**
 * Areas by the file a frame is in. A sample goes to the area of the frame nearest its leaf that is
 * not generic plumbing (native code, streams, sockets, events, promises): a socket write made by
 * pg counts for pg, one made by the HTTP response for the HTTP layer.
 */
const AREAS: [string, RegExp][] = [
  ['garbage collection', /^\(garbage collector\)$/],
  ['idle', /^\((idle|program)\)$/],
  ['profiler (not the server)', /^node:inspector/],
  ['token verification (jose)', /node_modules\/jose\//],
  ['pg protocol and pool', /node_modules\/(pg|pg-protocol|pg-pool|pg-types|postgres-)[^/]*\//],
  ['kysely query building', /node_modules\/kysely\//],
  ['zod (validation)', /node_modules\/zod\//],
  ['fastify-type-provider-zod', /node_modules\/fastify-type-provider-zod\//],
  ['logging (pino)', /node_modules\/(pino|sonic-boom|fast-redact|pino-std-serializers)[^/]*\//],
  ['fastify core and router', /node_modules\/(fastify|find-my-way|light-my-request|avvio|@fastify)[^/]*\//],
  ['client (autocannon)', /node_modules\/(autocannon|hdr-histogram|reinterval)[^/]*\//],
  ['HTTP server: parsing, headers, socket writes (node)', /^node:(_http|http|internal\/http)/],
  ['async context (node)', /^node:(async_hooks|internal\/async)/],
  ['auth (src/auth, http/authenticate)', /apps\/server\/src\/(auth\/|http\/authenticate)/],
  ['change feed fence', /apps\/server\/src\/db\/(change-feed|stall-guard)/],
  ['usage metering', /apps\/server\/src\/db\/usage/],
  ['lookup domain (assess, caches, amendments, mocks)', /apps\/server\/src\/domain\//],
  ['response JSON (assessment-json, route)', /apps\/server\/src\/http\//],
  ['other server code', /apps\/server\/src\//],
  ['contracts', /packages\/contracts\//],
  ['other dependencies', /node_modules\//],
];
/** Plumbing: a frame here defers to the nearest caller in an area above. */
const GENERIC = /^(node:|$)/;

const file = process.argv[2];
if (!file) throw new Error('usage: profile-summary FILE.cpuprofile [top]');
const top = Number(process.argv[3] ?? 25);
const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const parent = new Map<number, number>();
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
const label = (n: ProfileNode) => n.callFrame.functionName || '(anonymous)';
const where = (n: ProfileNode) => n.callFrame.url.replace(/^file:\/\/.*?\/(node_modules|apps|packages)\//, '$1/');

const self = new Map<number, number>();
profile.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
const total = [...self.values()].reduce((a, b) => a + b, 0);

const areaOfNode = new Map<number, string>();
function areaOf(id: number): string {
  const known = areaOfNode.get(id);
  if (known) return known;
  let area = 'node internals (no caller in a known area)';
  for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
    const { url, functionName } = byId.get(at)!.callFrame;
    const hit = AREAS.find(([, re]) => re.test(url || functionName));
    if (hit) {
      area = hit[0];
      break;
    }
    if (!GENERIC.test(url)) {
      area = 'unattributed';
      break;
    }
  }
  areaOfNode.set(id, area);
  return area;
}
const areas = new Map<string, number>();
for (const [id, us] of self) areas.set(areaOf(id), (areas.get(areaOf(id)) ?? 0) + us);
const busy = total - (areas.get('idle') ?? 0) - (areas.get('profiler (not the server)') ?? 0);
console.log(`profile ${((profile.endTime - profile.startTime) / 1e6).toFixed(1)} s, busy ${(busy / 1e6).toFixed(2)} s`);
console.log('share of busy time by area (a sample goes to the nearest frame of a known area):');
for (const [area, us] of [...areas].filter(([a]) => a !== 'idle' && !a.startsWith('profiler')).sort((a, b) => b[1] - a[1]))
  console.log(`  ${((us / busy) * 100).toFixed(1).padStart(5)}%  ${area}`);

const fns = new Map<string, number>();
for (const [id, us] of self) {
  const n = byId.get(id)!;
  if (/^\((idle|program)\)$/.test(n.callFrame.functionName) || areaOf(id).startsWith('profiler')) continue;
  const key = `${label(n)}  ${where(n)}:${n.callFrame.lineNumber + 1}`;
  fns.set(key, (fns.get(key) ?? 0) + us);
}
console.log(`top ${top} functions by self time:`);
for (const [key, us] of [...fns].sort((a, b) => b[1] - a[1]).slice(0, top))
  console.log(`  ${((us / busy) * 100).toFixed(1).padStart(5)}%  ${key}`);
