// What a browser fetches to draw each page, counted from what it actually fetched (the
// Resource Timing API's transferSize: bytes on the wire, headers included, nothing from a
// cache): at most 150 KB of JavaScript and CSS for /sign-in, and every later page, loaded
// cold by a signed-in user, within 100 KB more. Every script and style sheet comes
// precompressed (brotli). Figures: docs/benchmarks.md, "Web assets".
import { writeFile } from 'node:fs/promises';
import type { Browser, Page } from '@playwright/test';
import { expect, test } from './support/test.ts';
import { demoSignIn, signIn, waitForPageSettled } from './support/accounts.ts';

const kilobyte = 1000;
const signInBudget = 150 * kilobyte;
const laterPageAllowance = 100 * kilobyte;
const laterPages = [
  '/',
  '/relations',
  '/relations/pending',
  '/relations/add',
  '/relations/conflicts',
  '/user/profile',
  '/user/password-reset',
  '/help',
  '/contact',
];

type Weight = { total: number; files: Array<{ name: string; bytes: number }> };

/** JavaScript and CSS the page fetched so far, from the Resource Timing entries. */
async function scriptAndStyleWeight(page: Page): Promise<Weight> {
  const files = await page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .map((entry) => entry as PerformanceResourceTiming)
      .filter((entry) => /\.(js|css)$/.test(new URL(entry.name).pathname))
      .map((entry) => ({ name: new URL(entry.name).pathname, bytes: entry.transferSize })),
  );
  return { total: files.reduce((sum, file) => sum + file.bytes, 0), files };
}

/** Opens a page in a fresh context (an empty cache) and records every script's encoding. */
async function openCold(browser: Browser, url: string, storageState?: string) {
  const context = await browser.newContext(storageState ? { storageState } : {});
  const page = await context.newPage();
  const encodings = new Map<string, string | undefined>();
  page.on('response', (response) => {
    const pathname = new URL(response.url()).pathname;
    if (/\.(js|css)$/.test(pathname))
      encodings.set(pathname, response.headers()['content-encoding']);
  });
  await page.goto(url);
  await waitForPageSettled(page);
  await page.waitForLoadState('networkidle');
  return { context, page, encodings };
}

const format = (bytes: number) => `${(bytes / kilobyte).toFixed(1)} KB`;

test('the sign-in page transfers at most 150 KB of JavaScript and CSS', async ({ browser }) => {
  const signInPage = await openCold(browser, '/sign-in');
  await expect(signInPage.page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
  const weight = await scriptAndStyleWeight(signInPage.page);
  console.log(`/sign-in: ${format(weight.total)} of JavaScript and CSS`);
  expect(
    weight.total,
    `JavaScript and CSS for /sign-in:\n${weight.files.map((file) => `${file.name} ${file.bytes}`).join('\n')}`,
  ).toBeLessThanOrEqual(signInBudget);
  await signInPage.context.close();
});

test('the sign-in page loads only its own code, precompressed, and every later page within 100 KB more', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const signInPage = await openCold(browser, '/sign-in');
  await expect(signInPage.page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
  const signInWeight = await scriptAndStyleWeight(signInPage.page);
  for (const [name, encoding] of signInPage.encodings)
    expect(encoding, `${name} is sent precompressed`).toBe('br');
  const report = [`/sign-in: ${format(signInWeight.total)} (${signInWeight.files.length} files)`];
  // The sign-in page loads no page but its own: not the relation form, nor the graph.
  const names = signInWeight.files.map((file) => file.name).join(' ');
  expect(names).not.toMatch(/relation-form|conflicts|relation-graph|profile/);

  await signIn(signInPage.page, demoSignIn('ada'));
  const storageState = JSON.stringify(await signInPage.context.storageState());
  await signInPage.context.close();

  const statePath = test.info().outputPath('ada-session.json');
  await writeFile(statePath, storageState);
  for (const url of laterPages) {
    const later = await openCold(browser, url, statePath);
    await expect(later.page).toHaveURL(url);
    const weight = await scriptAndStyleWeight(later.page);
    report.push(`${url}: ${format(weight.total)} (${weight.files.length} files)`);
    for (const [name, encoding] of later.encodings)
      expect(encoding, `${name} is sent precompressed`).toBe('br');
    expect(weight.total, `JavaScript and CSS for ${url}`).toBeLessThanOrEqual(
      signInWeight.total + laterPageAllowance,
    );
    await later.context.close();
  }
  console.log(`Transferred JavaScript and CSS, cold cache:\n  ${report.join('\n  ')}`);
});
