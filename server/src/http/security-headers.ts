// Helmet's security headers on every answer (docs/security.md section 9): the policy below,
// Helmet's defaults for the rest. They are the same on every answer (no nonces, no per-route
// options), so Helmet's middleware runs once, here, and each answer gets its headers as Fastify
// headers: running the middleware on each request set a dozen headers one by one on the raw
// answer, each checked by Node then and again when written, about 2 % of a served read's CPU
// (docs/benchmarks.md, sixth session). @fastify/helmet, which this replaced, even built the
// middleware again on every request.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

export const securityHeaders = helmet({
  // Sent only on answers to HTTPS requests (http/response-headers.ts).
  strictTransportSecurity: false,
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      // Mantine injects its CSS variables in <style> elements at run time.
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      objectSrc: ["'none'"],
      frameAncestors: ["'none'"],
      formAction: ["'self'"],
      upgradeInsecureRequests: null,
    },
  },
});

/** The headers Helmet's middleware sets, by name, as it sets them on an answer. */
function headersOf(
  middleware: (request: IncomingMessage, response: ServerResponse, next: () => void) => void,
): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: unknown) => void (headers[name.toLowerCase()] = String(value)),
    removeHeader: (name: string) => void delete headers[name.toLowerCase()],
  };
  let isDone = false;
  middleware({} as IncomingMessage, response as unknown as ServerResponse, () => {
    isDone = true;
  });
  if (!isDone) throw new Error('the security headers middleware did not finish at once');
  return headers;
}

/**
 * The security headers of every answer, by name: given in the hook below, and by
 * answerFrameworkError (error-handler.ts) to the answers no hook sees.
 */
export const securityHeaderValues: Readonly<Record<string, string>> = headersOf(securityHeaders);

export function registerSecurityHeaders(app: FastifyInstance) {
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(securityHeaderValues);
    done();
  });
}
