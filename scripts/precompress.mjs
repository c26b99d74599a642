// Writes a brotli (.br) and a gzip (.gz) copy beside every text file of a built directory
// (web/dist after `vite build`), at the strongest settings, once per build: the server sends
// them as they are (@fastify/static's preCompressed, server/src/http/web-app.ts) instead of
// compressing on every request. Every text file gets both copies, even a tiny one whose copy
// is a few bytes larger: a file without them would be gzipped again on every request by the
// API's compression (server/src/http/compression.ts), which compresses a stream whatever its
// size.
//
//   node scripts/precompress.mjs web/dist
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);
const compressible = /\.(js|mjs|css|html|svg|json|txt|map|webmanifest)$/;

export async function precompress(directory) {
  const entries = await readdir(directory, { recursive: true, withFileTypes: true });
  const files = entries
    .filter((entry) => entry.isFile() && compressible.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name));
  let before = 0;
  let afterBrotli = 0;
  await Promise.all(
    files.map(async (file) => {
      const content = await readFile(file);
      const [br, gz] = await Promise.all([
        brotli(content, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
          },
        }),
        gzipAsync(content, { level: constants.Z_BEST_COMPRESSION }),
      ]);
      await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
      before += content.length;
      afterBrotli += Math.min(br.length, content.length);
    }),
  );
  return { files: files.length, before, afterBrotli };
}

if (process.argv[2]) {
  const { files, before, afterBrotli } = await precompress(path.resolve(process.argv[2]));
  const kilobytes = (bytes) => `${(bytes / 1000).toFixed(0)} kB`;
  console.log(
    `Precompressed ${files} files: ${kilobytes(before)}, ${kilobytes(afterBrotli)} with brotli.`,
  );
}
