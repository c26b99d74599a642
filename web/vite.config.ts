// The web app's build, its dev server (which forwards API calls to the server on port 3000)
// and its unit test project, which the root vitest.config.ts lists as 'unit-web'.
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

const apiTarget = 'http://localhost:3000';
const proxiedPaths = ['/v1', '/docs', '/dev', '/healthz'];

// What every signed-in page runs besides the entry, in one chunk rather than the dozen small
// ones the automatic splitting would make: the signed-in root and the user menu, and what
// they need (zod and the profile's schema, TanStack Query's useQuery, floating-ui and
// Mantine's Menu); their own imports come with them (includeDependenciesRecursively).
const sessionModules = new RegExp(
  [
    String.raw`node_modules[\\/](zod|@floating-ui)[\\/]`,
    String.raw`node_modules[\\/]@tanstack[\\/]react-query[\\/]`,
    String.raw`@mantine[\\/]core[\\/]esm[\\/]components[\\/](Menu|Popover|FocusTrap|Portal)[\\/]`,
    String.raw`web[\\/]src[\\/]app[\\/]routes[\\/]signed-in-root\.tsx`,
    String.raw`web[\\/]src[\\/]components[\\/]user-menu\.tsx`,
  ].join('|'),
);

export default defineConfig({
  plugins: [react()],
  server: {
    port: 5173,
    proxy: Object.fromEntries(proxiedPaths.map((path) => [path, { target: apiTarget }])),
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        // React changes less often than the app: its own chunk stays cached across releases.
        // What the entry imports (the frame, the sign-in page) is one chunk, 'app'; what every
        // signed-in page adds, another, 'session'. Every other library goes with the pages
        // that use it (the routes are loaded lazily, web/src/app/router.tsx), so a page
        // fetches only the Mantine components it shows. Each file fetched costs its headers
        // besides its bytes (docs/benchmarks.md, "Web assets").
        codeSplitting: {
          groups: [
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/,
              priority: 2,
            },
            { name: 'app', tags: ['$initial'], priority: 1 },
            // Loaded by guest pages too, so not in 'session' although the signed-in root imports it.
            { name: 'page-styles', test: /web[\\/]src[\\/]app[\\/]page-styles\.ts$/, priority: 1 },
            { name: 'session', test: sessionModules },
            // Mantine's Select and what it is made of (combobox, scroll area), always fetched
            // together: one file rather than four.
            {
              name: 'select',
              test: /@mantine[\\/]core[\\/]esm[\\/]components[\\/](Select|Combobox|ScrollArea)[\\/]/,
            },
          ],
        },
      },
    },
  },
  test: {
    name: 'unit-web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test-setup.ts'],
    testTimeout: 20_000,
    restoreMocks: true,
    unstubGlobals: true,
  },
});
