// Each user's dashboard summary (unread notifications, whether they have an affiliation, whether
// they chair a conference) kept in memory, so that the profile, which every page asks for, needs
// no statement when nothing changed (docs/benchmarks.md, "Statements per call"). Kept as
// db/kept-copies.ts says, and dropped when a change to that user's notifications, affiliations
// or chairs is announced ('profile:<id>', migration 0033); a copy lives at most a minute.
import type { ChangeFeed } from '../../db/change-feed.ts';
import { KeptCopies } from '../../db/kept-copies.ts';
import type { KeptCopiesOptions } from '../../db/kept-copies.ts';
import type { ProfileSummary } from './profile.repo.ts';

export interface ProfileSummaryCacheOptions extends Partial<KeptCopiesOptions> {
  /**
   * A summary with more unread notifications than this is read every time: a few users with
   * thousands would otherwise hold most of the memory.
   */
  maxUnread?: number;
}

export class ProfileSummaryCache {
  private readonly copies: KeptCopies<number, ProfileSummary>;
  private readonly unsubscribe: () => void;

  constructor(feed: ChangeFeed, options: ProfileSummaryCacheOptions = {}) {
    const { maxUnread = 100, ...kept } = options;
    this.copies = new KeptCopies(
      feed,
      {
        isKept: (summary) => summary.unread.length <= maxUnread,
        freeze: (summary) => {
          for (const notification of summary.unread) Object.freeze(notification);
          Object.freeze(summary.unread);
          return Object.freeze(summary);
        },
      },
      { maxEntries: 10_000, maxAgeMs: 60_000, ...kept },
    );
    this.unsubscribe = feed.subscribe({
      scopes: ['profile'],
      onChange: (change) => this.copies.forget(change.userId),
      onReset: () => this.copies.clear(),
    });
  }

  /** The summary of `userId`: a trustworthy copy, else what `read` finds. */
  find(userId: number, read: () => Promise<ProfileSummary>): Promise<ProfileSummary> {
    return this.copies.find(userId, read);
  }

  get size(): number {
    return this.copies.size;
  }

  close(): void {
    this.unsubscribe();
    this.copies.clear();
  }
}
