// The profile in the browser (docs/product.md, "The screens", Profile): completing it from the
// dashboard's warning, proposing an institution that a second person then finds by its alias,
// finding a listed institution by another of its names (ETH Zurich by "ETH" or its German name),
// linking the DBLP person imported before the account existed, reading and dismissing a
// notification, a secondary e-mail that finds its owner, and the DBLP section.
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expect, test } from './support/test.ts';
import { dblpClaimMessages, messages } from '@recuse/common';
import {
  createConfirmedAccount,
  demoSignIn,
  signedInBrowser,
  signIn,
  uniqueDblpUrl,
  uniqueSurname,
  waitForPageSettled,
} from './support/accounts.ts';
import { demoPassword, findLinkInMail, uniqueEmail } from './support/mailbox.ts';
import { expectNoAxeViolations, expectNoAxeViolationsAtSizes } from './support/axe.ts';

const thisYear = String(new Date().getFullYear());

const affiliation = (page: Page, number: number) =>
  page.getByRole('group', { name: `Affiliation ${number}` });

/** Opens a month picker, goes up to the 10-year view, and picks a year and a month. */
async function pickMonth(page: Page, row: Locator, label: string, year: string, month: string) {
  await row.getByRole('button', { name: label, exact: true }).click();
  const picker = page.getByRole('dialog');
  await picker.getByRole('button', { name: 'Choose another year' }).click();
  await picker.getByRole('button', { name: year, exact: true }).click();
  await picker.getByRole('button', { name: month, exact: true }).click();
  await expect(picker).toBeHidden();
}

async function choosePosition(page: Page, row: Locator, position: string) {
  await row.getByRole('combobox', { name: 'Position' }).click();
  await page.getByRole('option', { name: position, exact: true }).click();
}

/** Fills a blank row: the institution already chosen, a position, since January, current. */
async function finishCurrentAffiliation(page: Page, row: Locator, position: string) {
  await choosePosition(page, row, position);
  await pickMonth(page, row, 'Start date', thisYear, 'Jan');
  await expect(row.getByRole('button', { name: 'Start date' })).toHaveText(`01/${thisYear}`);
  await row.getByRole('checkbox', { name: /Current/ }).check();
  await expect(row.getByRole('button', { name: 'End date' })).toBeHidden();
}

async function saveProfile(page: Page) {
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('status').filter({ hasText: messages.recordUpdated })).toBeVisible();
}

/** The demo administrator's bearer header, signed in through the API. */
async function adminHeaders(request: APIRequestContext) {
  const login = await request.post('/v1/user/login', {
    form: {
      action: 'login',
      api_key: 'recuse-web',
      username: 'admin@example.org',
      password: demoPassword,
    },
  });
  return { Authorization: `Bearer ${(await login.json()).access_token}` };
}

async function openProfile(page: Page) {
  await page.goto('/user/profile');
  await expect(page.getByRole('heading', { level: 1, name: 'My Profile' })).toBeVisible();
  await waitForPageSettled(page);
  await expect(affiliation(page, 1)).toBeVisible();
}

