// Compression of the API's answers by @fastify/compress: only the answers that grow with the
// user's data are large enough to gain (the relations list of a prolific author is megabytes
// of repetitive JSON, a tenth of that gzipped), so smaller answers go out as they are, since
// compressing them costs more than it saves. Gzip at level 1: nearly the ratio of the default
// level on this JSON, in a third of the time. An answer up to syncCompressionLimitBytes (the
// conflict list, a usual relations list) is compressed in one synchronous call, which costs
// about a microsecond per kilobyte; a per-answer zlib stream cost some 300 µs more in setup
// and scheduling (docs/benchmarks.md, seventh session). A larger answer is streamed through
// libuv's thread pool, so no answer holds the event loop for long. The web app's files are
// compressed once, at build time (web-app.ts serves the .br and .gz copies).
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import { constants } from 'node:zlib';

/** Below this many bytes an answer goes out uncompressed. */
export const compressionThresholdBytes = 16 * 1024;

/**
 * Up to this many bytes an answer is compressed synchronously, above it in a stream. Set
 * explicitly: the plugin's default follows the number of cores (8 KB for two), but our
 * cores are shared with PostgreSQL, so there is little spare CPU for a stream to overlap with.
 */
const syncCompressionLimitBytes = 64 * 1024;

export async function registerCompression(app: FastifyInstance) {
  await app.register(compress, {
    global: true,
    encodings: ['gzip'],
    threshold: compressionThresholdBytes,
    syncThreshold: syncCompressionLimitBytes,
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
