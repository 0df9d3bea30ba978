import type { JWTPayload } from 'jose';
import type { Membership, UserRow } from './accounts.js';

/** What authenticating a bearer token yields: its verified claims, the user and their memberships. */
export interface Authenticated {
  claims: JWTPayload & { sub: string };
  user: UserRow;
  memberships: Membership[];
}

/**
 * Verified tokens with their user and memberships, so a busy client's requests cost no
 * signature check and no query. Correctness rests on the change feed (src/db/change-feed.ts):
 * the owner clears the cache whenever users, organisations, memberships or revoked tokens change
 * (and whenever the feed is down), and serves entries only after a fence. An entry lives until
 * the token expires, and never longer than `ttlMs` (a safety net, not the mechanism).
 * `generation` guards against filling the cache with rows read before a clear.
 */
export class AuthenticatedCache {
  private readonly entries = new Map<string, { value: Authenticated; until: number }>();
  private currentGeneration = 0;

  constructor(
    private readonly maxEntries = 10_000,
    private readonly ttlMs = 30_000,
  ) {}

  get generation(): number {
    return this.currentGeneration;
  }

  get size(): number {
    return this.entries.size;
  }

  get(token: string, now = Date.now()): Authenticated | undefined {
    const entry = this.entries.get(token);
    if (!entry) return undefined;
    if (entry.until <= now) {
      this.entries.delete(token);
      return undefined;
    }
    return entry.value;
  }

  /** Stores what was read since `generation` was taken, unless the cache was cleared meanwhile. */
  set(token: string, value: Authenticated, generation: number, now = Date.now()): void {
    if (generation !== this.currentGeneration) return;
    const expires = typeof value.claims.exp === 'number' ? value.claims.exp * 1000 : now;
    const until = Math.min(expires, now + this.ttlMs);
    if (until <= now) return;
    if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(token, { value, until });
  }

  clear(): void {
    this.currentGeneration += 1;
    this.entries.clear();
  }
}
