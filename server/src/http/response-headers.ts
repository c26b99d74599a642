// Headers that depend on the request (docs/security.md section 9): API answers are never
// cached (they carry tokens and personal data), and Strict-Transport-Security goes only on
// answers to HTTPS requests. Behind a proxy the scheme comes from X-Forwarded-Proto, which
// Fastify reads only from a trusted proxy (TRUST_PROXY_HOPS).
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

export const hstsValue = 'max-age=31536000; includeSubDomains';

/** Sets the headers that depend on the request: its id, no caching of the API, HSTS on HTTPS. */
export function setRequestHeaders(request: FastifyRequest, reply: FastifyReply) {
  reply.header('x-request-id', request.id);
  if (request.url.startsWith('/v1/')) reply.header('cache-control', 'no-store');
  if (request.protocol === 'https') reply.header('strict-transport-security', hstsValue);
}

export function registerResponseHeaders(app: FastifyInstance) {
  app.addHook('onSend', async (request, reply) => setRequestHeaders(request, reply));
}
