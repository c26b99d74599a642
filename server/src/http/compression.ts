// Compression of the API's answers by @fastify/compress: only the answers that grow with the
// user's data are large enough to gain (the relations list of a prolific author is megabytes
// of repetitive JSON, a tenth of that gzipped), so smaller answers go out as they are, since
// compressing them costs more than it saves. Gzip at level 1: nearly the ratio of the default
// level on this JSON, in a third of the time, in libuv's thread pool. The web app's files are
// compressed once, at build time (web-app.ts serves the .br and .gz copies).
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import { constants } from 'node:zlib';

/** Below this many bytes an answer goes out uncompressed. */
export const compressionThresholdBytes = 16 * 1024;

export async function registerCompression(app: FastifyInstance) {
  await app.register(compress, {
    global: true,
    encodings: ['gzip'],
    threshold: compressionThresholdBytes,
    zlibOptions: { level: constants.Z_BEST_SPEED },
  });
  // A JSON answer depends on Accept-Encoding whether or not this one was compressed (it was
  // small, or the client accepts no gzip), so a cache must not hand it to every client.
  app.addHook('onSend', async (_request, reply) => {
    const type = String(reply.getHeader('content-type') ?? '');
    if (!type.startsWith('application/json')) return;
    const vary = reply.getHeader('vary');
    if (vary === undefined) reply.header('vary', 'accept-encoding');
    else if (!String(vary).toLowerCase().includes('accept-encoding'))
      reply.header('vary', `${String(vary)}, accept-encoding`);
  });
}
