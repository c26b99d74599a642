// Relations between people, each in their own browser: a co-authored paper accepted,
// rejected, edited and accepted again; a colleague without an account invited by mail; a
// pending application that waits for its institution's approval; and what strangers and
// named people may not do.
import type { Browser, Locator, Page } from '@playwright/test';
import { expect, test } from './support/test.ts';
import { messages } from '@recuse/common';
import type { Account } from './support/accounts.ts';
import {
  createConfirmedAccount,
  demoSignIn,
  fillSignInForm,
  signIn,
  uniqueSurname,
  waitForPageSettled,
} from './support/accounts.ts';
import { expectMail, findLinkInMail, uniqueEmail } from './support/mailbox.ts';
import {
  applicationValidated,
  bearerOf,
  coauthorRow,
  notificationAbout,
  saveCoauthoredPaper,
  uniqueTitle,
} from './support/relations.ts';

const thisYear = new Date().getFullYear();
const lastYear = thisYear - 1;
const fullName = (account: Account) => `${account.firstName} ${account.lastName}`;

/** A new confirmed person, signed in, in a browser context of their own. */
async function personInOwnBrowser(browser: Browser, name: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const account = await createConfirmedAccount(page, name, uniqueSurname());
  await signIn(page, account);
  return { context, page, account };
}

async function openRelation(page: Page, id: number) {
  await page.goto(`/relations/view/${id}`);
  await expect(page.getByRole('heading', { name: /^Relation - / })).toBeVisible();
  await waitForPageSettled(page);
}

/** Chooses a relation type in the form's type select. */
async function chooseType(page: Page, typeName: string) {
  await page.getByRole('combobox', { name: 'Relation type' }).click();
  await page.getByRole('option', { name: typeName, exact: true }).click();
}

/** Types into a person picker and picks the option with that name (found by the server). */
async function pickPerson(page: Page, picker: string, name: string) {
  await page.getByRole('combobox', { name: picker, exact: true }).fill(name);
  await page.getByRole('option', { name, exact: true }).click();
  await expect(page.getByRole('combobox', { name: picker, exact: true })).toHaveValue(name);
}

/** Opens a year picker and picks a year of the decade it shows. */
async function pickYear(page: Page, label: string, year: number) {
  await page.getByRole('button', { name: label, exact: true }).click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: String(year), exact: true })
    .click();
  await expect(page.getByRole('button', { name: label, exact: true })).toHaveText(String(year));
}

/** The id in /relations/view/{id} once the page has gone there. */
async function relationIdFromUrl(page: Page): Promise<number> {
  await expect(page).toHaveURL(/\/relations\/view\/\d+$/);
  return Number(new URL(page.url()).pathname.split('/').pop());
}

/**
 * Waits for a message that shows only until the page moves on or reloads after 1 s
 * (docs/product.md, "Messages after an action"). Waiting inside the page catches it even when a
 * busy machine slows the test's own polling down.
 */
const seeBriefly = (message: Locator) => message.waitFor({ state: 'visible' });

/** The title field of a paper: plain text, or a text that suggests the user's publications. */
const publicationTitle = (page: Page) =>
  page
    .getByRole('combobox', { name: 'Publication title', exact: true })
    .or(page.getByRole('textbox', { name: 'Publication title', exact: true }));

/** Text fields on the page that take typing (none while nothing is editable). */
const typingFields = (page: Page) =>
  page
    .getByRole('main')
    .locator(
      ':is(input:not([type]), input[type="text"], textarea):not([disabled]):not([readonly])',
    );

/** Opens the activity log and answers it. */
async function openActivityLog(page: Page, entries: number) {
  const control = page.getByRole('button', { name: `Activity log (${entries})` });
  await control.click();
  await expect(control).toHaveAttribute('aria-expanded', 'true');
  return page.getByRole('region', { name: `Activity log (${entries})` });
}

