// A change feed whose announcements and losses a unit test makes, for the copies kept in memory
// behind the real one (db/change-feed.ts): the session cache, the conference rules cache.
import type { ChangeFeed, ChangeHandlers } from '../src/db/change-feed.ts';

export function controlledFeed() {
  const handlers = new Set<ChangeHandlers>();
  let live = true;
  const feed: ChangeFeed = {
    isLive: () => live,
    subscribe(handler) {
      handlers.add(handler);
      return () => handlers.delete(handler);
    },
    close: async () => {},
  };
  return {
    feed,
    announce: (payload: string) => handlers.forEach((handler) => handler.onChange(payload)),
    lose() {
      live = false;
      handlers.forEach((handler) => handler.onLost());
    },
    regain() {
      live = true;
    },
  };
}