test('a new user completes the profile from the warning and gets a clean dashboard', async ({
  page,
}) => {
  const account = await createConfirmedAccount(page, 'Barbara');
  await signIn(page, account);
  const warning = page.getByRole('note').filter({ hasText: messages.completeProfile });
  await expect(warning).toBeVisible();
  await expect(page.getByText(messages.noNotifications)).toBeVisible();
  // Nothing new arrived, so nothing says new requests did.
  await expect(page.getByText(messages.notificationsHeaderNewUser)).toBeHidden();
  await waitForPageSettled(page);
  await warning.getByRole('link', { name: 'Go to My Profile' }).click();
  await expect(page).toHaveURL('/user/profile');
  await expect(page.getByText(/past 5 years/)).toBeVisible();

  // The names and e-mail come from sign-up; a blank affiliation row waits to be filled.
  await expect(page.getByLabel('First name')).toHaveValue(account.firstName);
  await expect(page.getByLabel('Primary email')).toHaveValue(account.email);
  const row = affiliation(page, 1);
  await expect(row.getByRole('combobox', { name: 'Institution' })).toHaveValue('');

  // Saving without an institution is refused with the form rule's message, in red.
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('alert').first()).toContainText(messages.affiliationFieldsRequired);
  await expect(row.getByRole('combobox', { name: 'Institution' })).toHaveAttribute(
    'aria-invalid',
    'true',
  );
  await expectNoAxeViolations(page);

  await page.getByLabel('Other name 1').fill('B. Liskov');
  await row.getByRole('combobox', { name: 'Institution' }).fill('massachusetts');
  await page.getByRole('option', { name: 'Massachusetts Institute of Technology' }).click();
  await finishCurrentAffiliation(page, row, 'Faculty');

  // A second, finished affiliation: ticking Current and unticking it again leaves the end empty.
  await page.getByRole('button', { name: 'Add affiliation' }).click();
  const second = affiliation(page, 2);
  await second.getByRole('combobox', { name: 'Institution' }).fill('delft');
  await page.getByRole('option', { name: 'Delft University of Technology' }).click();
  await choosePosition(page, second, 'Postdoc');
  await pickMonth(page, second, 'Start date', thisYear, 'Jan');
  await pickMonth(page, second, 'End date', thisYear, 'Jan');
  await second.getByRole('checkbox', { name: /Current/ }).check();
  await second.getByRole('checkbox', { name: /Current/ }).uncheck();
  await expect(second.getByRole('button', { name: 'End date' })).toHaveText('MM/YYYY');
  await pickMonth(page, second, 'End date', thisYear, 'Jan');
  await expectNoAxeViolations(page);

  await saveProfile(page);
  // The reload after 1 s brings the saved rows back from the server.
  await expect(affiliation(page, 2).getByRole('combobox', { name: 'Institution' })).toHaveValue(
    'Delft University of Technology',
  );

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home' }).click();
  await expect(page.getByRole('heading', { name: `Hello, ${account.firstName}!` })).toBeVisible();
  await expect(page.getByText(messages.noNotifications)).toBeVisible();
  await expect(page.getByText(messages.notificationsHeader)).toBeHidden();
  await expect(warning).toBeHidden();

  // Still complete after a full reload of the page.
  await page.reload();
  await expect(page.getByText(messages.noNotifications)).toBeVisible();
  await expect(warning).toBeHidden();
});

test('a proposed institution awaits approval, and a second person finds it by its alias', async ({
  browser,
  page,
}) => {
  const suffix = Date.now().toString(36);
  const name = `Zuse Institute ${suffix}`;
  const alias = `ZIB ${suffix}`;
  const awaiting = `${name} (sent for approval)`;

  const proposer = await createConfirmedAccount(page, 'Konrad');
  await signIn(page, proposer);
  await openProfile(page);
  const row = affiliation(page, 1);
  const institution = row.getByRole('combobox', { name: 'Institution' });
  await institution.fill(`${name}, ${alias}`);
  await page
    .getByRole('option', { name: `Add new institution: ${name} (also known as ${alias})` })
    .click();
  await expect(row.getByRole('note')).toContainText(
    `Not on the list yet: ${name} (also known as ${alias}) will be sent for approval when you save.`,
  );
  await finishCurrentAffiliation(page, row, 'Researcher in industry');
  await saveProfile(page);
  await expect(institution).toHaveValue(awaiting);
  await expect(row.getByRole('note')).toBeHidden();

  // Someone else does not see it in the list, types its alias, and is affiliated with it.
  const otherContext = await browser.newContext();
  const other = await otherContext.newPage();
  const colleague = await createConfirmedAccount(other, 'Helmut');
  await signIn(other, colleague);
  await openProfile(other);
  const otherRow = affiliation(other, 1);
  const otherInstitution = otherRow.getByRole('combobox', { name: 'Institution' });
  await otherInstitution.fill('Zuse');
  await expect(other.getByRole('option', { name: awaiting })).toHaveCount(0);
  // By keyboard: nothing listed matches the alias, so Enter picks 'Add new institution'.
  await otherInstitution.fill(alias);
  await expect(other.getByRole('option')).toHaveText([`Add new institution: ${alias}`]);
  await otherInstitution.press('Enter');
  await expect(otherRow.getByRole('note')).toContainText(`Not on the list yet: ${alias}`);
  await finishCurrentAffiliation(other, otherRow, 'Postdoc');
  await saveProfile(other);
  await expect(otherInstitution).toHaveValue(awaiting);
  await otherContext.close();
});

