import { randomUUID } from 'node:crypto';
import http from 'node:http';
import net from 'node:net';
import { once } from 'node:events';
import { assessmentQuerySchema, authnRequestSchema } from '@zview/contracts';
import type { FastifyInstance } from 'fastify';
import { importJWK, SignJWT } from 'jose';
import { findUserByEmail, membershipsOf } from '../auth/accounts.js';
import { credentialsOf } from '../db/accounts.js';
import { clearThrottle, lockedThrottleKeys } from '../db/login-throttles.js';
import { firstPropertyAddresses, propertyAddressesUnderWeatherEvents } from '../db/properties.js';
import { injectAsWarmUp, markWarmUpConnection, whileWarmingUp } from './warm-up-principal.js';

/**
 * What the first lookup and the first sign-in after start would pay for on their routes, paid at
 * start (issue 46): each route's first run through Fastify's hooks, its zod schemas' first parse
 * (zod compiles an object schema's parser on first use), the access token's first verification
 * (the key's import) and the first compile and run of the queries the sign-in makes. Nothing is
 * written: no usage, no audit row, no throttle failure, no session.
 */
const NOBODY = '00000000-0000-4000-8000-000000000000';
const NOBODY_EMAIL = 'warm-up@zview.invalid';
const LOOKUP_URL = '/api/caribou/v3/property/assessment/zview';
const ROUTE_RUNS = 12;
const ROUTE_RUNS_AT_ONCE = 4;
/** Of the principal's runs, properties under a weather event. */
const UNDER_EVENTS = 4;
/** The principal's last runs, one at a time (warmLookupAsPrincipal). */
const LAST_RUNS_ALONE = 2;

/** The warm-up's answers by status: the token of nobody's (401 where the user is read), the principal's (200). */
export interface LookupRouteWarmUp {
  nobody: Record<number, number>;
  principal: Record<number, number>;
}

/**
 * Runs the whole lookup route at start, in two parts. Authentication as far as a request can go
 * without an account: a token signed by this server's own key for a subject that does not exist
 * passes verification and the revocation check, then is refused (401) where a user is looked up.
 * Then everything after authentication, as start-up's warm-up principal (warm-up-principal.ts: in
 * process only, billed nothing, nothing written) on the world's first properties. Without the
 * embedded provider there is no key to sign with, and the first part only warms the schema.
 */
export async function warmLookupRoute(app: FastifyInstance): Promise<LookupRouteWarmUp> {
  const nobody = await warmLookupAuthentication(app);
  const principal = await whileWarmingUp(() => warmLookupAsPrincipal(app));
  return { nobody, principal };
}

/** Counts answers by status. */
function tally(statuses: number[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const status of statuses) counts[status] = (counts[status] ?? 0) + 1;
  return counts;
}

/**
 * The route as the warm-up principal on the world's first properties (a third by coordinates),
 * several at once so that many pool connections run its queries, then one at a time: pg-pool hands
 * out the connection released last, so the first real lookup's reads land on backends that have
 * just run the very same queries (a backend's first query of a table loads its catalogue entries).
 */
async function warmLookupAsPrincipal(app: FastifyInstance): Promise<Record<number, number>> {
  const { db } = app.ctx;
  // The first properties by id, and some under weather events (their matching and comparison code).
  const places = [
    ...(await firstPropertyAddresses(db, ROUTE_RUNS - UNDER_EVENTS)),
    ...(await propertyAddressesUnderWeatherEvents(db, UNDER_EVENTS)),
  ];
  const urls = places.map((place, i) => {
    const query =
      i % 3 === 2
        ? { location_type: 'coordinates', location: `${place.lat},${place.lng}` }
        : { location_type: 'address', location: place.address };
    return `${LOOKUP_URL}?${new URLSearchParams(query)}`;
  });
  const statuses: number[] = [];
  const run = async (url: string) => statuses.push((await injectAsWarmUp(app, url)).statusCode);
  for (let i = 0; i < urls.length; i += ROUTE_RUNS_AT_ONCE)
    await Promise.all(urls.slice(i, i + ROUTE_RUNS_AT_ONCE).map(run));
  for (const url of urls.slice(0, LAST_RUNS_ALONE)) await run(url);
  // inject does not go through node's HTTP server: the last two over one kept-alive socket, as a
  // client's requests go (in an A/B at load 10–18, a 200 over a socket before the bench's first
  // lookup took 1.5–3 ms off that lookup's server CPU: suggestive, not settled).
  if (urls.length) statuses.push(...(await requestOverSocket(app, urls.slice(-2), {}, { asWarmUp: true })));
  return tally(statuses);
}

