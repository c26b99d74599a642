// Bearer-token authentication. Routes that need a signed-in user put `requireUser` in their
// onRequest hooks; an absent, expired or revoked token answers 401 with the body 'Unauthorized',
// which the web app treats as a logout (docs/product.md, "Authentication and sessions").
import type { FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import type { AppContext } from '../context.ts';
import type { User } from '../db/schema.ts';
import { authenticate } from '../modules/auth/auth.service.ts';
import { HttpError, unauthorized } from './errors.ts';

/** Who made a request: the signed-in account and the sign-in (token family) it came with. */
export interface SessionUser {
  user: User;
  familyId: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    session: SessionUser | null;
  }
}

export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  const match = header ? /^Bearer\s+(\S+)$/i.exec(header) : null;
  return match?.[1];
}

export function createRequireUser(context: AppContext) {
  return async function requireUser(request: FastifyRequest, _reply: FastifyReply) {
    const token = bearerToken(request);
    const session = token ? await authenticate(context, token) : undefined;
    if (!session) throw unauthorized();
    request.session = session;
  };
}

/** The signed-in user of a request that passed `requireUser`. */
export function sessionOf(request: FastifyRequest): SessionUser {
  if (!request.session) throw unauthorized();
  return request.session;
}

/**
 * A hook for administrator-only calls, placed after `requireUser`: anyone else gets 403 with
 * the call's own explanation, before the body is validated, so a refused caller learns
 * nothing about what the call would have accepted.
 */
export function onlyAdministrators(message: string): onRequestHookHandler {
  return async function requireAdministrator(request) {
    if (sessionOf(request).user.role !== 'admin') throw new HttpError(403, { message });
  };
}
