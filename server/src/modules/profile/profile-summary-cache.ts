// Each user's dashboard summary (unread notifications, whether they have an affiliation, whether
// they chair a conference) kept in memory, so that the profile, which every page asks for, needs
// no statement when nothing changed (docs/benchmarks.md, "Statements per call"). Kept as
// db/kept-copies.ts says, and dropped when a change to that user's notifications, affiliations
// or chairs is announced ('profile:<id>', migration 0033); a copy lives at most a minute.
import type { ChangeFeed } from '../../db/change-feed.ts';
import { KeptCopies } from '../../db/kept-copies.ts';
import type { KeptCopiesLimits } from '../../db/kept-copies.ts';
import type { ProfileSummary } from './profile.repo.ts';

export interface ProfileSummaryCacheOptions extends Partial<KeptCopiesLimits> {
  /**
   * A summary with more unread notifications than this is read every time: a few users with
   * thousands would otherwise hold most of the memory.
   */
  maxUnread?: number;
}

export class ProfileSummaryCache extends KeptCopies<number, ProfileSummary, 'profile'> {
  constructor(feed: ChangeFeed, { maxUnread = 100, ...limits }: ProfileSummaryCacheOptions = {}) {
    super(
      feed,
      {
        scopes: ['profile'],
        keyOf: (change) => change.userId,
        isKept: (summary) => summary.unread.length <= maxUnread,
        freeze: (summary) => {
          for (const notification of summary.unread) Object.freeze(notification);
          Object.freeze(summary.unread);
          return Object.freeze(summary);
        },
      },
      { maxEntries: 10_000, maxAgeMs: 60_000, ...limits },
    );
  }
}
