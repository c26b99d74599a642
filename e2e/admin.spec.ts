// The administration pages, used as an administrator would: the institutions queue (approve,
// merge into an institution found by its alias) and what the applicant then sees; the requests
// inbox (an answer to a Contact-admin message) and what the asker then reads; a DBLP claim
// confirmed, and the person's crawl queued from the DBLP page; every administration page passes
// axe at desktop and phone widths.
import type { Page } from '@playwright/test';
import { expect, test } from './support/test.ts';
import {
  createConfirmedAccount,
  demoSignIn,
  signIn,
  signedInBrowser,
  uniqueDblpUrl,
  uniqueSurname,
  waitForPageSettled,
} from './support/accounts.ts';
import { messages, requestMessages } from '@recuse/common';
import { uniqueEmail } from './support/mailbox.ts';
import {
  applicationValidated,
  bearerOf,
  notificationAbout,
  saveCoauthoredPaper,
  savePendingApplication,
  uniqueTitle,
} from './support/relations.ts';
import { expectNoAxeViolations, expectNoAxeViolationsAtSizes } from './support/axe.ts';

const administrator = demoSignIn('administrator');

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** The queue's card of a proposed institution. */
const proposalCard = (page: Page, name: string) =>
  page
    .getByRole('region', { name: 'Proposed institutions' })
    .getByRole('article', { name, exact: true });

async function expectApplicationValidated(page: Page, id: number) {
  await page.goto(`/pending-relations/view/${id}`);
  await expect(page.getByRole('heading', { name: /^Relation - / })).toContainText('Accepted');
}

test('an administrator approves one proposed institution and merges another; the applications waiting on them are validated', async ({
  browser,
  page,
}) => {
  test.setTimeout(180_000);
  const applicant = await createConfirmedAccount(page, 'Seeker', uniqueSurname());
  await signIn(page, applicant);
  const tag = unique();
  const approvedName = `Institute of Approved Studies ${tag}`;
  const mergedName = `Inst. Approved Studies ${tag}`;
  const alias = `IAS-${tag}`;
  const approvedId = await savePendingApplication(page, approvedName);
  const mergedId = await savePendingApplication(page, mergedName);

  const admin = await signedInBrowser(browser, administrator);
  await admin.page.getByRole('link', { name: 'Administration' }).first().click();
  await admin.page.getByRole('link', { name: 'Institutions' }).click();
  await expect(admin.page.getByRole('heading', { level: 1, name: 'Institutions' })).toBeVisible();

  // The queue names who proposed each institution and the application that waits on it.
  const approvedCard = proposalCard(admin.page, approvedName);
  await expect(approvedCard).toContainText(
    `Proposed by ${applicant.firstName} ${applicant.lastName}`,
  );
  await expect(approvedCard).toContainText('Pending applications (1)');
  await expect(approvedCard.getByRole('listitem')).toContainText(
    `by ${applicant.firstName} ${applicant.lastName} (waiting)`,
  );
  await expectNoAxeViolations(admin.page);

  await approvedCard.getByRole('button', { name: `Approve ${approvedName}` }).click();
  await expect(admin.page.getByRole('status')).toHaveText(
    `${approvedName} is approved. 1 pending application was validated and its creator told.`,
  );
  await expect(approvedCard).toBeHidden();

  // An alias, then the duplicate is merged into it, found in the picker by that alias.
  const search = admin.page.getByRole('textbox', { name: 'Search institutions' });
  await search.fill(approvedName);
  const found = admin.page.getByRole('table', { name: 'Institutions found' });
  await expect(found.getByRole('row')).toHaveCount(2);
  await expect(found).toContainText('Approved');
  await found.getByRole('button', { name: `Edit ${approvedName}` }).click();
  const editDialog = admin.page.getByRole('dialog');
  await editDialog.getByRole('textbox', { name: 'Aliases' }).fill(alias);
  await editDialog.getByRole('textbox', { name: 'E-mail domains' }).fill(`ias-${tag}.example.org`);
  await editDialog.getByRole('textbox', { name: 'Country' }).fill('Switzerland');
  await editDialog.getByRole('button', { name: 'Save' }).click();
  await expect(admin.page.getByRole('status')).toHaveText(`${approvedName} is saved.`);
  await expect(found).toContainText(alias);
  await expect(found).toContainText('Switzerland');

  await proposalCard(admin.page, mergedName)
    .getByRole('button', { name: `Merge ${mergedName} into another institution` })
    .click();
  const mergeDialog = admin.page.getByRole('dialog');
  await mergeDialog.getByRole('combobox', { name: 'Merge into' }).fill(alias);
  await admin.page
    .getByRole('option', { name: new RegExp(`^${approvedName} \\(${alias}\\)$`) })
    .click();
  await expectNoAxeViolations(admin.page);
  await mergeDialog.getByRole('button', { name: 'Merge', exact: true }).click();
  await expect(admin.page.getByRole('status')).toHaveText(
    `${mergedName} is merged into ${approvedName}: 0 affiliations and 1 relation moved, 1 pending application validated.`,
  );
  await expect(proposalCard(admin.page, mergedName)).toBeHidden();
  await search.fill(mergedName);
  await expect(found).toContainText(`Merged into ${approvedName}`);

  // The applicant sees both applications validated, and was told.
  await expectApplicationValidated(page, approvedId);
  await expectApplicationValidated(page, mergedId);
  await page.goto('/');
  await expect(notificationAbout(page, applicationValidated, approvedName)).toHaveCount(2);
  await admin.context.close();
});

