// What a researcher meets page by page, beyond the main journeys of the other specs: required
// fields marked, the skip link, a relation that is not there (or no longer), the word after
// Delete, who is offered Contact admin, a long unbroken title, a new confirmation mail, typed
// e-mails in the person picker, messages that say what is true, status badges on a phone, and a
// profile the server cannot read.
import { readFile } from 'node:fs/promises';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './support/test.ts';
import { messages, pendingRelationCount } from '@recuse/common';
import {
  createConfirmedAccount,
  demoAccounts,
  demoSignIn,
  fillSignInForm,
  newAccount,
  readStorage,
  sessionKeys,
  signedInBrowser,
  signIn,
  uniqueSurname,
  waitForPageSettled,
} from './support/accounts.ts';
import { uniqueEmail } from './support/mailbox.ts';
import { saveCoauthoredPaper, uniqueTitle } from './support/relations.ts';

const requiredNote = 'Fields marked with an asterisk (*) are required.';
const lastYear = new Date().getFullYear() - 1;

/** What is drawn after the label of a field: ' *' and its empty alternative, or nothing. */
function markAfterLabel(field: Locator): Promise<string> {
  return field.evaluate((element) => {
    const label = element.id ? document.querySelector(`label[for="${element.id}"]`) : null;
    if (!label) throw new Error(`no label for ${element.outerHTML}`);
    return getComputedStyle(label, '::after').content;
  });
}
const isMarked = (content: string) => content.includes('*');

test('required fields carry an asterisk that is not part of their names, and the form says what it means', async ({
  page,
}) => {
  await page.goto('/registration');
  await expect(page.getByText(requiredNote)).toBeVisible();
  // Found by their exact names: the mark is drawn, not written into the label.
  for (const name of ['First name', 'Last name', 'Email']) {
    const field = page.getByRole('textbox', { name, exact: true });
    await expect(field).toHaveAttribute('required', '');
    expect(isMarked(await markAfterLabel(field)), name).toBe(true);
  }

  await page.goto('/sign-in');
  await expect(page.getByText(requiredNote)).toBeVisible();
  expect(isMarked(await markAfterLabel(page.getByLabel('Email')))).toBe(true);

  await signIn(page, demoSignIn('ada'));
  await page.goto('/relations/add');
  await expect(page.getByText(requiredNote)).toBeVisible();
  expect(
    isMarked(await markAfterLabel(page.getByRole('combobox', { name: 'Relation type' }))),
  ).toBe(true);
  await page.getByRole('combobox', { name: 'Relation type' }).click();
  await page.getByRole('option', { name: 'Ph.D. advisor/advisee', exact: true }).click();
  expect(
    isMarked(
      await markAfterLabel(page.getByRole('combobox', { name: 'Person name', exact: true })),
    ),
  ).toBe(true);
  // Optional fields have no mark.
  expect(isMarked(await markAfterLabel(page.getByRole('textbox', { name: 'Source' })))).toBe(false);
  expect(isMarked(await markAfterLabel(page.getByRole('textbox', { name: 'Notes' })))).toBe(false);
});

test('the first Tab reaches "Skip to content", which moves the focus past the header', async ({
  page,
}) => {
  await page.goto('/sign-in');
  await waitForPageSettled(page);
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to content' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press('Enter');
  await expect(page.locator('#main-content')).toBeFocused();
  // The next Tab goes into the page, not back to the header's links.
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Email')).toBeFocused();
});

test('a relation that is not there says so at once, asking the server only once', async ({
  page,
}) => {
  await signIn(page, demoSignIn('ada'));
  for (const id of ['987654321', 'not-a-number']) {
    let asked = 0;
    const count = (request: { url: () => string }) => {
      if (request.url().includes(`/v1/web/relation/data/view/${id}`)) asked += 1;
    };
    page.on('request', count);
    await page.goto(`/relations/view/${id}`);
    // At once: the message is there after the one request, with no retry before it (three
    // retries took 1.8 s), whatever the machine's speed.
    await expect(
      page.getByRole('alert').filter({ hasText: messages.relationNotFound }),
    ).toBeVisible();
    expect(asked, id).toBeLessThanOrEqual(1);
    await expect(page.getByText(messages.couldNotFetch)).toBeHidden();
    // Nor is the question asked again later.
    await page.waitForTimeout(2_000);
    expect(asked, id).toBeLessThanOrEqual(1);
    page.off('request', count);
  }
});