test('the institution picker finds ETH Zurich by its acronym and its German name, and proposes neither again', async ({
  page,
}) => {
  await signIn(page, await createConfirmedAccount(page, 'Niklaus'));
  await openProfile(page);
  const row = affiliation(page, 1);
  const institution = row.getByRole('combobox', { name: 'Institution' });
  const proposal = page.getByRole('option', { name: /^Add new institution/ });
  const byGermanName = page.getByRole('option', {
    name: /^ETH Zurich\b.*Eidgenössische Technische Hochschule Zürich/,
  });

  // The acronym is one of its names: ETH Zurich is offered, and "ETH" is not proposed anew.
  await institution.fill('ETH');
  await expect(page.getByRole('option', { name: /^ETH Zurich\b/ })).toBeVisible();
  await expect(proposal).toHaveCount(0);

  // Part of the German name, which no listed name holds: offered with the name that matched.
  await institution.fill('Eidgenössische Techn');
  await expect(byGermanName).toBeVisible();

  // The whole German name, typed without its accents: Enter picks ETH Zurich.
  await institution.fill('Eidgenossische Technische Hochschule Zurich');
  await expect(byGermanName).toBeVisible();
  await expect(proposal).toHaveCount(0);
  await institution.press('Enter');
  await expect(institution).toHaveValue('ETH Zurich');
  await expect(row.getByRole('note')).toBeHidden();
  await finishCurrentAffiliation(page, row, 'Ph.D. student');
  await saveProfile(page);
  // Saved as the listed institution, not a proposal sent for approval.
  await expect(institution).toHaveValue('ETH Zurich');
  await expectNoAxeViolations(page);
});

test('di@example.org claims the DBLP person imported before the account existed, which joins once an administrator confirms', async ({
  page,
  request,
}) => {
  const dblpUrl = 'https://dblp.org/pid/95/7448-1';
  await signIn(page, demoSignIn('di'));
  await openProfile(page);
  await page.getByLabel('DBLP URL').fill(dblpUrl);
  const row = affiliation(page, 1);
  await row.getByRole('combobox', { name: 'Institution' }).fill('ETH');
  await page.getByRole('option', { name: 'ETH Zurich' }).click();
  await finishCurrentAffiliation(page, row, 'Ph.D. student');
  await saveProfile(page);

  const panel = page.getByRole('region', { name: 'Is this your DBLP profile?' });
  await expect(panel.getByRole('link', { name: 'Di Xu 0001' })).toHaveAttribute('href', dblpUrl);
  await expect(panel).toContainText(dblpUrl);
  await expect(panel).toContainText('copies');
  // The profile reloads after the save; the URL waiting to be linked stays in its field.
  await expect(page.getByLabel('DBLP URL')).toHaveValue(dblpUrl);
  await expectNoAxeViolations(page);

  await panel.getByRole('button', { name: 'Link account' }).click();
  await expect(page.getByText(messages.dblpClaimSent).first()).toBeVisible();
  // The link is a claim (docs/dblp.md, "Claims"): until an administrator confirms it nothing
  // of the DBLP person comes along, and the profile says who decides (this server offers no
  // ORCID sign-in).
  await expect(page.getByText('DBLP knows you as Di Xu 0001.')).toBeHidden();
  const claimNotice = page.getByRole('region', { name: 'DBLP claim' });
  await expect(claimNotice).toContainText(dblpClaimMessages.awaitingAdministrator(dblpUrl));
  await expect(page.getByRole('button', { name: 'Confirm with ORCID' })).toBeHidden();

  // The administrator confirms the claim (through the API until the administration screens).
  const admin = await adminHeaders(request);
  const queue = await (await request.get('/v1/web/admin/dblp-claims', { headers: admin })).json();
  const claim = (queue.claims as Array<{ id: number; dblpUrl: string }>).find(
    (entry) => entry.dblpUrl === dblpUrl,
  );
  expect(claim, JSON.stringify(queue)).toBeTruthy();
  const confirmed = await request.post('/v1/web/admin/dblp-claims/confirm', {
    headers: admin,
    form: { claimId: String(claim!.id) },
  });
  expect(confirmed.status()).toBe(200);

  // Now the URL is the account's and the DBLP person's affiliation has come along.
  await openProfile(page);
  await expect(panel).toBeHidden();
  await expect(claimNotice).toBeHidden();
  await expect(page.getByLabel('DBLP URL')).toHaveValue(dblpUrl);
  await expect(page.getByText('DBLP knows you as Di Xu 0001.')).toBeVisible();
  const institutions = page.getByRole('combobox', { name: 'Institution' });
  await expect
    .poll(() =>
      institutions.evaluateAll((inputs) =>
        inputs.map((input) => (input as HTMLInputElement).value),
      ),
    )
    .toContain('University of British Columbia');
});

