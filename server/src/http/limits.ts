// Named rate limits beyond the per-route limit of @fastify/rate-limit: several windows on one
// call (sign-ups per hour on top of the per-minute limit), keys other than the client address
// (the signed-in user, an e-mail address), and limits a service checks itself once it knows
// the key. They count in the same database table (rate-limit-store.ts), so every instance
// shares them; a refusal is the same 429 answer as the plugin's.
import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { messages } from '@recuse/common';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { HttpError, unauthorized } from './errors.ts';
import { hitCounter } from './rate-limit-store.ts';

export interface Limit {
  /** Names the counter: two limits with one key never share a count. */
  name: string;
  max: number;
  windowMs: number;
}

export const minute = 60_000;
export const hour = 60 * minute;
export const day = 24 * hour;

export class TooManyRequests extends HttpError {
  constructor(readonly retryAfterSeconds: number) {
    super(429, { message: messages.tooManyRequests });
  }
}

/** An e-mail address as a key: hashed, so the table holds no address anyone typed. */
export const addressKey = (email: string) =>
  createHash('sha256').update(email.trim().toLowerCase()).digest('hex');

/** Counts one call against `limit` for `key`; over the limit, throws 429. */
export async function spend(db: Db, limit: Limit, key: string): Promise<void> {
  const { hits, ttlMs } = await hitCounter(db, `${limit.name}:${key}`, limit.windowMs);
  if (hits > limit.max) throw new TooManyRequests(Math.max(1, Math.ceil(ttlMs / 1000)));
}

/**
 * An onRequest hook (after `requireUser` when the key is the user) spending one call of
 * `limit` per request, keyed by `keyOf`; a refusal carries `Retry-After`.
 */
export function limitHook(db: Db, limit: Limit, keyOf: (request: FastifyRequest) => string) {
  return async function limitRequest(request: FastifyRequest, reply: FastifyReply) {
    try {
      await spend(db, limit, keyOf(request));
    } catch (error) {
      if (error instanceof TooManyRequests) {
        reply.header('retry-after', String(error.retryAfterSeconds));
      }
      throw error;
    }
  };
}

/**
 * Calls whose answer tells whether an address belongs to someone: people search (a full
 * address finds its person) and naming a co-chair (refused unless the address is an account's).
 * One budget per signed-in user for both, so neither is a way around the other's limit
 * (docs/security.md section 5).
 */
export const addressLookups = (config: Config): Limit => ({
  name: 'people-search',
  max: config.PEOPLE_SEARCH_RATE_LIMIT_PER_MINUTE,
  windowMs: minute,
});

/** `limitHook` keyed by the signed-in user: an onRequest hook after `requireUser`. */
export function perUserLimitHook(db: Db, limit: Limit) {
  return limitHook(db, limit, (request) => {
    if (!request.session) throw unauthorized();
    return `user:${request.session.user.id}`;
  });
}
