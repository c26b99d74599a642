// What a researcher with many relations, a committee to check or a private relation meets:
// the relations list of an author of 3,000 imported papers a page at a time (search, filter
// and sort across pages), "My conflicts with this committee" on the conflicts page, and the
// add page's word on who sees a personal relation. Each page changed passes axe at 1280 and
// 375 px.
import { expect, test } from './support/test.ts';
import {
  committeeCheckMessages,
  messages,
  pendingRelationCount,
  relationCount,
} from '@recuse/common';
import { demoSignIn, signIn } from './support/accounts.ts';
import { expectNoAxeViolationsAtSizes } from './support/axe.ts';

// prolific@example.org, seeded with the browser tests' server (e2e/playwright.config.ts,
// server/src/demo/prolific-author.ts): 3,000 papers imported from DBLP, validated ('On
// Benchmarking Conflict Lists, Part 1' to 'Part 3000', 1990 to 2025), and 25 papers others
// entered that wait for the author's answer ('Awaiting Your Answer, Draft 1' to 'Draft 25').
const prolific = {
  email: 'prolific@example.org',
  firstName: 'Prolific',
  password: 'Bench#Pass2026',
} as const;
const imported = 3000;
const waiting = 25;
const total = imported + waiting;
const paperTitle = (part: number) => `On Benchmarking Conflict Lists, Part ${part}`;

test('an author of 3,000 imported papers pages through them; sort, search and filters reach every page', async ({
  page,
}) => {
  test.setTimeout(300_000);
  await signIn(page, prolific);
  await page.goto('/relations');
  await expect(page.getByText(relationCount(total))).toBeVisible({ timeout: 60_000 });
  await page.getByRole('button', { name: /Co-authored publication/ }).click();
  const pages = page.getByRole('navigation', { name: 'Co-authored publication: pages' });
  const table = page.getByRole('table').first();
  const rows = table.getByRole('row');
  await expect(pages.getByText(`Rows 1–50 of ${total}`)).toBeVisible();
  await expect(rows).toHaveCount(51);
  // Newest first: the first page holds papers of 2025, the last page those of 1990.
  await expect(rows.nth(1)).toContainText('2025');
  await pages.getByRole('button', { name: 'Page 61' }).click();
  await expect(pages.getByText(`Rows 3001–${total} of ${total}`)).toBeVisible();
  await expect(rows).toHaveCount(total - 3000 + 1);
  await expect(rows.last()).toContainText('1990');
  await pages.getByRole('button', { name: 'Page 60' }).click();
  await expect(pages.getByText(`Rows 2951–3000 of ${total}`)).toBeVisible();
  await expectNoAxeViolationsAtSizes(page);

  // Sorting orders all 3,025 rows, and the pages follow: A to Z puts the drafts first (numbers
  // in their order) and Part 3000 last.
  await page.getByRole('combobox', { name: 'Sort by' }).click();
  await page.getByRole('option', { name: 'Title or name (A to Z)' }).click();
  await pages.getByRole('button', { name: 'Page 1', exact: true }).click();
  await expect(rows.nth(1)).toContainText('Awaiting Your Answer, Draft 1');
  await expect(rows.nth(waiting)).toContainText(`Awaiting Your Answer, Draft ${waiting}`);
  await expect(rows.nth(waiting + 1)).toContainText(paperTitle(1));
  await pages.getByRole('button', { name: 'Page 61' }).click();
  await expect(rows.last()).toContainText(paperTitle(3000));
  await expect(rows.nth(1)).toContainText(paperTitle(2976));

  // A search looks through every page: the 2,999th paper, 60 pages from the first.
  const search = page.getByRole('searchbox', { name: 'Search by person or title' });
  await search.fill('Part 2999');
  await expect(page.getByText('1 relation matches.')).toBeVisible();
  await expect(page.getByRole('link', { name: `View ${paperTitle(2999)}` })).toBeVisible();
  await expect(pages).toHaveCount(0);

  // Filters: what waits for an answer fits one page; the accepted papers keep the pager.
  await search.fill('');
  await page.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: 'Pending' }).click();
  await expect(page.getByText(`${waiting} relations match.`)).toBeVisible();
  await expect(rows).toHaveCount(waiting + 1);
  await expect(pages).toHaveCount(0);
  await page.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: 'Accepted' }).click();
  await expect(page.getByText(`${imported} relations match.`)).toBeVisible();
  await expect(pages.getByText(`Rows 1–50 of ${imported}`)).toBeVisible();
  await expect(rows.nth(1)).toContainText(paperTitle(1));
  await page.getByRole('combobox', { name: 'Type' }).click();
  await page.getByRole('option', { name: 'Co-authored publication', exact: true }).click();
  await expect(page.getByText(`${imported} relations match.`)).toBeVisible();

  // The pending page lists only what waits for the author.
  await page.goto('/relations/pending');
  await expect(page.getByText(pendingRelationCount(waiting))).toBeVisible({ timeout: 60_000 });
  await expect(page.getByRole('table').first().getByRole('row')).toHaveCount(waiting + 1);
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
