// Compiles the server, with the common/ code it imports, into ES modules in server/dist/:
// main.js, the application as a chunk it loads while the database opens, shared chunks (and
// their source maps). Packages from node_modules stay outside the
// bundle and load as they are. Run with `npm run build -w server`; `npm start` runs it when
// the sources are newer than the build (scripts/build-if-needed.mjs).
// Layout: docs/architecture.md, "Build and start".
import { copyFileSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const root = path.resolve(import.meta.dirname, '..');
const serverDirectory = path.join(root, 'server');
const outDirectory = path.join(serverDirectory, 'dist');

function dependencyNames(packageFile) {
  const manifest = JSON.parse(readFileSync(path.join(root, packageFile), 'utf8'));
  return Object.keys({ ...manifest.dependencies, ...manifest.devDependencies });
}

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
    sourcemap: true,
    // Every package but our own @recuse/common (TypeScript source, so it is compiled in).
    external: [
      ...dependencyNames('server/package.json'),
      ...dependencyNames('common/package.json'),
    ],
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
