// Reads the development mailbox page the way a person would: the newest mail to an address,
// and the links in it.
import type { Page } from '@playwright/test';
import { expect } from '@playwright/test';

export async function findLinkInMail(page: Page, to: string, linkPart: string): Promise<string> {
  let link: string | undefined;
  await expect(async () => {
    await page.goto('/dev/mailbox');
    const mail = page
      .locator('article')
      .filter({ has: page.locator('.to', { hasText: to }) })
      .first();
    const links = await mail
      .getByRole('link')
      .evaluateAll((anchors) => anchors.map((anchor) => (anchor as HTMLAnchorElement).href));
    link = links.find((href) => href.includes(linkPart));
    expect(link).toBeDefined();
  }).toPass({ timeout: 15_000 });
  return link!;
}

export const demoPassword = 'Demo#2026';
export const uniqueEmail = (name: string) =>
  `${name}.${Date.now()}.${Math.random().toString(36).slice(2, 7)}@example.org`;

/** Waits until the development mailbox holds a mail to an address with the given subject. */
export async function expectMail(page: Page, to: string, subject: string | RegExp) {
  await expect(async () => {
    await page.goto('/dev/mailbox');
    const mails = page
      .locator('article')
      .filter({ has: page.locator('.to', { hasText: to }) })
      .filter({ has: page.getByRole('heading', { name: subject }) });
    await expect(mails.first()).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
}