test('a paper with two co-authors: accepted, rejected, edited, and accepted by both', async ({
  browser,
  page,
}) => {
  test.setTimeout(180_000);
  const creator = await createConfirmedAccount(page, 'Creator', uniqueSurname());
  await signIn(page, creator);
  const accepter = await personInOwnBrowser(browser, 'Accepter');
  const rejecter = await personInOwnBrowser(browser, 'Rejecter');
  const title = uniqueTitle('On the reliability of browser tests');
  const correctedTitle = `${title} (revised)`;

  // The creator records the paper on the add page.
  await waitForPageSettled(page);
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Add relation' })
    .click();
  await expect(page.getByRole('heading', { name: 'Add new relation' })).toBeVisible();
  await chooseType(page, 'Co-authored publication');
  await publicationTitle(page).fill(title);
  await pickYear(page, 'Year of publication', thisYear);
  await pickPerson(page, 'Co-author 1', fullName(accepter.account));
  await page.getByRole('button', { name: 'Add co-author' }).click();
  await pickPerson(page, 'Co-author 2', fullName(rejecter.account));
  await page.getByRole('textbox', { name: 'Comment' }).fill('Our joint paper from this year.');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await seeBriefly(page.getByRole('status').filter({ hasText: messages.relationSaved }));
  const id = await relationIdFromUrl(page);
  await expect(page.getByText(messages.awaitingOtherUser)).toBeVisible();
  await expect(coauthorRow(page, fullName(accepter.account))).toContainText('Pending');

  // Both co-authors were told, in the app and by mail.
  const added = `${fullName(creator)} added a relation with you. Please review and respond to it.`;
  await expectMail(accepter.page, accepter.account.email, `Recuse: ${added}`);
  await expectMail(rejecter.page, rejecter.account.email, `Recuse: ${added}`);

  // One accepts from the dashboard's notification.
  await accepter.page.goto('/');
  const notice = notificationAbout(accepter.page, added, title);
  await expect(notice).toContainText('Relation type: Co-authored publication');
  await waitForPageSettled(accepter.page);
  await notice.getByRole('link', { name: 'View' }).click();
  await expect(accepter.page).toHaveURL(`/relations/view/${id}`);
  await waitForPageSettled(accepter.page);
  await accepter.page.getByRole('button', { name: 'Accept', exact: true }).click();
  await expect(
    accepter.page.getByRole('status').filter({ hasText: messages.recordUpdated }),
  ).toBeVisible();
  await expect(accepter.page.getByText(messages.youAccepted)).toBeVisible();

  // The other rejects, and must give a reason.
  await openRelation(rejecter.page, id);
  await rejecter.page.getByRole('button', { name: 'Reject', exact: true }).click();
  const rejectDialog = rejecter.page.getByRole('dialog', { name: 'Reject relation' });
  await rejectDialog.getByRole('button', { name: 'Reject', exact: true }).click();
  await expect(rejectDialog.getByText(messages.rejectReasonRequired)).toBeVisible();
  const reason = 'The title is not the published one.';
  await rejectDialog.getByRole('textbox', { name: 'Reason for rejection' }).fill(reason);
  await rejectDialog.getByRole('button', { name: 'Reject', exact: true }).click();
  await expect(rejectDialog).toBeHidden();
  // One callout says so, not two.
  await expect(rejecter.page.getByText(messages.youRejected)).toHaveCount(1);
  await expect(rejecter.page.getByText(messages.youRejected)).toBeVisible();

  // The creator sees both answers, and the reason in the notification and the mail.
  await openRelation(page, id);
  await expect(page.getByText(messages.rejectedByOtherUser)).toBeVisible();
  await expect(coauthorRow(page, fullName(accepter.account))).toContainText('Accepted');
  // In the co-author table a rejection reads as pending: it is being worked out (docs/product.md,
  // "The relation form").
  await expect(coauthorRow(page, fullName(rejecter.account))).toContainText('Pending');
  const rejected = `${fullName(rejecter.account)} rejected the relation.`;
  await expectMail(rejecter.page, creator.email, `Recuse: ${rejected}`);
  await page.goto('/');
  await expect(notificationAbout(page, rejected, title)).toContainText(`Reason: ${reason}`);
  await expect(
    notificationAbout(page, `${fullName(accepter.account)} accepted the relation.`, title),
  ).toBeVisible();

  // The creator corrects the title; the change needs a comment.
  await openRelation(page, id);
  const titleField = publicationTitle(page);
  await expect(titleField).toHaveValue(title);
  await titleField.fill(correctedTitle);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: messages.changeCommentRequired }).first(),
  ).toBeVisible();
  const changeComment = 'Corrected the title to the published one.';
  await page.getByRole('textbox', { name: 'Comment' }).fill(changeComment);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await seeBriefly(page.getByRole('status').filter({ hasText: messages.relationUpdated }));
  // After the reload the change sent both co-authors back to pending.
  await expect(coauthorRow(page, fullName(accepter.account))).toContainText('Pending');
  await expect(titleField).toHaveValue(correctedTitle);
  const creatorLog = await openActivityLog(page, 2);
  await expect(creatorLog).toContainText(changeComment);

  // The one who rejected reads the change and now accepts.
  const modified = `${fullName(creator)} modified the relation. Please review it again.`;
  await expectMail(rejecter.page, rejecter.account.email, `Recuse: ${modified}`);
  await rejecter.page.goto('/');
  await waitForPageSettled(rejecter.page);
  // The creator's change comment is a comment, not a reason.
  const modifiedNotice = notificationAbout(rejecter.page, modified, correctedTitle);
  await expect(modifiedNotice).toContainText(`Comment: ${changeComment}`);
  await expect(modifiedNotice).not.toContainText('Reason:');
  await modifiedNotice.getByRole('link', { name: 'View' }).click();
  await waitForPageSettled(rejecter.page);
  await expect(rejecter.page.getByText(correctedTitle)).toBeVisible();
  const rejecterLog = await openActivityLog(rejecter.page, 2);
  await expect(rejecterLog).toContainText(changeComment);
  await rejecter.page.getByRole('button', { name: 'Accept', exact: true }).click();
  await expect(rejecter.page.getByText(messages.youAccepted)).toBeVisible();

  // And the first co-author accepts the corrected paper again.
  await openRelation(accepter.page, id);
  await expect(accepter.page.getByText(correctedTitle)).toBeVisible();
  await accepter.page.getByRole('button', { name: 'Accept', exact: true }).click();
  await expect(accepter.page.getByText(messages.youAccepted)).toBeVisible();

  await openRelation(page, id);
  await expect(page.getByRole('heading', { name: /^Relation - / })).toContainText('Accepted');
  await expect(coauthorRow(page, fullName(accepter.account))).toContainText('Accepted');
  await expect(coauthorRow(page, fullName(rejecter.account))).toContainText('Accepted');
  await expect(page.getByText(messages.rejectedByOtherUser)).toBeHidden();

  // A save with a comment and no changed field is a comment: the co-authors read that the
  // creator commented, not that the relation was modified, and their answers stand.
  const note = 'The DOI is now on the publisher’s page.';
  await page.getByRole('textbox', { name: 'Comment' }).fill(note);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await seeBriefly(page.getByRole('status').filter({ hasText: messages.relationUpdated }));
  await expect(coauthorRow(page, fullName(accepter.account))).toContainText('Accepted');
  await accepter.page.goto('/');
  const commented = notificationAbout(
    accepter.page,
    `${fullName(creator)} commented on the relation.`,
    correctedTitle,
  );
  await expect(commented).toContainText(`Comment: ${note}`);
  await expect(
    accepter.page
      .getByRole('listitem')
      .filter({ hasText: `${fullName(creator)} modified the relation` }),
  ).toHaveCount(0);
  await accepter.context.close();
  await rejecter.context.close();
});

