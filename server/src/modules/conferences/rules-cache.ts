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

export class ConferenceRulesCache extends KeptCopies<
  string,
  ConferenceWithRules | undefined,
  'conferences'
> {
  constructor(feed: ChangeFeed, maxEntries = 1_000) {
    super(
      feed,
      {
        // Any change drops every copy (no keyOf): the announcement names no conference.
        scopes: ['conferences'],
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
  }
}