async function warmLookupAuthentication(app: FastifyInstance): Promise<Record<number, number>> {
  const query = { location_type: 'address', location: '1 Warm Up Way, Nowhere, ZZ 00000' };
  assessmentQuerySchema.safeParse(query);
  const token = await tokenForNobody(app);
  if (!token) return {};
  const url = `${LOOKUP_URL}?${new URLSearchParams(query)}`;
  // A few times over: V8 compiles a function lazily at its first call and optimises it after
  // several, and each run is about a millisecond. Several at once, so that more than one pool
  // connection runs the route's queries (a PostgreSQL backend's first query of a table loads its
  // catalogue entries: domain/property/warm.ts).
  const statuses: number[] = [];
  const run = async () =>
    statuses.push((await app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } })).statusCode);
  for (let i = 0; i < ROUTE_RUNS; i += ROUTE_RUNS_AT_ONCE)
    await Promise.all(Array.from({ length: ROUTE_RUNS_AT_ONCE }, run));
  // inject does not go through node's HTTP server: twice more over a socket, as a client's requests go.
  statuses.push(...(await requestOverSocket(app, [url, url], { authorization: `Bearer ${token}` })));
  return tally(statuses);
}

/**
 * A request over a real TCP socket to the app's HTTP server before it listens: a relay on a port of
 * its own hands the connection of this process's own client to the server (as node:cluster hands
 * connections over), so node's request parsing and response writing run as for a client. Any
 * other connection to the relay is closed unserved. `asWarmUp`: the connection is start-up's
 * warm-up principal's (warm-up-principal.ts): it is ours, found by its port, never a stranger's.
 * The paths are asked one after another on that one connection, kept alive. Answers their statuses.
 */
async function requestOverSocket(
  app: FastifyInstance,
  paths: string[],
  headers: Record<string, string>,
  options: { asWarmUp?: boolean } = {},
): Promise<number[]> {
  const accepted: net.Socket[] = [];
  let onAccepted = () => {};
  let handedOver = false;
  // The relay accepts with the HTTP server's own socket options: a socket accepted with others has
  // another shape (net sets a no-delay marker property only when asked), and code V8 optimised for
  // the warm-up's socket was thrown away at the first client's (--trace-deopt: Writable's _write and
  // writeOrBuffer, "wrong map", in the first lookup of every start traced).
  const { allowHalfOpen, noDelay, keepAlive, keepAliveInitialDelay, highWaterMark } = app.server as http.Server & {
    allowHalfOpen: boolean;
    noDelay: boolean;
    keepAlive: boolean;
    keepAliveInitialDelay: number;
    highWaterMark: number;
  };
  const socketOptions = { allowHalfOpen, noDelay, keepAlive, keepAliveInitialDelay, highWaterMark };
  const relay = net.createServer(socketOptions, (socket) => {
    if (handedOver) return void socket.destroy();
    accepted.push(socket);
    onAccepted();
  });
  // exclusive: in a cluster worker, listen(0) would otherwise share one port with the other
  // workers' relays through the primary, which could hand our connection to another worker.
  await new Promise<void>((resolve) => relay.listen({ port: 0, host: '127.0.0.1', exclusive: true }, resolve));
  const client = net.connect({ port: (relay.address() as net.AddressInfo).port, host: '127.0.0.1' });
  let timer: NodeJS.Timeout | undefined;
  try {
    const timedOut = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('warm-up request timed out')), 10_000);
    });
    await Promise.race([once(client, 'connect'), timedOut]);
    // The relay's end of our client's connection: its remote port is our client's local port.
    const ours = await Promise.race([
      new Promise<net.Socket>((resolve) => {
        onAccepted = () => {
          const found = accepted.find((socket) => peerPort(socket) === client.localPort);
          if (found) resolve(found);
        };
        onAccepted();
      }),
      timedOut,
    ]);
    handedOver = true;
    for (const socket of accepted) if (socket !== ours) socket.destroy();
    if (options.asWarmUp) markWarmUpConnection(ours);
    app.server.emit('connection', ours);
    // One kept-alive connection for every path, as clients hold theirs: a request on a connection
    // that has answered before runs server code a closed one does not (the keep-alive timers, the
    // socket's reuse; --trace-deopt showed them deoptimised in the first lookup after start).
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    (agent as unknown as { createConnection: () => net.Socket }).createConnection = () => client;
    const get = (path: string) =>
      new Promise<number>((resolve, reject) => {
        const request = http.get({ path, headers: { ...headers, host: 'localhost' }, agent }, (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode ?? 0));
        });
        request.on('error', reject);
      });
    const statuses: number[] = [];
    try {
      for (const path of paths) statuses.push(await Promise.race([get(path), timedOut]));
    } finally {
      agent.destroy();
    }
    return statuses;
  } finally {
    clearTimeout(timer);
    client.destroy();
    await new Promise((resolve) => relay.close(resolve));
  }
}

