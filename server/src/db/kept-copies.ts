// Copies of what the database holds, kept in memory by key, trusted only as far as the change
// feed (change-feed.ts) says nothing changed: the rules shared by the caches that read through
// one (conferences/rules-cache.ts, profile/profile-summary-cache.ts; the sessions' own cache,
// auth/session-cache.ts, follows the same rules with an index of its own):
// - the copies hear the scopes they depend on (`scopes`) and drop the copy a change names
//   (`keyOf`), or every copy; a change this process commits is heard before its statement
//   returns, so this process's next request never reads the old rows;
// - while the feed is not live, nothing is kept or served;
// - a read that a change overtook (announced while the rows were being read) is not kept;
// - a copy lives at most `maxAgeMs`, and at most `maxEntries` are held, the oldest let go first;
// - copies are frozen (`freeze`): every request that finds one shares it.
import type { Change, ChangeFeed, ChangeScope } from './change-feed.ts';

/** How many copies are held and for how long. */
export interface KeptCopiesLimits {
  maxEntries: number;
  maxAgeMs?: number;
  now?: () => number;
}

/** What a cache's copies depend on, and how it keeps what it read. */
export interface Keeping<Key, Value, Scope extends ChangeScope> {
  scopes: readonly Scope[];
  /** The copy a change of those scopes drops; without it, a change drops every copy. */
  keyOf?: (change: Extract<Change, { scope: Scope }>) => Key;
  /** Whether to keep what was read at all. */
  isKept: (value: Value) => boolean;
  freeze: (value: Value) => Value;
}

export class KeptCopies<Key, Value, Scope extends ChangeScope = ChangeScope> {
  private readonly entries = new Map<Key, { value: Value; keptAt: number }>();
  /** Counts announced changes and losses: a read that saw it move keeps nothing. */
  private changesHeard = 0;
  private readonly maxEntries: number;
  private readonly maxAgeMs: number;
  private readonly now: () => number;
  private readonly unsubscribe: () => void;

  constructor(
    private readonly feed: ChangeFeed,
    private readonly keeping: Keeping<Key, Value, Scope>,
    limits: KeptCopiesLimits,
  ) {
    this.maxEntries = limits.maxEntries;
    this.maxAgeMs = limits.maxAgeMs ?? Number.POSITIVE_INFINITY;
    this.now = limits.now ?? Date.now;
    const { keyOf } = keeping;
    this.unsubscribe = feed.subscribe({
      scopes: keeping.scopes,
      onChange: (change) => (keyOf ? this.forget(keyOf(change)) : this.clear()),
      onReset: () => this.clear(),
    });
  }

  /** The copy of `key` when one can be trusted, else what `read` finds, kept if it may be. */
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

  get size(): number {
    return this.entries.size;
  }

  close(): void {
    this.unsubscribe();
    this.clear();
  }

  private forget(key: Key): void {
    this.changesHeard += 1;
    this.entries.delete(key);
  }

  private clear(): void {
    this.changesHeard += 1;
    this.entries.clear();
  }
}
