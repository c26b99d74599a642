// Conferences with their rules kept in memory for conflict lists, so that a list does not read
// them again every time (docs/benchmarks.md, "Conference rules kept in memory"). They change
// rarely (a chair editing rules) and every list reads them. A copy is only as good as the
// database's word that nothing changed, as for the sessions (auth/session-cache.ts):
// - every change to the conferences or their rules is announced when it commits ('conferences',
//   migration 0030) and drops every copy; a change this process commits is heard before its
//   statement returns, so this process's next request never reads the old rules;
// - while the feed is not live, nothing is kept or served;
// - a read that a change overtook (announced while the rows were being read) is not kept.
// Copies are frozen: every request that finds one shares it.
import type { ConflictRule } from '@recuse/common';
import type { ChangeFeed } from '../../db/change-feed.ts';
import type { Conference } from './conferences.repo.ts';

export interface ConferenceWithRules {
  conference: Conference;
  rules: ConflictRule[];
}

export class ConferenceRulesCache {
  private readonly entries = new Map<string, ConferenceWithRules>();
  /** Counts announced changes and losses: a read that saw it move keeps nothing. */
  private changesHeard = 0;
  private readonly unsubscribe: () => void;

  constructor(
    private readonly feed: ChangeFeed,
    private readonly maxEntries = 1_000,
  ) {
    this.unsubscribe = feed.subscribe({
      scopes: ['conferences'],
      onChange: () => this.clear(),
      onReset: () => this.clear(),
    });
  }

  /**
   * The conference `key` names with its rules: a copy when a trustworthy one is at hand, else
   * what `read` finds, kept when nothing changed meanwhile. A conference that does not exist is
   * not kept (anyone may ask for any id).
   */
  async find(
    key: string,
    read: () => Promise<ConferenceWithRules | undefined>,
  ): Promise<ConferenceWithRules | undefined> {
    if (!this.feed.isLive()) return read();
    const kept = this.entries.get(key);
    if (kept) return kept;
    const mark = this.changesHeard;
    const found = await read();
    if (found && mark === this.changesHeard && this.feed.isLive()) {
      if (this.entries.size >= this.maxEntries) this.entries.clear();
      for (const rule of found.rules) Object.freeze(rule);
      Object.freeze(found.rules);
      Object.freeze(found.conference);
      this.entries.set(key, Object.freeze(found));
    }
    return found;
  }

  get size(): number {
    return this.entries.size;
  }

  close(): void {
    this.unsubscribe();
    this.clear();
  }

  private clear() {
    this.changesHeard += 1;
    this.entries.clear();
  }
}
