// What the database announces on the channel `recuse_changes` when a change commits (the
// triggers of migration 0028: 'user:<id>' for an account or one of its access tokens; of 0030:
// 'conferences' for the conferences or their rules; of 0033: 'profile:<id>' for a user's
// notifications, affiliations or chairs), delivered to the code that keeps copies in memory (the
// session cache, the conference rules cache, the profile summary cache). Each payload is read
// here into a change with a scope, and each copy hears only the scopes it names: a cache added
// for a new scope needs no edit to the others. Two promises hold on both engines:
// - a change this process commits is delivered before the commit's statement returns, so the
//   next request in this process never sees what was changed (PostgreSQL and PGlite both send
//   a session's own notifications before it is ready for the next statement);
// - while `isLive()`, every change committed anywhere reaches the handlers of its scope; when
//   that stops (the listening connection is lost) every handler's `onReset` runs, and copies
//   must not be trusted until `isLive()` again. A payload that names no known scope resets every
//   copy too: what it changed cannot be told.
import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';

export const changeChannel = 'recuse_changes';

/**
 * An announced change: to one account or its tokens, to the conferences and their rules, or to
 * what one user's dashboard summary is read from.
 */
export type Change =
  | { scope: 'user'; userId: number }
  | { scope: 'conferences' }
  | { scope: 'profile'; userId: number };
export type ChangeScope = Change['scope'];

/** The change a payload announces, or undefined when it names no scope this code knows. */
export function readChange(payload: string): Change | undefined {
  if (payload === 'conferences') return { scope: 'conferences' };
  const user = /^(user|profile):(\d+)$/.exec(payload);
  if (!user) return undefined;
  return { scope: user[1] as 'user' | 'profile', userId: Number(user[2]) };
}

export interface ChangeFeed {
  isLive(): boolean;
  /** Handlers for the changes of some scopes and for a reset; returns an unsubscribe. */
  subscribe<Scope extends ChangeScope>(handlers: ChangeHandlers<Scope>): () => void;
  close(): Promise<void>;
}

export interface ChangeHandlers<Scope extends ChangeScope = ChangeScope> {
  /** The scopes whose changes the copy depends on: it hears no other. */
  scopes: readonly Scope[];
  onChange(change: Extract<Change, { scope: Scope }>): void;
  /** Every copy must go: the feed was lost, or a change came that names no known scope. */
  onReset(): void;
}

/** The handlers of one feed, and how an announcement reaches them. */
export class ChangeSubscribers {
  private readonly handlers = new Set<ChangeHandlers>();

  subscribe<Scope extends ChangeScope>(handlers: ChangeHandlers<Scope>): () => void {
    // Held as handlers of any scope: announce gives each only the changes of the scopes it names.
    const held = handlers as unknown as ChangeHandlers;
    this.handlers.add(held);
    return () => this.handlers.delete(held);
  }

  announce(payload: string) {
    const change = readChange(payload);
    for (const handler of this.handlers) {
      if (!change) handler.onReset();
      else if (handler.scopes.includes(change.scope)) handler.onChange(change);
    }
  }

  reset() {
    for (const handler of this.handlers) handler.onReset();
  }
}

/** PGlite: one process, one connection; its own notifications arrive before a query returns. */
export async function openPgliteChangeFeed(client: PGlite): Promise<ChangeFeed> {
  const subscribers = new ChangeSubscribers();
  const unlisten = await client.listen(changeChannel, (payload) => subscribers.announce(payload));
  let isClosed = false;
  return {
    isLive: () => !isClosed,
    subscribe: (handlers) => subscribers.subscribe(handlers),
    async close() {
      isClosed = true;
      subscribers.reset();
      await unlisten();
    },
  };
}

const reconnectDelayMs = 1_000;
/** The listening connection's application_name, as pg_stat_activity shows it. */
export const listenerName = 'recuse change feed';

/**
 * PostgreSQL: every pooled connection listens from its start (`onConnect`, the pool's hook, which
 * it awaits before handing the connection out), so the connection that commits a change hears it
 * before its COMMIT returns. The feed, once opened (`open`), adds one connection of its own that
 * listens all the time, so that changes other instances (or a command-line tool) commit are
 * heard while the pool is idle. The feed is live while that connection is; it reconnects after a
 * second when lost. `Client` is node-postgres' client class, which the caller has loaded.
 */
export function postgresChanges(
  url: string,
  Client: typeof pg.Client,
): {
  onConnect: (client: pg.ClientBase) => Promise<void>;
  open: () => ChangeFeed;
} {
  const subscribers = new ChangeSubscribers();
  const hear = (message: pg.Notification) => {
    if (message.channel === changeChannel) subscribers.announce(message.payload ?? '');
  };
  return {
    async onConnect(client) {
      client.on('notification', hear);
      await client.query(`listen ${changeChannel}`);
    },
    open: () => openListener(url, Client, subscribers, hear),
  };
}

function openListener(
  url: string,
  Client: typeof pg.Client,
  subscribers: ChangeSubscribers,
  hear: (message: pg.Notification) => void,
): ChangeFeed {
  let listener: pg.Client | undefined;
  let isLive = false;
  let isClosed = false;
  let retry: NodeJS.Timeout | undefined;
  const lose = () => {
    if (isLive) subscribers.reset();
    isLive = false;
    listener = undefined;
    if (!isClosed) retry = setTimeout(() => void connect(), reconnectDelayMs);
  };
  const connect = async () => {
    const client = new Client({ connectionString: url, application_name: listenerName });
    listener = client;
    client.on('notification', hear);
    client.on('error', () => {});
    client.once('end', () => {
      if (listener === client) lose();
    });
    try {
      await client.connect();
      await client.query(`listen ${changeChannel}`);
      if (isClosed) await client.end();
      else isLive = true;
    } catch {
      client.end().catch(() => {});
      if (listener === client) lose();
    }
  };
  void connect();
  return {
    isLive: () => isLive,
    subscribe: (handlers) => subscribers.subscribe(handlers),
    async close() {
      isClosed = true;
      clearTimeout(retry);
      const client = listener;
      listener = undefined;
      if (isLive) subscribers.reset();
      isLive = false;
      await client?.end().catch(() => {});
    },
  };
}
