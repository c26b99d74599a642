// Gzip for the few answers that grow with the user's data (the relations list of a prolific
// author is megabytes of repetitive JSON, a tenth of that gzipped). Routes opt in with
// `onSend: gzipLargeReply`; small answers are sent as they are, since compressing them costs
// more than it saves. Gzip runs in libuv's thread pool, so other requests go on meanwhile.
import { promisify } from 'node:util';
import { constants, gzip } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

const gzipAsync = promisify(gzip);

/** Below this many bytes an answer goes out uncompressed. */
export const gzipThresholdBytes = 16 * 1024;

/**
 * Whether an Accept-Encoding header allows gzip: listed (or `*`) without `q=0`.
 * `gzip;q=0` refuses it even when `*` is listed.
 */
export function acceptsGzip(header: string | string[] | undefined): boolean {
  const value = Array.isArray(header) ? header.join(',') : (header ?? '');
  let accepted = false;
  for (const part of value.split(',')) {
    const [coding = '', ...parameters] = part.split(';').map((piece) => piece.trim());
    const name = coding.toLowerCase();
    if (name !== 'gzip' && name !== '*') continue;
    const quality = parameters.find((parameter) => /^q\s*=/i.test(parameter));
    const isRefused = quality !== undefined && Number(quality.split('=')[1]) === 0;
    if (name === 'gzip') return !isRefused;
    accepted = !isRefused;
  }
  return accepted;
}

/** An onSend hook: gzips a large string or Buffer answer when the client accepts gzip. */
export async function gzipLargeReply(
  request: FastifyRequest,
  reply: FastifyReply,
  payload: unknown,
): Promise<unknown> {
  if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
  const vary = reply.getHeader('vary');
  reply.header('vary', vary ? `${String(vary)}, accept-encoding` : 'accept-encoding');
  if (reply.hasHeader('content-encoding')) return payload;
  // The length in characters or bytes, never more than the bytes sent: counting the UTF-8
  // bytes of a long string would cost a pass over it.
  if (payload.length < gzipThresholdBytes) return payload;
  if (!acceptsGzip(request.headers['accept-encoding'])) return payload;
  // Level 1: nearly the ratio of the default level on this JSON, in a third of the time.
  const compressed = await gzipAsync(payload, { level: constants.Z_BEST_SPEED });
  reply.header('content-encoding', 'gzip');
  return compressed;
}
