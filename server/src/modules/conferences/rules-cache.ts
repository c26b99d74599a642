// Conferences with their rules kept in memory for conflict lists, so that a list does not read
// them again every time (docs/benchmarks.md, "Conference rules kept in memory"). They change
// rarely (a chair editing rules) and every list reads them. Kept as db/kept-copies.ts says, and
// all dropped when any change to the conferences or their rules is announced ('conferences',
// migration 0030).
import type { ConflictRule } from '@recuse/common';
import type { ChangeFeed } from '../../db/change-feed.ts';
import { KeptCopies } from '../../db/kept-copies.ts';
import type { Conference } from './conferences.repo.ts';

export interface ConferenceWithRules {
  conference: Conference;
  rules: ConflictRule[];
}

export class ConferenceRulesCache {
  private readonly copies: KeptCopies<string, ConferenceWithRules | undefined>;
  private readonly unsubscribe: () => void;

  constructor(feed: ChangeFeed, maxEntries = 1_000) {
    this.copies = new KeptCopies(
      feed,
      {
        // A conference that does not exist is not kept (anyone may ask for any id).
        isKept: (found) => found !== undefined,
        freeze: (found) => {
          for (const rule of found!.rules) Object.freeze(rule);
          Object.freeze(found!.rules);
          Object.freeze(found!.conference);
          return Object.freeze(found);
        },
      },
      { maxEntries },
    );
    this.unsubscribe = feed.subscribe({
      scopes: ['conferences'],
      onChange: () => this.copies.clear(),
      onReset: () => this.copies.clear(),
    });
  }

  /** The conference `key` names with its rules: a trustworthy copy, else what `read` finds. */
  find(
    key: string,
    read: () => Promise<ConferenceWithRules | undefined>,
  ): Promise<ConferenceWithRules | undefined> {
    return this.copies.find(key, read);
  }

  get size(): number {
    return this.copies.size;
  }

  close(): void {
    this.unsubscribe();
    this.copies.clear();
  }
}