test('a notification shows what happened, and Dismiss removes it', async ({ page }) => {
  await signIn(page, demoSignIn('grace'));
  const notifications = page.getByRole('region', { name: 'Notifications' });
  const rejected = notifications
    .getByRole('listitem')
    .filter({ hasText: 'Alan Turing rejected the relation.' });
  await expect(rejected).toContainText('Relation type: Collaboration (joint project or grant)');
  await expect(rejected).toContainText('Reason: We never worked on this project together.');
  await expect(rejected.getByRole('link', { name: 'View' })).toHaveAttribute(
    'href',
    '/relations/view/2',
  );
  const coauthored = notifications.getByRole('listitem').filter({
    hasText: 'Ada Lovelace added a relation with you. Please review and respond to it.',
  });
  await expect(coauthored).toContainText('Relation type: Co-authored publication');
  await expect(coauthored).toContainText('Title: Notes on the Analytical Engine');
  await expect(coauthored.locator('time')).toHaveText(/\d{1,2} \w{3} \d{4}, \d{2}:\d{2}/);

  await waitForPageSettled(page);
  await rejected.getByRole('button', { name: 'Dismiss' }).click();
  await expect(rejected).toBeHidden();
  await expect(coauthored).toBeVisible();

  await page.reload();
  await expect(coauthored).toBeVisible();
  await expect(rejected).toBeHidden();
});

test('a changed e-mail shows as unconfirmed until the link mailed to it is opened', async ({
  page,
}) => {
  const account = await createConfirmedAccount(page, 'Edith');
  await signIn(page, account);
  await openProfile(page);
  const row = affiliation(page, 1);
  await row.getByRole('combobox', { name: 'Institution' }).fill('delft');
  await page.getByRole('option', { name: 'Delft University of Technology' }).click();
  await finishCurrentAffiliation(page, row, 'Postdoc');
  const newEmail = uniqueEmail('edith.moved');
  await page.getByLabel('Primary email').fill(newEmail);
  await saveProfile(page);

  // After the reload the new address is shown, flagged; the old one still signs in.
  const primary = page.getByLabel('Primary email');
  await expect(page.getByText(messages.emailAwaitingConfirmation)).toBeVisible();
  await expect(page.getByText(`You sign in with ${account.email} until then.`)).toBeVisible();
  await expect(primary).toHaveValue(newEmail);

  // The link confirms the address whether or not this browser is signed in; the profile then
  // shows it confirmed, and nothing is left awaiting.
  const link = await findLinkInMail(page, newEmail, '/v1/web/user/confirm-email/');
  await page.goto(link);
  await openProfile(page);
  await expect(primary).toHaveValue(newEmail);
  await expect(page.getByText(messages.emailAddressConfirmed)).toBeVisible();
  await expect(page.getByText(messages.emailAwaitingConfirmation)).toBeHidden();
});