test('after Delete the list says the relation was deleted, once; its creator has no "Request a change"', async ({
  page,
}) => {
  const creator = await createConfirmedAccount(page, 'Delia', uniqueSurname());
  await signIn(page, creator);
  const title = uniqueTitle('Short-lived paper');
  const id = await saveCoauthoredPaper(page, {
    title,
    year: lastYear,
    coauthors: [{ coauthor_name: uniqueEmail('coauthor') }],
  });
  await page.goto(`/relations/view/${id}`);
  await expect(page.getByRole('heading', { name: /^Relation - / })).toBeVisible();
  await waitForPageSettled(page);
  // The creator edits the relation; asking themselves for a change would make no sense.
  await expect(page.getByRole('button', { name: 'Request a change' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Yes, delete' }).click();

  await expect(page).toHaveURL('/relations');
  await expect(
    page.getByRole('status').filter({ hasText: messages.relationDeleted }),
  ).toBeVisible();
  await expect(page.getByText(title)).toHaveCount(0);
  await page.reload();
  await expect(page.getByText(pendingRelationCount(0).replace(' pending', ''))).toBeVisible();
  await expect(page.getByText(messages.relationDeleted)).toBeHidden();

  // Its page now says it is not there, at once (a deleted relation is a 404, never retried).
  await page.goto(`/relations/view/${id}`);
  await expect(page.getByRole('alert').filter({ hasText: messages.relationNotFound })).toBeVisible({
    timeout: 1_500,
  });
  await expect(page.getByText(title)).toHaveCount(0);
});

test('a party may contact the administrators about a relation; an administrator is not offered it', async ({
  browser,
  page,
}) => {
  // Demo relation 1: Ada's paper, on which Grace is named.
  const contactAdmin = (viewer: Page) => viewer.getByRole('button', { name: 'Contact admin' });
  await signIn(page, demoSignIn('grace'));
  await page.goto('/relations/view/1');
  await expect(page.getByRole('heading', { name: /^Relation - / })).toBeVisible();
  await waitForPageSettled(page);
  await expect(contactAdmin(page)).toBeVisible();

  const { context, page: administrator } = await signedInBrowser(
    browser,
    demoSignIn('administrator'),
  );
  await administrator.goto('/relations/view/1');
  await expect(administrator.getByRole('heading', { name: /^Relation - / })).toBeVisible();
  await waitForPageSettled(administrator);
  await expect(administrator.getByText('Notes on the Analytical Engine')).toBeVisible();
  await expect(contactAdmin(administrator)).toHaveCount(0);
  await context.close();
});

test('a long unbroken title breaks: the year, status and View stay in reach at 1280 and 375 px', async ({
  page,
}) => {
  const author = await createConfirmedAccount(page, 'Lang', uniqueSurname());
  await signIn(page, author);
  const title = `Supercalifragilistic${'expialidocious'.repeat(14)}${Date.now().toString(36)}`;
  await saveCoauthoredPaper(page, {
    title,
    year: lastYear,
    coauthors: [{ coauthor_name: uniqueEmail('wrap') }],
  });
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 800 });
    await page.goto('/relations');
    await page.getByRole('button', { name: /Co-authored publication/ }).click();
    const row = page.getByRole('row').filter({ hasText: title.slice(0, 30) });
    const table = page.getByRole('table').filter({ has: row });
    const view = row.getByRole('link', { name: /^View / });
    await expect(view).toBeVisible();
    // The title breaks instead of widening the table: it fits the page, or on a phone keeps
    // the 600 px it scrolls sideways within (docs/product.md, Relations list); the page itself
    // never scrolls sideways.
    const tableWidth = await table.evaluate((element) => element.scrollWidth);
    expect(tableWidth, `${width} px`).toBeLessThanOrEqual(Math.max(width, 640));
    const pageWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(pageWidth, `${width} px`).toBeLessThanOrEqual(width);
    for (const part of [view, row.getByText(String(lastYear)), row.getByText('Pending')]) {
      await part.scrollIntoViewIfNeeded();
      const box = await part.boundingBox();
      expect(box, `${width} px`).not.toBeNull();
      expect(box!.x, `${width} px`).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width, `${width} px`).toBeLessThanOrEqual(width);
    }
  }
});

/** The mails in the development mailbox to an address with a confirmation link. */
async function confirmationMailsTo(page: Page, email: string): Promise<number> {
  await page.goto('/dev/mailbox');
  return page
    .locator('article')
    .filter({ has: page.locator('.to', { hasText: email }) })
    .filter({ has: page.locator('a[href*="/confirm-email/"]') })
    .count();
}

