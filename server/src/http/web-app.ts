// Serves the built web app from the API's port. Client-side routes (/relations/view/7 …)
// have no file, so a GET that wants HTML and is not an API path gets index.html.
import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyRequest } from 'fastify';

const serverPaths = /^\/(v1|docs|dev|healthz)(\/|$)/;

export function isClientRoute(request: FastifyRequest): boolean {
  return (
    (request.method === 'GET' || request.method === 'HEAD') &&
    !serverPaths.test(request.url) &&
    (request.headers.accept ?? '').includes('text/html')
  );
}

/** Registers the static files; returns false when the web app has not been built. */
export async function registerWebApp(
  app: FastifyInstance,
  distDirectory: string,
): Promise<boolean> {
  if (!existsSync(path.join(distDirectory, 'index.html'))) return false;
  await app.register(fastifyStatic, {
    root: distDirectory,
    wildcard: false,
    index: false,
    // The build writes a .br and a .gz copy beside each file (scripts/precompress.mjs): the
    // copy the client accepts is sent, with Content-Encoding and Vary: Accept-Encoding.
    preCompressed: true,
    cacheControl: false,
    setHeaders(reply, filePath) {
      // Vite fingerprints everything under assets/, so those may be cached for good.
      const isFingerprinted = filePath.includes(`${path.sep}assets${path.sep}`);
      reply.header(
        'cache-control',
        isFingerprinted ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
    },
  });
  return true;
}