test('a confirmed secondary e-mail finds its owner in the person picker from its first letters', async ({
  browser,
  page,
}) => {
  const account = await createConfirmedAccount(page, 'Riley', uniqueSurname());
  await signIn(page, account);
  await openProfile(page);
  const row = affiliation(page, 1);
  await row.getByRole('combobox', { name: 'Institution' }).fill('delft');
  await page.getByRole('option', { name: 'Delft University of Technology' }).click();
  await finishCurrentAffiliation(page, row, 'Postdoc');
  const secondary = uniqueEmail('qt');
  await page.getByLabel('Secondary email').fill(secondary);
  await saveProfile(page);
  await page.goto(await findLinkInMail(page, secondary, '/v1/web/user/confirm-email/'));

  // Someone else types the start of that address, up to a little past the '@'.
  const { context, page: other } = await signedInBrowser(browser, demoSignIn('grace'));
  await other.goto('/relations/add');
  await waitForPageSettled(other);
  await other.getByRole('combobox', { name: 'Relation type' }).click();
  await other.getByRole('option', { name: 'Collaboration (joint project or grant)' }).click();
  const picker = other.getByRole('combobox', { name: 'Person name', exact: true });
  const prefix = secondary.slice(0, secondary.indexOf('@') + 4);
  await picker.fill(prefix);
  await expect(
    other.getByRole('option', { name: `${account.firstName} ${account.lastName}` }),
  ).toBeVisible();
  await context.close();
});

test("the profile's DBLP section says when the publications were fetched and refreshes at most every ten minutes", async ({
  page,
  request,
}) => {
  const dblpUrl = uniqueDblpUrl();
  const account = await createConfirmedAccount(page, 'Dora', uniqueSurname(), { dblpUrl });
  // Nothing to show before the DBLP profile is the account's.
  await signIn(page, account);
  await openProfile(page);
  await expect(page.getByRole('region', { name: 'Publications from DBLP' })).toHaveCount(0);

  // An administrator confirms the claim; that queues the first fetch.
  const admin = await adminHeaders(request);
  const queue = await (await request.get('/v1/web/admin/dblp-claims', { headers: admin })).json();
  const claim = (queue.claims as Array<{ id: number; dblpUrl: string }>).find(
    (entry) => entry.dblpUrl === dblpUrl,
  );
  const confirmed = await request.post('/v1/web/admin/dblp-claims/confirm', {
    headers: admin,
    form: { claimId: String(claim!.id) },
  });
  expect(confirmed.status()).toBe(200);

  await openProfile(page);
  const section = page.getByRole('region', { name: 'Publications from DBLP' });
  await expect(section).toContainText('Last fetched: not yet');
  // This server reads no DBLP (no outside network): the fetch waits in the queue.
  await expect(section.getByRole('status')).toHaveText('A refresh is waiting its turn.');
  await section.getByRole('button', { name: 'Refresh now' }).click();
  await expect(section).toContainText(/Next refresh possible from /);
  // A second refresh within ten minutes is refused with the reason.
  await section.getByRole('button', { name: 'Refresh now' }).click();
  await expect(section.getByRole('alert')).toHaveText(
    'You can refresh once every 10 minutes. Please try again later.',
  );
  await expectNoAxeViolationsAtSizes(page);
});

test('the month fields look the same before their picker is fetched, when the affiliations are reached, as after', async ({
  page,
}) => {
  await signIn(page, demoSignIn('ada'));
  await page.mouse.move(0, 0);
  await openProfile(page);
  const row = affiliation(page, 1);
  await expect(row.getByRole('button', { name: 'Start date', exact: true })).toBeVisible();
  // Mantine marks its date pickers' buttons; until the pointer or the focus comes to the
  // affiliations, the page shows stand-ins (web/src/features/profile/components/month-field.tsx).
  const pickers = page.locator('[data-dates-input]');
  await expect(pickers).toHaveCount(0);
  // Where the row sits on the page (not in the viewport, which hovering may scroll).
  const place = () =>
    row.evaluate((element) => {
      const { x, y, width, height } = element.getBoundingClientRect();
      return { x: x + window.scrollX, y: y + window.scrollY, width, height };
    });
  const before = await place();
  const look = await row.screenshot();

  await page.getByRole('heading', { name: 'Institutional affiliations' }).hover();
  await expect(pickers).not.toHaveCount(0);
  await page.mouse.move(0, 0);
  expect(await place()).toEqual(before);
  expect(await row.screenshot()).toEqual(look);
});
