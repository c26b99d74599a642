import { describe, expect, it } from 'vitest';
import { controlledFeed as feed } from '../../../test/controlled-feed.ts';
import { ProfileSummaryCache } from './profile-summary-cache.ts';
import type { Notification, ProfileSummary } from './profile.repo.ts';

const notification = (id: number): Notification => ({
  id,
  userId: 1,
  message: `notice ${id}`,
  relationTypeId: null,
  relationTypeName: null,
  publicationName: null,
  rejectReason: null,
  comment: null,
  relationId: null,
  readAt: null,
  createdAt: new Date('2026-11-27T12:00:00Z'),
});

/** A reader of the database that counts its reads and answers `unread` notifications. */
function database(unread = 1) {
  const reader = {
    reads: 0,
    unread,
    read: async (): Promise<ProfileSummary> => {
      reader.reads += 1;
      return {
        unread: Array.from({ length: reader.unread }, (_, index) => notification(index + 1)),
        hasAffiliations: reader.reads > 1,
        isChair: false,
      };
    },
  };
  return reader;
}

describe('ProfileSummaryCache', () => {
  it('reads a summary once, then serves the copy until that user is announced as changed', async () => {
    const changes = feed();
    const cache = new ProfileSummaryCache(changes.feed);
    const ada = database();
    const alan = database();
    await cache.find(1, ada.read);
    await cache.find(2, alan.read);
    expect((await cache.find(1, ada.read)).hasAffiliations).toBe(false);
    expect(ada.reads).toBe(1);

    changes.announce('profile:1');
    expect((await cache.find(1, ada.read)).hasAffiliations).toBe(true);
    expect(ada.reads).toBe(2);
    await cache.find(2, alan.read);
    expect(alan.reads).toBe(1);
  });

  it('keeps its copies when an account or the conferences are announced as changed', async () => {
    const changes = feed();
    const cache = new ProfileSummaryCache(changes.feed);
    const ada = database();
    await cache.find(1, ada.read);
    changes.announce('user:1');
    changes.announce('conferences');
    await cache.find(1, ada.read);
    expect(ada.reads).toBe(1);
  });

  it('keeps nothing from a read that a change overtook', async () => {
    const changes = feed();
    const cache = new ProfileSummaryCache(changes.feed);
    const ada = database();
    await cache.find(1, async () => {
      const summary = await ada.read();
      changes.announce('profile:7');
      return summary;
    });
    await cache.find(1, ada.read);
    expect(ada.reads).toBe(2);
  });

  it('reads every time while the feed is lost, and forgets what it had', async () => {
    const changes = feed();
    const cache = new ProfileSummaryCache(changes.feed);
    const ada = database();
    await cache.find(1, ada.read);
    changes.lose();
    await cache.find(1, ada.read);
    await cache.find(1, ada.read);
    expect(ada.reads).toBe(3);
    expect(cache.size).toBe(0);

    changes.regain();
    await cache.find(1, ada.read);
    await cache.find(1, ada.read);
    expect(ada.reads).toBe(4);
  });

  it('forgets everything on an announcement it cannot scope, such as a truncate', async () => {
    const changes = feed();
    const cache = new ProfileSummaryCache(changes.feed);
    await cache.find(1, database().read);
    await cache.find(2, database().read);
    changes.announce('profile:all');
    expect(cache.size).toBe(0);
  });

  it('reads again a copy kept for the longest allowed', async () => {
    let now = Date.parse('2026-11-27T12:00:00Z');
    const cache = new ProfileSummaryCache(feed().feed, { maxAgeMs: 60_000, now: () => now });
    const ada = database();
    await cache.find(1, ada.read);
    now += 60_000;
    await cache.find(1, ada.read);
    expect(ada.reads).toBe(1);
    now += 1;
    await cache.find(1, ada.read);
    expect(ada.reads).toBe(2);
  });

  it('holds at most maxEntries copies, letting the oldest go first', async () => {
    const cache = new ProfileSummaryCache(feed().feed, { maxEntries: 2 });
    const readers = [database(), database(), database()];
    for (const [index, reader] of readers.entries()) await cache.find(index + 1, reader.read);
    expect(cache.size).toBe(2);
    await cache.find(1, readers[0]!.read);
    await cache.find(3, readers[2]!.read);
    expect(readers.map((reader) => reader.reads)).toEqual([2, 1, 1]);
  });

  it('does not keep a summary with more unread notifications than maxUnread', async () => {
    const cache = new ProfileSummaryCache(feed().feed, { maxUnread: 2 });
    const ada = database(3);
    await cache.find(1, ada.read);
    await cache.find(1, ada.read);
    expect(ada.reads).toBe(2);
    ada.unread = 2;
    await cache.find(1, ada.read);
    await cache.find(1, ada.read);
    expect(ada.reads).toBe(3);
  });

  it('hands out copies nobody can change', async () => {
    const cache = new ProfileSummaryCache(feed().feed);
    const ada = database();
    await cache.find(1, ada.read);
    const kept = await cache.find(1, ada.read);
    expect(() => kept.unread.pop()).toThrow(TypeError);
    expect(() => {
      (kept.unread[0] as { message: string }).message = 'changed';
    }).toThrow(TypeError);
    expect(() => {
      (kept as { isChair: boolean }).isChair = true;
    }).toThrow(TypeError);
  });
});
