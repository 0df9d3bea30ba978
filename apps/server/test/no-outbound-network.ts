import net from 'node:net';

/**
 * ARCHITECTURE: tests fail on any outbound network call. Every TCP connection a test process opens
 * goes through net.Socket#connect; one to anything but this machine (a loopback address or the
 * name localhost) throws, so code that would call out of the sandbox fails loudly instead of
 * waiting on a closed network. Unix sockets (PostgreSQL's) pass.
 */
const LOOPBACK_NAMES = new Set(['localhost', '0.0.0.0', '::', '::1']);

export function isLoopbackHost(host: string | undefined): boolean {
  if (host === undefined || host === '') return true; // Node's default is localhost
  const bare = host.replace(/^\[|\]$/g, '').toLowerCase();
  if (LOOPBACK_NAMES.has(bare) || bare.endsWith('.localhost')) return true;
  if (net.isIPv4(bare)) return bare.startsWith('127.');
  if (net.isIPv6(bare)) return bare === '::1' || bare.startsWith('::ffff:127.');
  return false;
}

function connectTarget(args: unknown[]): { host?: string; path?: string } {
  const [first, second] = args;
  if (Array.isArray(first)) return connectTarget(first); // net's internal normalised form
  if (first && typeof first === 'object') return first as { host?: string; path?: string };
  if (typeof first === 'string' && !/^\d+$/.test(first)) return { path: first };
  return { host: typeof second === 'string' ? second : undefined };
}

const connect = net.Socket.prototype.connect;
net.Socket.prototype.connect = function guardedConnect(this: net.Socket, ...args: unknown[]) {
  const target = connectTarget(args);
  if (!target.path && !isLoopbackHost(target.host)) {
    throw new Error(`A test tried to open a network connection to ${target.host}: tests may reach only this machine`);
  }
  return (connect as (...a: unknown[]) => net.Socket).apply(this, args);
} as typeof net.Socket.prototype.connect;
