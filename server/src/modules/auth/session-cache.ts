// Signed-in sessions kept in memory, so that most requests find their access token without a
// statement (docs/security.md, "Sessions kept in memory"; the figures in docs/benchmarks.md,
// "Statements per call"). A copy is only as good as the database's word that nothing changed:
// - every change to an account or its access tokens is announced when it commits (the change
//   feed), and drops that account's copies; a change this process commits is heard before its
//   statement returns, so this process's next request never sees the old account;
// - while the feed is not live (its connection lost), nothing is kept or served;
// - a lookup that a change overtook (the account changed while its row was being read) is not
//   kept, since the row it read may be the old one;
// - a copy lives until its token expires, and at most `maxAgeMs`, whatever is announced.
import type { ChangeFeed } from '../../db/change-feed.ts';
import type { SessionUser } from '../../http/authenticate.ts';

interface Entry {
  session: SessionUser;
  expiresAt: number;
  keptAt: number;
}

export interface SessionCacheOptions {
  maxEntries?: number;
  maxAgeMs?: number;
  now?: () => number;
}

/** What a lookup started from: compared when its answer comes back (`keep`). */
export type LookupMark = number;

export class SessionCache {
  private readonly entries = new Map<string, Entry>();
  private readonly tokensOf = new Map<number, Set<string>>();
  /** Counts announced changes and losses: a lookup that saw it move keeps nothing. */
  private changesHeard = 0;
  private readonly maxEntries: number;
  private readonly maxAgeMs: number;
  private readonly now: () => number;
  private readonly unsubscribe: () => void;

  constructor(
    private readonly feed: ChangeFeed,
    options: SessionCacheOptions = {},
  ) {
    this.maxEntries = options.maxEntries ?? 10_000;
    this.maxAgeMs = options.maxAgeMs ?? 60_000;
    this.now = options.now ?? Date.now;
    this.unsubscribe = feed.subscribe({
      scopes: ['user'],
      onChange: (change) => this.forgetUser(change.userId),
      onReset: () => this.clear(),
    });
  }

  /** The session of a token hash, when a trustworthy copy is at hand. */
  find(tokenHash: string): SessionUser | undefined {
    if (!this.feed.isLive()) return undefined;
    const entry = this.entries.get(tokenHash);
    if (!entry) return undefined;
    const now = this.now();
    if (now >= entry.expiresAt || now - entry.keptAt > this.maxAgeMs) {
      this.forget(tokenHash, entry.session.user.id);
      return undefined;
    }
    return entry.session;
  }

  /** Taken before reading a session from the database, and handed back to `keep`. */
  mark(): LookupMark {
    return this.changesHeard;
  }

  /** Keeps what a lookup read, unless a change was heard since it started. */
  keep(tokenHash: string, session: SessionUser, expiresAt: Date, mark: LookupMark): void {
    if (mark !== this.changesHeard || !this.feed.isLive()) return;
    if (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.entries().next().value;
      if (oldest) this.forget(oldest[0], oldest[1].session.user.id);
    }
    // Shared by the requests that find it: nobody may change it under the others.
    Object.freeze(session.user);
    Object.freeze(session);
    const userId = session.user.id;
    this.entries.set(tokenHash, { session, expiresAt: expiresAt.getTime(), keptAt: this.now() });
    const tokens = this.tokensOf.get(userId) ?? new Set<string>();
    tokens.add(tokenHash);
    this.tokensOf.set(userId, tokens);
  }

  get size(): number {
    return this.entries.size;
  }

  close(): void {
    this.unsubscribe();
    this.clear();
  }

  private forgetUser(userId: number) {
    this.changesHeard += 1;
    for (const tokenHash of this.tokensOf.get(userId) ?? []) this.entries.delete(tokenHash);
    this.tokensOf.delete(userId);
  }

  private forget(tokenHash: string, userId: number) {
    this.entries.delete(tokenHash);
    const tokens = this.tokensOf.get(userId);
    tokens?.delete(tokenHash);
    if (tokens?.size === 0) this.tokensOf.delete(userId);
  }

  private clear() {
    this.changesHeard += 1;
    this.entries.clear();
    this.tokensOf.clear();
  }
}
