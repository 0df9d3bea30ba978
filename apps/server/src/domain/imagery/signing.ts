import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Signed, expiring URLs for imagery. An <img> tag or a map tile request cannot carry a bearer
 * token, so the API hands out URLs with `exp` (unix seconds) and `sig` =
 * base64url(HMAC-SHA256(secret, scope + "\n" + exp)). The scope is the exact path for one image,
 * or a fixed name for a family of URLs that a URL template expands (all satellite tiles, the map
 * styles, the map features), because a tile template cannot be signed per tile.
 *
 * Expiry is rounded up to a window so URLs handed out within the same window are identical and
 * the browser's HTTP cache keeps working across page loads.
 */
export const SIGNED_SCOPES = {
  tiles: 'tiles:satellite',
  mapStyle: 'map:style',
  mapFeatures: 'map:features',
  /** Tiles and WMTS documents of imported captures (all of them, and the latest layer). */
  captures: 'imagery:captures',
  basemapTiles: 'map:tiles',
} as const;

export type SignatureCheck = 'ok' | 'missing' | 'expired' | 'invalid';

export interface UrlSignerOptions {
  /** Minimum lifetime of a URL. */
  ttlSeconds?: number;
  /** Expiry is rounded up to a multiple of this. */
  windowSeconds?: number;
}

export class UrlSigner {
  private readonly ttl: number;
  private readonly window: number;

  constructor(
    private readonly secret: string | Buffer,
    options: UrlSignerOptions = {},
  ) {
    if (!secret || secret.length < 16) throw new Error('The URL signing secret must be at least 16 characters');
    this.ttl = options.ttlSeconds ?? 3600;
    this.window = options.windowSeconds ?? 900;
  }

  private mac(scope: string, exp: number): string {
    return createHmac('sha256', this.secret).update(`${scope}\n${exp}`).digest('base64url');
  }

  /** The expiry (unix seconds) of URLs signed at `nowMs`: the same for every URL of a window. */
  expiryAt(nowMs = Date.now()): number {
    return Math.ceil((Math.floor(nowMs / 1000) + this.ttl) / this.window) * this.window;
  }

  sign(scope: string, nowMs = Date.now()): { exp: number; sig: string } {
    const exp = this.expiryAt(nowMs);
    return { exp, sig: this.mac(scope, exp) };
  }

  /** `url` with `exp` and `sig` appended; the scope defaults to the URL's path. */
  signUrl(url: string, scope?: string, nowMs = Date.now()): string {
    const pathOnly = url.split('?')[0]!.replace(/^https?:\/\/[^/]+/, '');
    const { exp, sig } = this.sign(scope ?? pathOnly, nowMs);
    return `${url}${url.includes('?') ? '&' : '?'}exp=${exp}&sig=${sig}`;
  }

  verify(scope: string, exp: unknown, sig: unknown, nowMs = Date.now()): SignatureCheck {
    if (exp === undefined && sig === undefined) return 'missing';
    if (typeof exp !== 'string' || typeof sig !== 'string' || !/^\d{1,12}$/.test(exp)) return 'invalid';
    const expected = Buffer.from(this.mac(scope, Number(exp)));
    const given = Buffer.from(sig);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'invalid';
    return Number(exp) * 1000 <= nowMs ? 'expired' : 'ok';
  }
}

/** Generated secrets already read, by file: the routes' signers and the start-up warm-up share one read. */
const generatedSecrets = new Map<string, string>();

/**
 * The secret: URL_SIGNING_SECRET when set (required when several servers share the load), else a
 * random one generated once and kept in DATA_DIR/secrets so restarts keep URLs valid. Read once
 * per process: the start-up warm-up's read is the one the first lookup's signer then finds.
 */
export function resolveSigningSecret(configured: string | undefined, dataDir: string): string {
  if (configured) return configured;
  const file = path.join(dataDir, 'secrets', 'url-signing.key');
  let secret = generatedSecrets.get(file);
  if (secret === undefined) generatedSecrets.set(file, (secret = readOrCreateSecret(file)));
  return secret;
}

function readOrCreateSecret(file: string): string {
  const existing = readSecret(file);
  if (existing) return existing;
  mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  // Written whole under a name of its own, then linked into place (a link fails when the name is
  // taken): a process starting beside this one (API_PROCESSES > 1) never reads the file half
  // written, which it would then keep as its secret, and the first link wins.
  const secret = randomBytes(32).toString('base64url');
  const draft = `${file}.${process.pid}.${randomBytes(6).toString('hex')}`;
  writeFileSync(draft, secret, { mode: 0o600 });
  try {
    linkSync(draft, file);
    return secret;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    // Another process linked its secret first: use theirs.
    const theirs = readSecret(file);
    if (!theirs) throw new Error(`The URL signing secret file ${file} is empty: remove it, or set URL_SIGNING_SECRET.`);
    return theirs;
  } finally {
    rmSync(draft, { force: true });
  }
}

/** The file's secret, or undefined when there is none (no file, or an empty one). */
function readSecret(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8').trim() || undefined;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}
