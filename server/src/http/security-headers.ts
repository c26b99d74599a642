// Helmet's security headers on every answer (docs/security.md section 9): the policy below,
// Helmet's defaults for the rest. Helmet's middleware is built once, here, and run on each
// request. @fastify/helmet, which this replaces, built it again on every request (it calls
// `helmet(options)` per request, so Helmet parsed the whole Content-Security-Policy each time)
// and added two hooks for per-route options and nonces that nothing here uses.
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

export function registerSecurityHeaders(app: FastifyInstance) {
  app.addHook('onRequest', (request, reply, done) => {
    // Helmet sets the headers on the raw answer, where Fastify's own headers join them.
    securityHeaders(request.raw, reply.raw, (error?: unknown) => done(error as Error | undefined));
  });
}
