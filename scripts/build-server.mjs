// Compiles the server, with the common/ code it imports and the packages it uses, into ES
// modules in server/dist/: main.js, the application as a chunk it loads while the database
// opens, shared chunks (and their source maps). Bundling the packages spares Node resolving,
// reading and wrapping some 800 files one by one at every start (docs/benchmarks.md,
// "Production start"); the few packages in `keptOutside` load from node_modules as installed.
// Run with `npm run build -w server`; `npm start` runs it when the sources are newer than the
// build (scripts/build-if-needed.mjs). Layout: docs/architecture.md, "Build and start".
import { copyFileSync, mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const root = path.resolve(import.meta.dirname, '..');
const serverDirectory = path.join(root, 'server');
const outDirectory = path.join(serverDirectory, 'dist');

/**
 * Packages that read files beside their own code (PGlite its WebAssembly and file-system
 * bundle, Swagger UI its pages, pino the worker files of its transports), load a native addon
 * (argon2), or are optional and not installed (pg-native): these must stay where they are.
 * Then packages the built server never loads, which would only lengthen the code Node reads at
 * start: Fastify's default schema compilers (app.ts gives it ours) and what `inject` uses
 * (tests). Were one needed after all, Node would load it from node_modules.
 */
const keptOutside = [
  '@electric-sql/pglite',
  '@node-rs/argon2',
  '@fastify/swagger',
  '@fastify/swagger-ui',
  'pino',
  'pino-pretty',
  'thread-stream',
  'pg-native',
  '@fastify/ajv-compiler',
  '@fastify/fast-json-stringify-compiler',
  'light-my-request',
];

/**
 * The bundled packages written as CommonJS call `require` for Node's own modules, which an ES
 * module does not have: each output file gets one.
 */
const requireBanner =
  "import { createRequire as createRequireForBundle } from 'node:module';\n" +
  'const require = createRequireForBundle(import.meta.url);';

/** Files the compiled code reads beside itself, from src/ to dist/. */
const runtimeFiles = [['src/dblp/dblp.dtd', 'dblp.dtd']];

export async function buildServer() {
  rmSync(outDirectory, { recursive: true, force: true });
  mkdirSync(outDirectory, { recursive: true });
  await build({
    entryPoints: [path.join(serverDirectory, 'src/main.ts')],
    outdir: outDirectory,
    bundle: true,
    // main.js loads the application as a chunk of its own (a dynamic import in main.ts).
    splitting: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    // Maps to the sources' paths, without a copy of every source: Node reads the maps of the
    // files it loads at start (--enable-source-maps), and these are several times smaller.
    sourcemap: true,
    sourcesContent: false,
    // Without the layout's whitespace: the application's chunk is 2.1 MB instead of 3.1 MB and
    // 1,200 lines instead of 80,000, so V8 parses less and Node's source maps, which measure
    // every line of each file they map at load, have little to measure. Names stay as written,
    // and stack traces still point at the TypeScript: 30 to 40 ms less to the first answer
    // (docs/benchmarks.md, "Production start", tenth session).
    minifyWhitespace: true,
    external: keptOutside,
    banner: { js: requireBanner },
    logLevel: 'warning',
  });
  for (const [from, to] of runtimeFiles) {
    copyFileSync(path.join(serverDirectory, from), path.join(outDirectory, to));
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const started = performance.now();
  await buildServer();
  console.log(`Server built into server/dist in ${Math.round(performance.now() - started)} ms.`);
}
