import { describe, expect, it } from 'vitest';
import { controlledFeed as feed } from '../../../test/controlled-feed.ts';
import type { Conference } from './conferences.repo.ts';
import type { ConferenceWithRules } from './rules-cache.ts';
import { ConferenceRulesCache } from './rules-cache.ts';

/** A reader that counts its reads and gives a conference whose label says which read it was. */
function reader() {
  let reads = 0;
  return {
    read: async (): Promise<ConferenceWithRules> => {
      reads += 1;
      return { conference: { id: 1, label: `read ${reads}` } as Conference, rules: [] };
    },
    get reads() {
      return reads;
    },
  };
}

describe('ConferenceRulesCache', () => {
  it('reads a conference once, until a change to the conferences is announced', async () => {
    const changes = feed();
    const cache = new ConferenceRulesCache(changes.feed);
    const database = reader();
    expect((await cache.find('id:1', database.read))?.conference.label).toBe('read 1');
    expect((await cache.find('id:1', database.read))?.conference.label).toBe('read 1');
    changes.announce('user:7');
    expect((await cache.find('id:1', database.read))?.conference.label).toBe('read 1');

    changes.announce('conferences');
    expect((await cache.find('id:1', database.read))?.conference.label).toBe('read 2');
    expect(database.reads).toBe(2);
  });

  it('neither serves nor keeps while the feed is lost, and keeps again once it is back', async () => {
    const changes = feed();
    const cache = new ConferenceRulesCache(changes.feed);
    const database = reader();
    await cache.find('id:1', database.read);
    changes.lose();
    expect((await cache.find('id:1', database.read))?.conference.label).toBe('read 2');
    expect((await cache.find('id:1', database.read))?.conference.label).toBe('read 3');
    expect(cache.size).toBe(0);
    changes.regain();
    await cache.find('id:1', database.read);
    expect((await cache.find('id:1', database.read))?.conference.label).toBe('read 4');
  });

  it('keeps nothing from a read that a change overtook, nor a conference that does not exist', async () => {
    const changes = feed();
    const cache = new ConferenceRulesCache(changes.feed);
    const database = reader();
    await cache.find('id:1', async () => {
      const found = await database.read();
      changes.announce('conferences');
      return found;
    });
    expect(cache.size).toBe(0);
    expect(await cache.find('id:2', async () => undefined)).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('hands every request the same frozen copy', async () => {
    const cache = new ConferenceRulesCache(feed().feed);
    const first = await cache.find('name:DEFAULT', reader().read);
    const again = await cache.find('name:DEFAULT', reader().read);
    expect(again).toBe(first);
    expect(Object.isFrozen(first?.conference)).toBe(true);
    expect(Object.isFrozen(first?.rules)).toBe(true);
  });
});