test('an approval of an institution another administrator rejected meanwhile says so and changes nothing', async ({
  browser,
  page,
}) => {
  test.setTimeout(120_000);
  const applicant = await createConfirmedAccount(page, 'Racer', uniqueSurname());
  await signIn(page, applicant);
  const name = `Institute of Raced Decisions ${unique()}`;
  await savePendingApplication(page, name);

  const admin = await signedInBrowser(browser, administrator);
  await admin.page.goto('/admin/institutions');
  const card = proposalCard(admin.page, name);
  await expect(card).toBeVisible();
  // Another administrator rejects it in the meantime.
  const other = await signedInBrowser(browser, administrator);
  const headers = await bearerOf(other.page);
  const queue = await other.page.request.get('/v1/web/admin/institutions/queue', { headers });
  const { institutions } = (await queue.json()) as { institutions: { id: number; name: string }[] };
  const institutionId = institutions.find((entry) => entry.name === name)!.id;
  const rejected = await other.page.request.post('/v1/web/admin/institutions/reject', {
    headers,
    form: { institutionId: String(institutionId), reason: 'A duplicate.' },
  });
  expect(rejected.status()).toBe(200);
  await other.context.close();

  await card.getByRole('button', { name: `Approve ${name}` }).click();
  await expect(admin.page.getByRole('alert')).toHaveText(
    'This proposal has already been rejected.',
  );
  await expect(card).toBeHidden();
  await admin.context.close();
});

