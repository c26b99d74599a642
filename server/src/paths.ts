// Where the server's own files are. The server runs from its TypeScript source (src/, under
// tsx and the tests) or from the build (dist/main.js, `npm start`): both sit one level under
// server/, so paths taken from here hold in either, where a module's own location would not
// (the build is one file). See docs/architecture.md, "Build and start".
import path from 'node:path';

/** The server workspace: server/ (package.json, drizzle/, src/, dist/). */
export const serverDirectory = path.resolve(import.meta.dirname, '..');

/** The repository root, which holds web/dist. */
export const repositoryDirectory = path.resolve(serverDirectory, '..');
