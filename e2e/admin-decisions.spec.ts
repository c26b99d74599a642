// Relation decisions and accounts, used as a chair and an administrator would
// (docs/product.md, "Relation decisions" and "Accounts"): a chair validates one relation of a
// committee member and deletes another with a reason, and the relation's creator sees the
// outcome; a chair named on a relation is told they cannot decide; an administrator deletes an
// account and its co-author's relation list then reads '(Deleted user)'; every new page passes
// axe at desktop and phone widths.
import type { Page } from '@playwright/test';
import { expect, test } from './support/test.ts';
import { messages, relationDecisionMessages, userAdminMessages } from '@recuse/common';
import {
  createConfirmedAccount,
  demoAccounts,
  demoSignIn,
  signedInBrowser,
  signIn,
  uniqueSurname,
  waitForPageSettled,
} from './support/accounts.ts';
import { notificationAbout, saveCoauthoredPaper, uniqueTitle } from './support/relations.ts';
import { expectNoAxeViolations } from './support/axe.ts';

const administrator = demoSignIn('administrator');
/** Chairs Demo Conference 2027, whose committee includes Ada, Alan and Grace. */
const chair = demoSignIn('chair');

const decision = (page: Page) => page.getByRole('region', { name: 'Decision' });

test('a chair validates one relation of a committee member and deletes another with a reason; its creator sees both outcomes', async ({
  browser,
  page,
}) => {
  test.setTimeout(180_000);
  const creator = await createConfirmedAccount(page, 'Decided', uniqueSurname());
  await signIn(page, creator);
  const year = new Date().getFullYear() - 1;
  const validatedTitle = uniqueTitle('A paper the chair validates');
  const deletedTitle = uniqueTitle('A paper the chair deletes');
  const coauthors = [{ coauthor_name: demoAccounts.alan.email }];
  const validatedId = await saveCoauthoredPaper(page, { title: validatedTitle, year, coauthors });
  const deletedId = await saveCoauthoredPaper(page, { title: deletedTitle, year, coauthors });

  const frances = await signedInBrowser(browser, chair);
  const nav = frances.page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'Administration' })).toHaveCount(0);
  await nav.getByRole('link', { name: 'Relation decisions' }).first().click();
  await expect(
    frances.page.getByRole('heading', { level: 1, name: 'Relation decisions' }),
  ).toBeVisible();
  await frances.page.getByRole('textbox', { name: 'Find relations' }).fill(String(validatedId));
  const found = frances.page.getByRole('table', { name: 'Relations found' });
  await expect(found).toContainText(validatedTitle);
  await expect(found).toContainText(`${creator.firstName} ${creator.lastName} (creator)`);
  await found.getByRole('link', { name: `Open the log of relation ${validatedId}` }).click();

  const heading = frances.page.getByRole('heading', { level: 1 });
  await expect(heading).toContainText(`Relation ${validatedId}`);
  await expect(heading).toContainText('Pending');
  const history = frances.page.getByRole('region', { name: /^History/ });
  await expect(history.getByRole('article').first()).toContainText(
    `Created, by ${creator.firstName} ${creator.lastName}`,
  );
  await decision(frances.page).getByRole('button', { name: 'Validate…' }).click();
  const validateDialog = frances.page.getByRole('dialog', { name: 'Validate this relation' });
  await validateDialog
    .getByRole('textbox', { name: 'Comment (optional)' })
    .fill('Checked against DBLP.');
  await validateDialog.getByRole('button', { name: 'Validate' }).click();
  await expect(frances.page.getByRole('status').filter({ hasText: 'is validated' })).toHaveText(
    `Relation ${validatedId} is validated. Everyone on it is told.`,
  );
  await expect(heading).toContainText('Accepted');
  const validation = history
    .getByRole('article')
    .filter({ hasText: 'Validated by a decision, by Frances Allen' });
  await expect(validation).toBeVisible();
  await expect(validation.getByRole('row').filter({ hasText: 'Reason' })).toContainText(
    'Checked against DBLP.',
  );

  // The other one is deleted; the reason is asked for before anything is sent.
  await frances.page.goto(`/admin/relations/${deletedId}`);
  await decision(frances.page).getByRole('button', { name: 'Delete…' }).click();
  const deleteDialog = frances.page.getByRole('dialog', { name: 'Delete this relation' });
  await deleteDialog.getByRole('button', { name: 'Delete' }).click();
  await expect(deleteDialog.getByRole('alert')).toContainText(
    relationDecisionMessages.reasonRequired,
  );
  const reason = 'Alan never wrote this paper: a homonym in DBLP.';
  await deleteDialog.getByRole('textbox', { name: /Reason for the deletion/ }).fill(reason);
  await deleteDialog.getByRole('button', { name: 'Delete' }).click();
  await expect(frances.page.getByRole('status').filter({ hasText: 'is deleted' })).toHaveText(
    `Relation ${deletedId} is deleted. Everyone on it is told, with your reason.`,
  );
  await expect(frances.page.getByRole('heading', { level: 1 })).toContainText('Deleted');
  // Nothing is left to decide: the page says why instead of offering the buttons.
  await expect(decision(frances.page)).toContainText(relationDecisionMessages.alreadyDeleted);
  await expect(decision(frances.page).getByRole('button')).toHaveCount(0);
  await expectNoAxeViolations(frances.page, { waitForLoaders: true });
  await frances.context.close();

  // The creator is told of both, and sees the validated relation accepted.
  await page.goto('/');
  await expect(
    notificationAbout(
      page,
      'Frances Allen reviewed the relation and validated it.',
      validatedTitle,
    ),
  ).toBeVisible();
  const deletedNotice = notificationAbout(
    page,
    'Frances Allen reviewed the relation and deleted it.',
    deletedTitle,
  );
  await expect(deletedNotice).toBeVisible();
  await expect(deletedNotice).toContainText(reason);
  await page.goto(`/relations/view/${validatedId}`);
  await expect(page.getByRole('heading', { name: /^Relation - / })).toContainText('Accepted');
});