test('an unconfirmed account asks for the confirmation again from sign-in and from sign-up', async ({
  page,
}) => {
  // Sign-up through the form: the thank-you offers a new mail at once.
  const account = newAccount('Conny', uniqueSurname());
  await page.goto('/registration');
  await page.getByRole('textbox', { name: 'First name', exact: true }).fill(account.firstName);
  await page.getByRole('textbox', { name: 'Last name', exact: true }).fill(account.lastName);
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(account.email);
  await page.getByRole('checkbox', { name: /I do not have a DBLP URL/ }).check();
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByLabel('Confirm password', { exact: true }).fill(account.password);
  await page.getByRole('checkbox', { name: /I agree to become a member/ }).check();
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('heading', { name: 'Thank you!' })).toBeVisible();
  await page.getByRole('button', { name: 'Send the confirmation again' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: messages.confirmationResent }),
  ).toBeVisible();
  await expect.poll(() => confirmationMailsTo(page, account.email)).toBe(2);

  // Sign-in refuses the unconfirmed address and offers the same.
  await page.goto('/sign-in');
  await fillSignInForm(page, account.email, account.password);
  await expect(page.getByText(messages.accountNotConfirmed)).toBeVisible();
  await page.getByRole('button', { name: 'Send the confirmation again' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: messages.confirmationResent }),
  ).toBeVisible();
  await expect.poll(() => confirmationMailsTo(page, account.email)).toBe(3);
});

test('a typed e-mail offers its owner alone, and one’s own address is never offered', async ({
  page,
}) => {
  const colleague = await createConfirmedAccount(page, 'Typed', uniqueSurname());
  await signIn(page, demoSignIn('ada'));
  await page.goto('/relations/add');
  await page.getByRole('combobox', { name: 'Relation type' }).click();
  await page.getByRole('option', { name: 'Ph.D. advisor/advisee', exact: true }).click();
  const picker = page.getByRole('combobox', { name: 'Person name', exact: true });
  const colleagueName = `${colleague.firstName} ${colleague.lastName}`;

  await picker.fill(colleague.email);
  await expect(page.getByRole('option', { name: colleagueName })).toBeVisible();
  await expect(page.getByRole('option', { name: /^Create email/ })).toHaveCount(0);

  // The start of an address finds its owner too.
  await picker.fill(colleague.email.split('@')[0]!);
  await expect(page.getByRole('option', { name: colleagueName })).toBeVisible();

  await picker.fill(demoAccounts.ada.email);
  await expect(page.getByText(messages.ownEmailTyped)).toBeVisible();
  await expect(page.getByRole('option')).toHaveCount(0);
});

test('award forms name co-awardees; the pending page counts pending relations', async ({
  page,
}) => {
  await signIn(page, demoSignIn('ada'));
  await page.goto('/relations/add');
  await page.getByRole('combobox', { name: 'Relation type' }).click();
  await page.getByRole('option', { name: 'Joint award', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Add co-awardee' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add co-author' })).toHaveCount(0);

  await page.goto('/relations/pending');
  await expect(
    page.getByText(/^You have \d+ pending relation\(s\) with other users$/),
  ).toBeVisible();
});

test('at 375 px the status badges of the relation tables show their whole word', async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await signIn(page, demoSignIn('ada'));
  await page.goto('/relations/pending');
  await waitForPageSettled(page);
  const badges = page.getByRole('table').locator('.mantine-Badge-root');
  await expect(badges.first()).toBeVisible();
  const shapes = await badges.evaluateAll((elements) =>
    elements.map((badge) => {
      const label = badge.querySelector('.mantine-Badge-label') ?? badge;
      return {
        text: label.textContent ?? '',
        cut: label.scrollWidth > label.clientWidth + 1,
      };
    }),
  );
  expect(shapes.length).toBeGreaterThan(0);
  for (const shape of shapes) {
    expect(['Pending', 'Accepted', 'Disputed', 'Deleted', 'Inactive']).toContain(shape.text);
    expect(shape.cut, shape.text).toBe(false);
  }
});

test('a profile the server cannot read ends the session: storage cleared, the warning shown', async ({
  page,
}) => {
  const account = await createConfirmedAccount(page, 'Failing', uniqueSurname());
  await signIn(page, account);
  await page.route('**/v1/web/user/profile', (route) =>
    route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"x"}' }),
  );
  await page.reload();
  await expect(page.getByRole('alert').filter({ hasText: messages.sessionBanner })).toBeVisible();
  await expect(page).toHaveURL('/sign-in');
  for (const key of Object.values(sessionKeys)) expect(await readStorage(page, key)).toBeNull();
});

