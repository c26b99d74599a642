// A change feed whose announcements and losses a unit test makes, for the copies kept in memory
// behind the real one (db/change-feed.ts): the session cache, the conference rules cache, the
// profile summary cache. It hands announcements to the feed's own ChangeSubscribers, so that
// payloads are read and sent to each copy's scopes as they are in production.
import type { ChangeFeed } from '../src/db/change-feed.ts';
import { ChangeSubscribers } from '../src/db/change-feed.ts';

export function controlledFeed() {
  const subscribers = new ChangeSubscribers();
  let live = true;
  const feed: ChangeFeed = {
    isLive: () => live,
    subscribe: (handlers) => subscribers.subscribe(handlers),
    close: async () => {},
  };
  return {
    feed,
    announce: (payload: string) => subscribers.announce(payload),
    lose() {
      live = false;
      subscribers.reset();
    },
    regain() {
      live = true;
    },
  };
}
