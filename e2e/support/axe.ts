// Accessibility checks for browser tests: axe-core's rules on the page as it stands, once the
// route has loaded, reported as rule, impact, help text and the elements at fault.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect } from '@playwright/test';
import { waitForPageSettled } from './accounts.ts';

type AxeOptions = {
  /** Wait until no Mantine loader is left (tables that load after the page itself). */
  waitForLoaders?: boolean;
};

export async function expectNoAxeViolations(page: Page, options: AxeOptions = {}) {
  await waitForPageSettled(page);
  if (options.waitForLoaders) await expect(page.locator('.mantine-Loader-root')).toHaveCount(0);
  const { violations } = await new AxeBuilder({ page }).analyze();
  const summary = violations.map((violation) => ({
    rule: violation.id,
    impact: violation.impact,
    help: violation.help,
    targets: violation.nodes.map((node) => node.target.join(' ')),
  }));
  expect(summary, `axe violations on ${page.url()} at ${page.viewportSize()?.width} px`).toEqual(
    [],
  );
}

/** The desktop and the phone sizes every page is checked at. */
export const checkedSizes = [
  { width: 1280, height: 900 },
  { width: 375, height: 900 },
];

/** The same checks at each size, leaving the page at the first. */
export async function expectNoAxeViolationsAtSizes(
  page: Page,
  sizes: ReadonlyArray<{ width: number; height: number }> = checkedSizes,
) {
  for (const size of sizes) {
    await page.setViewportSize(size);
    await expectNoAxeViolations(page);
  }
  await page.setViewportSize(sizes[0]!);
}