test('the list is searched by title or person, filtered by type and status, sorted, and downloaded as CSV and JSON', async ({
  page,
}) => {
  const owner = await createConfirmedAccount(page, 'Lister', uniqueSurname());
  const colleague = await createConfirmedAccount(page, 'Colleague', uniqueSurname());
  await signIn(page, owner);
  const older = uniqueTitle('Older engines');
  const newer = uniqueTitle('Newer looms');
  await saveCoauthoredPaper(page, {
    title: older,
    year: lastYear - 5,
    coauthors: [{ coauthor_name: colleague.email }],
  });
  await saveCoauthoredPaper(page, {
    title: newer,
    year: lastYear,
    coauthors: [{ coauthor_name: uniqueEmail('invited') }],
  });
  await page.goto('/relations');
  await waitForPageSettled(page);
  const search = page.getByRole('searchbox', { name: 'Search by person or title' });
  const titles = page.getByRole('table').getByRole('row').locator('td:first-child');

  // By title: the section opens on its own with the one match.
  await search.fill(newer.split(' ').slice(0, 2).join(' ').toUpperCase());
  await expect(page.getByRole('status').filter({ hasText: '1 relation matches.' })).toBeVisible();
  await expect(titles).toHaveText([newer]);
  // By person: the colleague's name finds the paper they are on.
  await search.fill(colleague.lastName);
  await expect(titles).toHaveText([older]);
  await search.fill('');
  await expect(page.getByRole('status').filter({ hasText: /match/ })).toHaveCount(0);

  // Filters and sort.
  await page.getByRole('combobox', { name: 'Type', exact: true }).click();
  await page.getByRole('option', { name: 'Co-authored publication', exact: true }).click();
  await expect(titles).toHaveText([newer, older]);
  await page.getByRole('combobox', { name: 'Sort by' }).click();
  await page.getByRole('option', { name: 'Oldest first' }).click();
  await expect(titles).toHaveText([older, newer]);
  await page.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: 'Accepted', exact: true }).click();
  await expect(page.getByText('No relations to show.')).toBeVisible();
  await page.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: 'Pending', exact: true }).click();
  await expect(titles).toHaveText([older, newer]);

  // The downloads hold what is shown.
  const csvDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download the relations shown as CSV' }).click();
  const csv = await (await csvDownload).path().then((file) => readFile(file, 'utf8'));
  const lines = csv.trimEnd().split('\r\n');
  expect(lines[0]).toBe('type,title,people,institution,start,end,status,link');
  expect(lines).toHaveLength(3);
  expect(csv).toContain(
    `Co-authored publication,${older},${colleague.firstName} ${colleague.lastName},,,${lastYear - 5},Pending,`,
  );
  const jsonDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download the relations shown as JSON' }).click();
  const json = JSON.parse(
    await (await jsonDownload).path().then((file) => readFile(file, 'utf8')),
  ) as { title: string; link: string }[];
  expect(json.map((row) => row.title).sort()).toEqual([newer, older].sort());
  expect(json[0]!.link).toMatch(/\/relations\/view\/\d+$/);
});

test('the navigation counts unread notifications, and Mark all read clears them', async ({
  page,
  browser,
}) => {
  const reader = await createConfirmedAccount(page, 'Reader', uniqueSurname());
  const creator = await createConfirmedAccount(page, 'Writer', uniqueSurname());
  await signIn(page, creator);
  for (const words of ['First shared paper', 'Second shared paper']) {
    await saveCoauthoredPaper(page, {
      title: uniqueTitle(words),
      year: lastYear,
      coauthors: [{ coauthor_name: reader.email }],
    });
  }
  const context = await browser.newContext();
  const readerPage = await context.newPage();
  await signIn(readerPage, reader);
  const home = readerPage.getByRole('navigation', { name: 'Main' }).getByRole('link', {
    name: /^Home/,
  });
  await expect(home).toHaveAccessibleName(/2 unread notifications/);
  await expect(home).toContainText('2');
  const notifications = readerPage.getByRole('region', { name: 'Notifications' });
  await expect(notifications.getByRole('listitem')).toHaveCount(2);

  await notifications.getByRole('button', { name: 'Mark all read' }).click();
  await expect(notifications.getByText(messages.noNotifications)).toBeVisible();
  await expect(home).toHaveAccessibleName('Home');
  await readerPage.reload();
  await expect(notifications.getByText(messages.noNotifications)).toBeVisible();
  await expect(home).toHaveAccessibleName('Home');
  await context.close();
});
