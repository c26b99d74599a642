import { describe, expect, it } from 'vitest';
import { controlledFeed as feed } from '../../../test/controlled-feed.ts';
import type { User } from '../../db/schema.ts';
import type { SessionUser } from '../../http/authenticate.ts';
import { SessionCache } from './session-cache.ts';

const session = (userId: number): SessionUser => ({
  user: { id: userId, role: 'user', kind: 'registered' } as User,
  familyId: `family-${userId}`,
});
const inOneHour = () => new Date(Date.now() + 3_600_000);

describe('SessionCache', () => {
  it('keeps serving its sessions when the conferences are announced as changed', () => {
    const changes = feed();
    const cache = new SessionCache(changes.feed);
    const mark = cache.mark();
    changes.announce('conferences');
    cache.keep('ada-token', session(1), inOneHour(), mark);
    changes.announce('conferences');
    expect(cache.find('ada-token')?.user.id).toBe(1);
  });

  it('serves what a lookup kept, until the account is announced as changed', () => {
    const changes = feed();
    const cache = new SessionCache(changes.feed);
    cache.keep('ada-token', session(1), inOneHour(), cache.mark());
    cache.keep('alan-token', session(2), inOneHour(), cache.mark());
    expect(cache.find('ada-token')?.user.id).toBe(1);

    changes.announce('user:1');
    expect(cache.find('ada-token')).toBeUndefined();
    expect(cache.find('alan-token')?.user.id).toBe(2);
  });

  it('keeps nothing from a lookup that a change overtook', () => {
    const changes = feed();
    const cache = new SessionCache(changes.feed);
    const mark = cache.mark();
    changes.announce('user:7');
    cache.keep('ada-token', session(1), inOneHour(), mark);
    expect(cache.find('ada-token')).toBeUndefined();
  });

  it('serves and keeps nothing while the feed is lost, and forgets what it had', () => {
    const changes = feed();
    const cache = new SessionCache(changes.feed);
    cache.keep('ada-token', session(1), inOneHour(), cache.mark());
    changes.lose();
    expect(cache.find('ada-token')).toBeUndefined();
    cache.keep('ada-token', session(1), inOneHour(), cache.mark());
    expect(cache.size).toBe(0);

    changes.regain();
    expect(cache.find('ada-token')).toBeUndefined();
  });

  it('forgets everything on an announcement it cannot scope', () => {
    const changes = feed();
    const cache = new SessionCache(changes.feed);
    cache.keep('ada-token', session(1), inOneHour(), cache.mark());
    changes.announce('something else');
    expect(cache.size).toBe(0);
  });

  it('lets a copy go when its token expires or it has been kept for the longest allowed', () => {
    let now = Date.parse('2026-11-27T12:00:00Z');
    const cache = new SessionCache(feed().feed, { maxAgeMs: 60_000, now: () => now });
    cache.keep('short', session(1), new Date(now + 10_000), cache.mark());
    cache.keep('long', session(2), new Date(now + 3_600_000), cache.mark());
    now += 10_000;
    expect(cache.find('short')).toBeUndefined();
    expect(cache.find('long')?.user.id).toBe(2);
    now += 50_001;
    expect(cache.find('long')).toBeUndefined();
  });

  it('holds at most maxEntries copies, letting the oldest go first', () => {
    const cache = new SessionCache(feed().feed, { maxEntries: 2 });
    for (const userId of [1, 2, 3])
      cache.keep(`token-${userId}`, session(userId), inOneHour(), cache.mark());
    expect(cache.size).toBe(2);
    expect(cache.find('token-1')).toBeUndefined();
    expect(cache.find('token-3')?.user.id).toBe(3);
  });

  it('hands out copies nobody can change', () => {
    const cache = new SessionCache(feed().feed);
    cache.keep('ada-token', session(1), inOneHour(), cache.mark());
    const kept = cache.find('ada-token')!;
    expect(() => {
      (kept.user as { role: string }).role = 'admin';
    }).toThrow(TypeError);
  });
});
