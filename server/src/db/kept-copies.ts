// Copies of what the database holds, kept in memory by key, trusted only as far as the change
// feed (change-feed.ts) says nothing changed: the rules shared by the caches that read through
// one (conferences/rules-cache.ts, profile/profile-summary-cache.ts; the sessions' own cache,
// auth/session-cache.ts, follows the same rules with an index of its own):
// - the cache that owns the copies subscribes to the scopes it depends on and calls `forget`
//   or `clear` when they change; a change this process commits is heard before its statement
//   returns, so this process's next request never reads the old rows;
// - while the feed is not live, nothing is kept or served;
// - a read that a change overtook (announced while the rows were being read) is not kept;
// - a copy lives at most `maxAgeMs`, and at most `maxEntries` are held, the oldest let go first;
// - copies are frozen (`freeze`): every request that finds one shares it.
import type { ChangeFeed } from './change-feed.ts';

export interface KeptCopiesOptions {
  maxEntries: number;
  maxAgeMs?: number;
  now?: () => number;
}

/** How a cache keeps what it read: whether to keep it at all, and how to freeze it. */
export interface Keeping<Value> {
  isKept: (value: Value) => boolean;
  freeze: (value: Value) => Value;
}

export class KeptCopies<Key, Value> {
  private readonly entries = new Map<Key, { value: Value; keptAt: number }>();
  /** Counts announced changes and losses: a read that saw it move keeps nothing. */
  private changesHeard = 0;
  private readonly maxEntries: number;
  private readonly maxAgeMs: number;
  private readonly now: () => number;

  constructor(
    private readonly feed: ChangeFeed,
    private readonly keeping: Keeping<Value>,
    options: KeptCopiesOptions,
  ) {
    this.maxEntries = options.maxEntries;
    this.maxAgeMs = options.maxAgeMs ?? Number.POSITIVE_INFINITY;
    this.now = options.now ?? Date.now;
  }

  /** The copy of `key` when a trustworthy one is at hand, else what `read` finds, kept if it may be. */
  async find(key: Key, read: () => Promise<Value>): Promise<Value> {
    if (!this.feed.isLive()) return read();
    const kept = this.entries.get(key);
    if (kept && this.now() - kept.keptAt <= this.maxAgeMs) return kept.value;
    const mark = this.changesHeard;
    const found = await read();
    if (mark !== this.changesHeard || !this.feed.isLive() || !this.keeping.isKept(found))
      return found;
    // Kept in the order kept: the first is the oldest, let go when there is no room.
    this.entries.delete(key);
    if (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    const value = this.keeping.freeze(found);
    this.entries.set(key, { value, keptAt: this.now() });
    return value;
  }

  forget(key: Key): void {
    this.changesHeard += 1;
    this.entries.delete(key);
  }

  clear(): void {
    this.changesHeard += 1;
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }
}
