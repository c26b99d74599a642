// What a researcher with many relations, a committee to check or a private relation meets:
// the relations list a page at a time (search, filter and sort across pages), "My conflicts
// with this committee" on the conflicts page, and the add page's word on who sees a personal
// relation. Each page changed passes axe at 1280 and 375 px.
import type { Page } from '@playwright/test';
import { expect, test } from '@playwright/test';
import { committeeCheckMessages, messages } from '@recuse/common';
import { createConfirmedAccount, demoSignIn, signIn } from './support/accounts.ts';
import { uniqueEmail } from './support/mailbox.ts';
import { saveCoauthoredPaper } from './support/relations.ts';
import { expectNoAxeViolationsAtSizes } from './support/axe.ts';

const lastYear = new Date().getFullYear() - 1;

/** Records `count` papers with one invited co-author, several at a time. */
async function savePapers(page: Page, count: number, coauthorEmail: string, words: string) {
  const numbers = Array.from({ length: count }, (_, index) => index + 1);
  for (let start = 0; start < count; start += 10) {
    await Promise.all(
      numbers.slice(start, start + 10).map((number) =>
        saveCoauthoredPaper(page, {
          title: `${words} ${String(number).padStart(3, '0')}`,
          year: lastYear - (number % 10),
          coauthors: [{ coauthor_name: coauthorEmail }],
        }),
      ),
    );
  }
}

// More than a page of publications makes the author prolific for the pager: 50 rows a page.
const paperCount = 64;

test('a prolific author pages through their publications; search, filter and sort work across pages', async ({
  page,
}) => {
  test.setTimeout(300_000);
  const author = await createConfirmedAccount(page, 'Petra', 'Prolific');
  await signIn(page, author);
  const words = `Prolific Study ${Date.now().toString(36)}`;
  await savePapers(page, paperCount, uniqueEmail('prolific-coauthor'), words);

  await page.goto('/relations');
  await page.getByRole('button', { name: /Co-authored publication/ }).click();
  const pages = page.getByRole('navigation', { name: 'Co-authored publication: pages' });
  await expect(page.getByText(`Rows 1–50 of ${paperCount}`)).toBeVisible({ timeout: 30_000 });
  const table = page.getByRole('table').first();
  await expect(table.getByRole('row')).toHaveCount(51);
  await pages.getByRole('button', { name: 'Page 2' }).click();
  await expect(page.getByText(`Rows 51–${paperCount} of ${paperCount}`)).toBeVisible();
  await expect(table.getByRole('row')).toHaveCount(paperCount - 50 + 1);
  await expectNoAxeViolationsAtSizes(page);

  // Sorting reorders every row, and the pages follow: A to Z starts with 001.
  await page.getByRole('combobox', { name: 'Sort by' }).click();
  await page.getByRole('option', { name: 'Title or name (A to Z)' }).click();
  await pages.getByRole('button', { name: 'Page 1' }).click();
  await expect(table.getByRole('row').nth(1)).toContainText(`${words} 001`);
  await pages.getByRole('button', { name: 'Page 2' }).click();
  await expect(table.getByRole('row').last()).toContainText(`${words} 0${paperCount}`);

  // A search looks through every page, not only the one shown.
  const search = page.getByRole('searchbox', { name: 'Search by person or title' });
  await search.fill(`${words} 057`);
  await expect(page.getByText('1 relation matches.')).toBeVisible();
  await expect(page.getByRole('link', { name: `View ${words} 057` })).toBeVisible();
  await expect(pages).toHaveCount(0);
  // A filter that keeps everything keeps the pager.
  await search.fill(words);
  await expect(page.getByText(`${paperCount} relations match.`)).toBeVisible();
  await page.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: 'Pending' }).click();
  await expect(page.getByText(`Rows 1–50 of ${paperCount}`)).toBeVisible();
  await page.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: 'Accepted' }).click();
  await expect(page.getByText('0 relations match.')).toBeVisible();
});

test('"My conflicts with this committee" reads a pasted committee and says who conflicts and why', async ({
  page,
}) => {
  test.setTimeout(180_000);
  // Ada of the demo: Alan advised her (always a conflict); Grace co-authored with her in 2024;
  // Charles was only invited, so his address identifies nobody.
  await signIn(page, demoSignIn('ada'));
  await page.goto('/relations/conflicts');
  await expect(page.getByRole('heading', { name: 'My conflicts with this committee' })).toBeVisible(
    { timeout: 30_000 },
  );
  await page.getByRole('button', { name: 'Check the committee' }).click();
  await expect(page.getByText(committeeCheckMessages.empty)).toBeVisible();

  await page
    .getByRole('textbox', { name: 'Committee members' })
    .fill(
      [
        'Turing, Alan (University of Cambridge)',
        'Grace Hopper <GRACE@example.org>',
        'charles@example.org',
        'A. Turing',
      ].join('\n'),
    );
  await page.getByRole('button', { name: 'Check the committee' }).click();
  await expect(page.getByText(/^4 lines checked under Default: /)).toBeVisible();
  const rows = page.getByRole('table', { name: 'Committee check' }).locator(':scope > tbody > tr');
  await expect(rows.nth(0)).toContainText('You conflict with Alan Turing (found by name).');
  await expect(rows.nth(0)).toContainText('Ph.D. advisor or advisee (always)');
  await expect(rows.nth(1)).toContainText('Grace Hopper (found by e-mail address)');
  await expect(rows.nth(1)).toContainText('Co-authored publication within 4 years');
  await expect(rows.nth(2)).toContainText('Not found');
  await expect(rows.nth(3)).toContainText('initials are not guessed');
  await expectNoAxeViolationsAtSizes(page);

  // Unticking a rule hides the answer until the check is run again.
  await page.getByRole('checkbox', { name: 'Co-authored publication within 4 years' }).uncheck();
  await expect(page.getByRole('table', { name: 'Committee check' })).toHaveCount(0);
});

test('the add page says who sees a personal relation once that type is chosen', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await signIn(page, demoSignIn('ada'));
  await page.goto('/relations/add');
  await page.getByRole('combobox', { name: 'Relation type' }).click();
  await page.getByRole('option', { name: 'Personal relationship', exact: true }).click();
  await expect(page.getByText(messages.personalRelationPrivacy)).toBeVisible();
  await expectNoAxeViolationsAtSizes(page);
  await page.getByRole('combobox', { name: 'Relation type' }).click();
  await page.getByRole('option', { name: 'Ph.D. advisor/advisee', exact: true }).click();
  await expect(page.getByText(messages.personalRelationPrivacy)).toHaveCount(0);
});
