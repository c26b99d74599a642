// Bearer-token authentication. Routes that need a signed-in user put `requireUser` in their
// onRequest hooks; an absent, expired or revoked token answers 401 with the body
// 'Unauthorized', which the web app treats as a logout (SPEC section 6).
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import type { SessionUser } from '../modules/auth/auth.repo.ts';
import { authenticate } from '../modules/auth/auth.service.ts';
import { unauthorized } from './errors.ts';

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