test("an administrator answers a Contact-admin request in the relation's activity log, and the asker reads the answer", async ({
  browser,
  page,
}) => {
  test.setTimeout(150_000);
  const asker = await createConfirmedAccount(page, 'Asker', uniqueSurname());
  await signIn(page, asker);
  const title = uniqueTitle('A paper with the wrong year');
  const id = await saveCoauthoredPaper(page, {
    title,
    year: new Date().getFullYear() - 1,
    coauthors: [{ coauthor_name: uniqueEmail('coauthor') }],
  });
  const question = `Please fix the year of ${title}: it appeared a year earlier.`;
  await page.goto(`/relations/view/${id}`);
  await waitForPageSettled(page);
  await page.getByRole('button', { name: 'Contact admin' }).click();
  await page.getByRole('dialog').getByRole('textbox', { name: 'Comments' }).fill(question);
  await page.getByRole('dialog').getByRole('button', { name: 'Send' }).click();
  await page
    .getByRole('status')
    .filter({ hasText: messages.commentsSent })
    .waitFor({ state: 'visible' });

  const admin = await signedInBrowser(browser, administrator);
  await admin.page.getByRole('link', { name: 'Administration' }).first().click();
  await admin.page.getByRole('link', { name: 'Requests' }).click();
  await expect(admin.page.getByRole('heading', { level: 1, name: 'Requests' })).toBeVisible();
  const request = admin.page.getByRole('article', {
    name: `Contact admin about relation ${id}`,
    exact: true,
  });
  await expect(request).toContainText(question);
  await expect(request).toContainText(`From ${asker.firstName} ${asker.lastName}`);
  await expect(request.getByRole('link', { name: new RegExp(title) })).toHaveAttribute(
    'href',
    `/relations/view/${id}`,
  );
  await expectNoAxeViolations(admin.page);

  const answer = 'Done: the year is now last year, as DBLP lists it.';
  await request.getByRole('textbox', { name: 'Your answer' }).fill(answer);
  await request.getByRole('button', { name: 'Send answer' }).click();
  await expect(admin.page.getByRole('status')).toHaveText(
    `Your answer was sent to ${asker.firstName} ${asker.lastName} and the request is closed.`,
  );
  await expect(request).toBeHidden();
  await admin.page.getByRole('radio', { name: 'Closed' }).check();
  await expect(request).toContainText(`Answer by Avery`);
  await expect(request).toContainText(answer);
  await expectNoAxeViolations(admin.page);
  await admin.context.close();

  // The asker is told, and reads the answer in the relation's activity log.
  await page.goto('/');
  const answered = notificationAbout(page, requestMessages.answerNotice, title);
  await expect(answered).toBeVisible();
  // An administrator's answer is a comment, not a reason.
  await expect(answered).toContainText(`Comment: ${answer}`);
  await expect(answered).not.toContainText('Reason:');
  await page.goto(`/relations/view/${id}`);
  await waitForPageSettled(page);
  await page.getByRole('button', { name: /^Activity log/ }).click();
  const log = page.getByRole('region', { name: /^Activity log/ });
  await expect(log).toContainText('(Answer from the administrators)');
  await expect(log).toContainText(answer);
});

for (const width of [1280, 375]) {
  test(`the administration pages pass axe at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await signIn(page, administrator);
    for (const { path, heading } of [
      { path: '/admin', heading: 'Administration' },
      { path: '/admin/institutions', heading: 'Institutions' },
      { path: '/admin/requests', heading: 'Requests' },
    ]) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      // The lists have loaded (no loader left) before axe looks.
      await expect(page.getByRole('progressbar')).toHaveCount(0);
      await expect(page.locator('.mantine-Loader-root')).toHaveCount(0);
      await expectNoAxeViolations(page);
    }
  });
}

test('an administrator confirms a DBLP claim, then finds the person on the DBLP page and queues a crawl of their publications', async ({
  page,
}) => {
  const dblpUrl = uniqueDblpUrl();
  const pid = dblpUrl.slice('https://dblp.org/pid/'.length);
  const claimant = await createConfirmedAccount(page, 'Ida', uniqueSurname(), { dblpUrl });
  const name = `${claimant.firstName} ${claimant.lastName}`;

  await signIn(page, administrator);
  await page.goto('/admin/requests');
  await page.getByRole('button', { name: `Confirm the claim of ${name} to ${pid}` }).click();
  await expect(page.getByRole('status').filter({ hasText: 'The claim of' })).toHaveText(
    `The claim of ${name} is confirmed; the DBLP profile joins their account.`,
  );

  await page.goto('/admin');
  await page.getByRole('link', { name: 'DBLP', exact: true }).click();
  await expect(page).toHaveURL('/admin/dblp');
  await page.getByLabel('Search people').fill(claimant.lastName);
  const people = page.getByRole('region', { name: 'People with a DBLP profile' });
  const row = people.getByRole('row').filter({ hasText: name });
  await expect(row).toContainText(pid);
  await expect(row).toContainText(claimant.email);
  await expectNoAxeViolationsAtSizes(page);

  // Confirming the claim queued the first fetch of the person's publications. The server here
  // reads no DBLP (the tests have no outside network), so it waits in the queue, where the page
  // shows it; "Crawl now" moves it to the front.
  await expect(row).toContainText('Queued');
  await row.getByRole('button', { name: `Crawl ${name} now` }).click();
  await expect(page.getByRole('status').filter({ hasText: 'A crawl of' })).toHaveText(
    `A crawl of ${name} was already waiting: it is now first in line.`,
  );
  await expect(row).toContainText('Queued');
});
