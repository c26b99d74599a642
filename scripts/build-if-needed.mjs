// `npm start` builds the web app only when its sources are newer than the last build, so a
// fresh clone builds once and later starts are immediate.
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const builtIndex = path.join(root, 'web/dist/index.html');
const sources = ['web/src', 'web/index.html', 'web/vite.config.ts', 'web/public', 'common/src'];

function newestChange(target) {
  if (!existsSync(target)) return 0;
  const stats = statSync(target);
  if (!stats.isDirectory()) return stats.mtimeMs;
  let newest = stats.mtimeMs;
  for (const entry of readdirSync(target))
    newest = Math.max(newest, newestChange(path.join(target, entry)));
  return newest;
}

const builtAt = existsSync(builtIndex) ? statSync(builtIndex).mtimeMs : 0;
const sourcesAt = Math.max(...sources.map((source) => newestChange(path.join(root, source))));
if (builtAt < sourcesAt) {
  console.log('Building the web app…');
  execSync('npm run build -w web', { cwd: root, stdio: 'inherit' });
}
