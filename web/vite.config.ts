// The web app's build, its dev server (which forwards API calls to the server on port 3000)
// and its unit test project, which the root vitest.config.ts lists as 'unit-web'.
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

const apiTarget = 'http://localhost:3000';
const proxiedPaths = ['/v1', '/docs', '/dev', '/healthz'];

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
        // Every other library goes with the pages that use it (the routes are loaded lazily,
        // web/src/app/router.tsx), so a page fetches only the Mantine components it shows.
        codeSplitting: {
          groups: [
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/,
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