test('a chair named on a relation is told another chair or an administrator decides on it', async ({
  page,
}) => {
  await signIn(page, chair);
  const title = uniqueTitle('A paper of the chair with Alan');
  const id = await saveCoauthoredPaper(page, {
    title,
    year: new Date().getFullYear() - 1,
    coauthors: [{ coauthor_name: demoAccounts.alan.email }],
  });
  // From the relation's own page, a chair reaches its log.
  await page.goto(`/relations/view/${id}`);
  await page.getByRole('link', { name: 'Log and decisions' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText(`Relation ${id}`);
  await expect(decision(page)).toContainText(relationDecisionMessages.namedOnIt);
  await expect(decision(page).getByRole('button')).toHaveCount(0);
});

test("an administrator deletes an account; its co-author's relations read '(Deleted user)'", async ({
  browser,
  page,
}) => {
  test.setTimeout(150_000);
  const stays = await createConfirmedAccount(page, 'Stays', uniqueSurname());
  const leaves = await createConfirmedAccount(page, 'Leaves', uniqueSurname());
  await signIn(page, stays);
  const title = uniqueTitle('A paper whose co-author leaves');
  await saveCoauthoredPaper(page, {
    title,
    year: new Date().getFullYear() - 1,
    coauthors: [{ coauthor_name: leaves.email }],
  });

  const admin = await signedInBrowser(browser, administrator);
  await admin.page.getByRole('link', { name: 'Administration' }).first().click();
  await admin.page.getByRole('link', { name: 'Accounts' }).click();
  // /admin has a "Find an account" box too (the roles panel): wait for the accounts page.
  await expect(admin.page.getByRole('heading', { level: 1, name: 'Accounts' })).toBeVisible();
  await admin.page.getByRole('textbox', { name: 'Find an account' }).fill(leaves.email);
  const leavesName = `${leaves.firstName} ${leaves.lastName}`;
  await admin.page
    .getByRole('table', { name: 'Accounts found' })
    .getByRole('link', { name: leavesName })
    .click();
  await expect(admin.page.getByRole('heading', { level: 1 })).toHaveText(`Account - ${leavesName}`);
  await expect(admin.page.getByRole('region', { name: 'Profile' })).toContainText(
    `${leaves.email} (confirmed)`,
  );
  await expect(admin.page.getByRole('region', { name: 'Sign-in' })).toContainText('Locked');
  await expect(admin.page.getByRole('table', { name: `Relations of ${leavesName}` })).toContainText(
    title,
  );
  await expectNoAxeViolations(admin.page, { waitForLoaders: true });

  await admin.page.getByRole('button', { name: 'Delete account…' }).click();
  const dialog = admin.page.getByRole('dialog', { name: `Delete the account of ${leavesName}` });
  await dialog.getByRole('button', { name: 'Delete the account' }).click();
  await expect(dialog.getByRole('alert')).toContainText(userAdminMessages.reasonRequired);
  await dialog
    .getByRole('textbox', { name: /Reason for deleting this account/ })
    .fill('Asked to be removed.');
  await dialog.getByRole('button', { name: 'Delete the account' }).click();
  await expect(admin.page.getByRole('status').filter({ hasText: 'is deleted' })).toHaveText(
    `The account of ${leavesName} is deleted.`,
  );
  await expect(admin.page).toHaveURL('/admin/users');
  await admin.context.close();

  await page.goto('/relations');
  await waitForPageSettled(page);
  // The list groups relations by type, each group folded until opened.
  await page.getByRole('button', { name: /Co-authored publication/ }).click();
  await expect(page.getByRole('row').filter({ hasText: title })).toContainText(
    messages.deletedUser,
  );
});

for (const width of [1280, 375]) {
  test(`the relation decision and account pages pass axe at ${width} px`, async ({
    browser,
    page,
  }) => {
    test.setTimeout(240_000);
    await page.setViewportSize({ width, height: 900 });
    await signIn(page, administrator);
    await page.goto('/admin/relations');
    await expect(page.getByRole('heading', { level: 1, name: 'Relation decisions' })).toBeVisible();
    const newest = page.getByRole('table', { name: 'Newest relations' });
    await expect(newest).toBeVisible();
    await expectNoAxeViolations(page, { waitForLoaders: true });
    await newest
      .getByRole('link', { name: /^Open the log of relation / })
      .first()
      .click();
    await expect(page.getByRole('region', { name: /^History/ })).toBeVisible();
    await expectNoAxeViolations(page, { waitForLoaders: true });

    await page.goto('/admin/users');
    await expect(page.getByRole('heading', { level: 1, name: 'Accounts' })).toBeVisible();
    await page.getByRole('textbox', { name: 'Find an account' }).fill(demoAccounts.grace.email);
    const accounts = page.getByRole('table', { name: 'Accounts found' });
    await expect(accounts.getByRole('link', { name: 'Grace Hopper' })).toBeVisible();
    await expectNoAxeViolations(page, { waitForLoaders: true });
    await accounts.getByRole('link', { name: 'Grace Hopper' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Account - Grace Hopper');
    await expectNoAxeViolations(page, { waitForLoaders: true });

    // The chair's view of the list.
    const context = await browser.newContext({ viewport: { width, height: 900 } });
    const chairPage = await context.newPage();
    await signIn(chairPage, chair);
    await chairPage.goto('/admin/relations');
    // A chair's list is drawn from every relation of their committees: slower on a busy machine.
    await expect(chairPage.getByRole('table', { name: 'Newest relations' })).toBeVisible({
      timeout: 60_000,
    });
    await expectNoAxeViolations(chairPage, { waitForLoaders: true });
    await context.close();
  });
}
