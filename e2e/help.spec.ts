// The help pages: four sections on one page, each path scrolling to its own section,
// open to guests and signed-in users alike.
import type { Page } from '@playwright/test';
import { expect, test } from './support/test.ts';
import { demoSignIn, signIn, waitForPageSettled } from './support/accounts.ts';

const sections = [
  { path: '/help', heading: 'Why Recuse' },
  { path: '/help/overview', heading: 'Overview' },
  { path: '/help/interface', heading: 'User Interface' },
  { path: '/help/faq', heading: 'FAQ' },
] as const;

const sectionHeading = (page: Page, name: string) =>
  page.getByRole('heading', { level: 2, name, exact: true });

for (const { path, heading } of sections) {
  test(`a guest opening ${path} sees the help scrolled to "${heading}"`, async ({ page }) => {
    await page.goto(path);
    await expect(page).toHaveURL(path);
    await expect(page.getByRole('heading', { level: 1, name: 'Help' })).toBeVisible();
    for (const section of sections) {
      await expect(sectionHeading(page, section.heading)).toBeAttached();
    }
    await expect(sectionHeading(page, heading)).toBeInViewport();
    if (path !== '/help') await expect(sectionHeading(page, 'Why Recuse')).not.toBeInViewport();
  });
}

test('the section links move between the help sections', async ({ page }) => {
  await page.goto('/help');
  const sectionNav = page.getByRole('navigation', { name: 'Help sections' });
  await waitForPageSettled(page);

  await sectionNav.getByRole('link', { name: 'FAQ' }).click();
  await expect(page).toHaveURL('/help/faq');
  await expect(sectionHeading(page, 'FAQ')).toBeInViewport();

  await page.getByRole('link', { name: 'User Interface' }).click();
  await expect(page).toHaveURL('/help/interface');
  await expect(sectionHeading(page, 'User Interface')).toBeInViewport();

  await page.getByRole('link', { name: 'Why Recuse' }).click();
  await expect(page).toHaveURL('/help');
  await expect(sectionHeading(page, 'Why Recuse')).toBeInViewport();
});

test('the help explains the conflict guideline and what a PC chair can do', async ({ page }) => {
  await page.goto('/help/overview');
  const overview = page.getByRole('region', { name: 'Overview' });
  await expect(overview).toContainText(
    'A typical guideline counts a co-author as a conflict for 4 years after the joint publication',
  );
  await expect(overview).toContainText(
    'The program-committee chair can see the log of a relation and validate or delete it.',
  );
  await expect(overview.getByRole('heading', { name: 'Confirmation' })).toBeVisible();

  const faq = page.getByRole('region', { name: 'FAQ' });
  await faq.getByRole('button', { name: 'How long does a relation make a conflict?' }).click();
  await expect(
    faq.getByText('A common guideline is 4 years after a joint publication'),
  ).toBeVisible();
});

test('a signed-in user reaches the help from the navigation', async ({ page }) => {
  await signIn(page, demoSignIn('grace'));
  await waitForPageSettled(page);
  await page
    .getByRole('navigation', { name: 'Main', exact: true })
    .getByRole('link', { name: 'Help' })
    .click();
  await expect(page).toHaveURL('/help');
  await expect(sectionHeading(page, 'Why Recuse')).toBeInViewport();
  await page.goto('/help/faq');
  await expect(sectionHeading(page, 'FAQ')).toBeInViewport();
  await expect(page.getByRole('button', { name: /^User menu for / })).toBeVisible();
});