test('a colleague without an account is invited by mail, signs up and accepts', async ({
  browser,
  page,
}) => {
  const creator = await createConfirmedAccount(page, 'Inviter', uniqueSurname());
  await signIn(page, creator);
  const invitedEmail = uniqueEmail('newcomer');
  const title = uniqueTitle('Invitations considered helpful');
  await page.goto('/relations/add');
  await waitForPageSettled(page);
  await chooseType(page, 'Co-authored publication');
  await publicationTitle(page).fill(title);
  await pickYear(page, 'Year of publication', thisYear);
  // Nobody has this address: the picker offers to name it ('Create email').
  await page.getByRole('combobox', { name: 'Co-author 1', exact: true }).fill(invitedEmail);
  await page.getByRole('option', { name: `Create email: ${invitedEmail}` }).click();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await seeBriefly(page.getByRole('status').filter({ hasText: messages.relationSaved }));
  const id = await relationIdFromUrl(page);
  await expect(coauthorRow(page, invitedEmail)).toContainText('Pending');

  // The invited person, in a browser of their own, follows the link in the mail.
  const guestContext = await browser.newContext();
  const guest = await guestContext.newPage();
  const link = await findLinkInMail(guest, invitedEmail, '/relations/validate/new/');
  await expect(
    guest.locator('article').filter({ hasText: invitedEmail }).getByRole('heading'),
  ).toHaveText(`${fullName(creator)} named you in a relation on Recuse`);
  await expect(guest.locator('article').filter({ hasText: invitedEmail })).toContainText(title);

  await guest.goto(link);
  await expect(guest.getByRole('heading', { name: 'Respond to a relation' })).toBeVisible();
  await expect(guest.getByRole('note')).toHaveText(
    'You have been named in a relation on Recuse. Please create your profile to respond to it.',
  );
  await expect(guest.getByText(`This invitation was sent to ${invitedEmail}.`)).toBeVisible();
  await expect(guest.getByRole('link', { name: 'Sign In', exact: true })).toBeHidden();
  await guest.getByRole('link', { name: 'Create profile' }).click();

  const token = new URL(link).pathname.split('/').pop()!;
  await expect(guest).toHaveURL(`/registration/${token}`);
  const email = guest.getByLabel('Email');
  await expect(email).toHaveValue(invitedEmail);
  await expect(email).toBeDisabled();
  const newcomer = { firstName: 'Newcomer', lastName: uniqueSurname(), password: 'Joined#2026x' };
  await guest.getByLabel('First name').fill(newcomer.firstName);
  await guest.getByLabel('Last name').fill(newcomer.lastName);
  await guest.getByLabel('I do not have a DBLP URL').check();
  await guest.getByLabel('Password', { exact: true }).fill(newcomer.password);
  await guest.getByLabel('Confirm password').fill(newcomer.password);
  await guest.getByLabel(/^I agree to become a member/).check();
  await guest.getByRole('button', { name: 'Create account' }).click();
  await expect(guest.getByRole('heading', { name: 'Thank you!' })).toBeVisible();

  // The invitation proved the address: no confirmation mail is needed to sign in.
  await guest.getByRole('link', { name: 'Go to sign in' }).click();
  await fillSignInForm(guest, invitedEmail, newcomer.password);
  await expect(guest.getByRole('heading', { name: 'Hello, Newcomer!' })).toBeVisible();
  // The profile is not complete yet, and answering works all the same: the header says both.
  await expect(guest.getByText(messages.notificationsHeaderNewUser)).toBeVisible();

  const invitation = notificationAbout(
    guest,
    `${fullName(creator)} added a relation with you. Please review and respond to it.`,
    title,
  );
  await expect(invitation).toContainText('Relation type: Co-authored publication');
  await waitForPageSettled(guest);
  await invitation.getByRole('link', { name: 'View' }).click();
  await expect(guest).toHaveURL(`/relations/view/${id}`);
  await waitForPageSettled(guest);
  await guest.getByRole('button', { name: 'Accept', exact: true }).click();
  await expect(guest.getByRole('status').filter({ hasText: messages.recordUpdated })).toBeVisible();
  await expect(guest.getByText(messages.youAccepted)).toBeVisible();
  await expect(guest.getByRole('button', { name: 'Accept', exact: true })).toBeHidden();

  // The creator reads the answer on the relation, on the dashboard and in the mail.
  await openRelation(page, id);
  await expect(coauthorRow(page, `${newcomer.firstName} ${newcomer.lastName}`)).toContainText(
    'Accepted',
  );
  await page.goto('/');
  await expect(
    notificationAbout(
      page,
      `${newcomer.firstName} ${newcomer.lastName} accepted the relation.`,
      title,
    ),
  ).toBeVisible();
  await expectMail(
    guest,
    creator.email,
    `Recuse: ${newcomer.firstName} ${newcomer.lastName} accepted the relation.`,
  );
  await guestContext.close();
});

