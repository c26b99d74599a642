// `npm start` builds what is missing or older than its sources, so a fresh clone builds once
// and later starts are immediate: the web app into web/dist, the server (with common/) into
// server/dist. `node scripts/build-if-needed.mjs server` checks the server only.
// Layout: docs/architecture.md, "Build and start".
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { buildServer } from './build-server.mjs';

const root = path.resolve(import.meta.dirname, '..');

const targets = {
  web: {
    built: 'web/dist/index.html',
    sources: ['web/src', 'web/index.html', 'web/vite.config.ts', 'web/public', 'common/src'],
    build: () => execSync('npm run build -w web', { cwd: root, stdio: 'inherit' }),
  },
  server: {
    built: 'server/dist/main.js',
    sources: ['server/src', 'server/package.json', 'common/src', 'scripts/build-server.mjs'],
    build: buildServer,
  },
};

function newestChange(target) {
  if (!existsSync(target)) return 0;
  const stats = statSync(target);
  if (!stats.isDirectory()) return stats.mtimeMs;
  let newest = stats.mtimeMs;
  for (const entry of readdirSync(target))
    newest = Math.max(newest, newestChange(path.join(target, entry)));
  return newest;
}

const wanted = process.argv.slice(2);
for (const [name, target] of Object.entries(targets)) {
  if (wanted.length > 0 && !wanted.includes(name)) continue;
  const builtPath = path.join(root, target.built);
  const builtAt = existsSync(builtPath) ? statSync(builtPath).mtimeMs : 0;
  const sourcesAt = Math.max(
    ...target.sources.map((source) => newestChange(path.join(root, source))),
  );
  if (builtAt < sourcesAt) {
    console.log(`Building the ${name === 'web' ? 'web app' : 'server'}…`);
    await target.build();
  }
}