/**
 * The remote port of an accepted socket, asked of its handle: `socket.remotePort` would cache the
 * peer's address on the socket (`_peername`) before the HTTP server adds its own properties, giving
 * the warm-up's socket another shape than a client's, and V8 threw away code optimised for it at
 * the first client's request (--trace-deopt: `_unrefTimer`, "wrong map", in every first lookup
 * traced; none after this). Falls back to `remotePort` if the handle cannot tell.
 */
function peerPort(socket: net.Socket): number | undefined {
  const handle = (socket as unknown as { _handle?: { getpeername?(out: { port?: number }): number } })._handle;
  if (typeof handle?.getpeername !== 'function') return socket.remotePort;
  const out: { port?: number } = {};
  handle.getpeername(out);
  return out.port ?? socket.remotePort;
}

/**
 * Runs the sign-in route's request parsing and validation (a JSON body without credentials: 400
 * before any check is counted) and the reads a sign-in makes, for an address no account has.
 */
export async function warmSignInRoute(app: FastifyInstance): Promise<void> {
  const { db } = app.ctx;
  authnRequestSchema.safeParse({ username: NOBODY_EMAIL, password: 'warm-up' });
  if (app.identity) await app.inject({ method: 'POST', url: '/oidc/api/v1/authn', payload: {} });
  await requestOverSocket(app, ['/version', '/version'], {});
  await Promise.all([
    lockedThrottleKeys(db, [`account:${NOBODY_EMAIL}`]),
    // A successful sign-in clears its account's throttle: for an address no account has, nothing
    // is deleted, and the query builder's delete path is compiled (12 of the first sign-in's 27
    // first-run functions, FIRST_FUNCTIONS=list in bench/first-requests.ts).
    clearThrottle(db, `account:${NOBODY_EMAIL}`),
    findUserByEmail(db, NOBODY_EMAIL),
    credentialsOf(db, NOBODY),
    membershipsOf(db, NOBODY),
  ]);
}

/** A one-minute access token of the embedded provider for a subject no account has. */
async function tokenForNobody(app: FastifyInstance): Promise<string | undefined> {
  const key = app.identity?.keys.signing[0];
  if (!key) return undefined;
  const { config } = app.ctx;
  return new SignJWT({ scope: 'warm-up' })
    .setProtectedHeader({ alg: 'RS256', kid: key.kid })
    .setIssuer(config.runtime.OIDC_ISSUER)
    .setAudience(config.identity.audience)
    .setSubject(NOBODY)
    .setJti(randomUUID())
    .setIssuedAt()
    .setExpirationTime('1m')
    .sign(await importJWK(key, 'RS256'));
}