test('a pending application with a new institution is validated when the admin approves it', async ({
  browser,
  page,
}) => {
  test.setTimeout(120_000);
  const applicant = await createConfirmedAccount(page, 'Applicant', uniqueSurname());
  await signIn(page, applicant);
  const institutionName = `Institute of Pending Studies ${Date.now().toString(36)}`;

  await page.goto('/relations/add');
  await waitForPageSettled(page);
  await chooseType(page, 'Pending employment or graduate-school application');
  const institution = page.getByRole('combobox', { name: 'Institution' });
  await institution.fill(institutionName);
  await page.getByRole('option', { name: `Add new institution: ${institutionName}` }).click();
  await page.getByRole('button', { name: 'Application date', exact: true }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Jan', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Application date', exact: true })).toHaveText(
    `01/${thisYear}`,
  );
  await page.getByRole('checkbox', { name: /Ongoing/ }).check();
  await expect(page.getByRole('button', { name: 'End of discussions', exact: true })).toBeHidden();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await seeBriefly(page.getByRole('status').filter({ hasText: messages.relationSaved }));

  // Type 8 has its own view; it waits for the institution's approval.
  await expect(page).toHaveURL(/\/pending-relations\/view\/\d+$/);
  const id = Number(new URL(page.url()).pathname.split('/').pop());
  const heading = page.getByRole('heading', { name: /^Relation - / });
  await expect(heading).toContainText('Pending');
  await expect(page.getByText(messages.institutionNotApproved)).toBeVisible();
  // Nobody else is named on it: nobody is awaited and nobody is asked for a change.
  await waitForPageSettled(page);
  await expect(page.getByText(messages.awaitingOtherUser)).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Request a change' })).toHaveCount(0);

  // No administration page exists yet: the administrator approves through the API.
  const view = await page.request.get(`/v1/web/relation/data/pending_employment_view/${id}`, {
    headers: await bearerOf(page),
  });
  const { rInstitutionId, institutionName: shownName } = (await view.json()) as {
    rInstitutionId: number;
    institutionName: string;
  };
  expect(shownName).toBe(institutionName);
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  // Someone who is not an administrator cannot approve it.
  const refused = await page.request.post('/v1/web/admin/institutions/approve', {
    headers: await bearerOf(page),
    form: { institutionId: String(rInstitutionId) },
  });
  expect(refused.status()).toBe(403);
  await signIn(admin, demoSignIn('administrator'));
  const approved = await admin.request.post('/v1/web/admin/institutions/approve', {
    headers: await bearerOf(admin),
    form: { institutionId: String(rInstitutionId) },
  });
  expect(await approved.json()).toEqual({ message: 'SUCCESS', validatedRelations: 1 });
  await adminContext.close();

  await page.reload();
  await expect(heading).toContainText('Accepted');
  await expect(page.getByText(messages.institutionNotApproved)).toBeHidden();
  await page.goto('/');
  await expect(notificationAbout(page, applicationValidated, institutionName)).toBeVisible();
});

