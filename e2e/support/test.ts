// Playwright's test and expect, with each worker pointed at its own server (servers.ts).
import { test as base } from '@playwright/test';
import { serverUrl } from './servers.ts';

export const test = base.extend<object, { workerServerUrl: string }>({
  workerServerUrl: [
    // Playwright reads a fixture's dependencies from this pattern, and this one has none.
    // eslint-disable-next-line no-empty-pattern
    async ({}, use, workerInfo) => use(serverUrl(workerInfo.parallelIndex)),
    { scope: 'worker' },
  ],
  baseURL: async ({ workerServerUrl }, use) => use(workerServerUrl),
});

export { expect } from '@playwright/test';
