// Serves the built web app from the API's port. Client-side routes (/relations/view/7 …)
// have no file, so a GET that wants HTML and is not an API path gets index.html.
import { existsSync, readdirSync } from 'node:fs';
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
  // The built files are listed once, at start, and served by one route. @fastify/static's own
  // routes for a fixed list of files are a GET and a HEAD route each, some 700 here, whose
  // setting up took 90 ms of CPU of every production start (docs/benchmarks.md, "Production
  // start"); its wildcard route would serve files added later, and answer a directory (/) with
  // 403 where a client route wants index.html.
  const files = new Set(listFiles(distDirectory));
  await app.register(fastifyStatic, {
    root: distDirectory,
    serve: false,
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
  app.get<{ Params: { '*': string } }>('/*', { schema: { hide: true } }, (request, reply) => {
    const file = request.params['*'];
    if (files.has(file)) reply.sendFile(file);
    else reply.callNotFound();
  });
  return true;
}

/** The files under `directory`, as paths relative to it with '/', leaving out dot-files. */
function listFiles(directory: string, prefix = ''): string[] {
  return readdirSync(path.join(directory, prefix), { withFileTypes: true })
    .filter((entry) => !entry.name.startsWith('.'))
    .flatMap((entry) => {
      const name = prefix + entry.name;
      if (entry.isDirectory()) return listFiles(directory, `${name}/`);
      return entry.isFile() ? [name] : [];
    });
}