test('a stranger cannot open a relation, and a named person cannot edit it', async ({
  browser,
  page,
}) => {
  test.setTimeout(120_000);
  const creator = await createConfirmedAccount(page, 'Owner', uniqueSurname());
  await signIn(page, creator);
  const party = await personInOwnBrowser(browser, 'Party');
  const stranger = await personInOwnBrowser(browser, 'Stranger');
  const title = uniqueTitle('Privacy of relations');
  // Recorded through the API: this test is about who may see and edit it, not the add page.
  const id = await saveCoauthoredPaper(page, {
    title,
    year: lastYear,
    coauthors: [{ coauthor_name: party.account.email }],
  });

  // The stranger is told nothing about it: not its title, not that it exists (the same words
  // as for a relation that was never there).
  const refusal = stranger.page.getByRole('alert').filter({ hasText: messages.relationNotFound });
  await stranger.page.goto(`/relations/view/${id}`);
  await expect(refusal).toBeVisible();
  await expect(stranger.page.getByText(title)).toBeHidden();
  await expect(stranger.page.getByRole('button', { name: 'Accept', exact: true })).toBeHidden();
  await stranger.page.goto(`/relations/modify/${id}`);
  await expect(refusal).toBeVisible();
  await expect(stranger.page.getByText(title)).toBeHidden();

  // The named person reads the fields and may answer, but has nothing to edit, even on the
  // modify address.
  for (const action of ['view', 'modify']) {
    await party.page.goto(`/relations/${action}/${id}`);
    await expect(party.page.getByRole('heading', { name: /^Relation - / })).toBeVisible();
    await expect(party.page.getByText(title)).toBeVisible();
    await expect(party.page.getByText(messages.namedUserComment)).toBeVisible();
    await expect(party.page.getByRole('button', { name: 'Accept', exact: true })).toBeVisible();
    // Read-only, however the page shows the fields: as text, or as inputs that take no typing.
    await expect(typingFields(party.page)).toHaveCount(0);
    await expect(party.page.getByRole('button', { name: 'Save', exact: true })).toHaveCount(0);
    await expect(party.page.getByRole('button', { name: 'Add co-author' })).toHaveCount(0);
    await expect(party.page.getByRole('button', { name: 'Delete', exact: true })).toHaveCount(0);
  }
  // The creator, on the same page, has the form.
  await openRelation(page, id);
  await expect(publicationTitle(page)).toHaveValue(title);
  await party.context.close();
  await stranger.context.close();
});
