// The conference pages as a chair and an administrator use them (docs/product.md,
// "Conferences"): a chair creates a conference, gives it rules and a committee by e-mail (an
// address without an account is invited, invited again, and its owner signs up through the
// mail's link to become the member), names a co-chair, sees them listed and removes them (the
// last chair stays; a chair who removes themselves is sent back to the list); a researcher then
// finds it on View conflicts and gets their conflicts under it; an administrator edits a DEFAULT rule; a conference without rules generates an empty list
// with a sentence. Every new page passes axe at desktop and phone widths.
import type { Page } from '@playwright/test';
import { expect, test } from './support/test.ts';
import {
  createConfirmedAccount,
  demoSignIn,
  signIn,
  waitForPageSettled,
} from './support/accounts.ts';
import { messages } from '@recuse/common';
import { expectMail, findLinkInMail, uniqueEmail } from './support/mailbox.ts';
import { bearerOf } from './support/relations.ts';
import { expectNoAxeViolationsAtSizes } from './support/axe.ts';

const ada = demoSignIn('ada');
const administrator = demoSignIn('administrator');
const sizes = [
  { width: 1280, height: 900 },
  { width: 375, height: 800 },
];

// The machine the suite runs on may be shared: axe alone can take tens of seconds.
test.describe.configure({ timeout: 600_000 });

const acronym = () => `CONF-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
const rulesTable = (page: Page) => page.getByRole('region', { name: /^Conflict rules/ });

async function addRule(
  page: Page,
  rule: { title: string; type: string; operation?: string; years?: string },
) {
  await page.getByRole('button', { name: 'Add rule' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add rule' });
  await dialog.getByRole('textbox', { name: 'Title' }).fill(rule.title);
  await dialog.getByRole('combobox', { name: 'Relation type' }).click();
  await page.getByRole('option', { name: rule.type, exact: true }).click();
  if (rule.operation) {
    await dialog.getByRole('combobox', { name: 'Operation' }).click();
    await page.getByRole('option', { name: rule.operation, exact: true }).click();
  }
  if (rule.years) await dialog.getByRole('textbox', { name: 'Number of years' }).fill(rule.years);
  await dialog.getByRole('button', { name: 'Save rule' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: `Rule '${rule.title}' added.` }),
  ).toBeVisible();
}

test('a chair creates a conference with rules, a committee and a co-chair; a researcher gets their conflicts under it', async ({
  browser,
  page,
}) => {
  const chair = await createConfirmedAccount(page, 'Chair');
  const coChair = await createConfirmedAccount(page, 'Cochair');
  await signIn(page, chair);

  await page
    .getByRole('navigation', { name: 'Main', exact: true })
    .getByRole('link', { name: 'Conferences' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Conferences' })).toBeVisible();
  await expect(page.getByText('You do not chair any conference yet.')).toBeVisible();
  await expectNoAxeViolationsAtSizes(page, sizes);

  // A refused form says why, field by field.
  await page.getByRole('button', { name: 'Create conference' }).click();
  await expect(page.getByText(/Please enter the conference name/)).toBeVisible();

  const name = acronym();
  const label = `Recuse Symposium ${name}`;
  await page.getByRole('textbox', { name: 'Acronym' }).fill(name);
  await page.getByRole('textbox', { name: 'Name' }).fill(label);
  await page.getByLabel('Reference date').fill('2026-11-15');
  await page.getByRole('button', { name: 'Create conference' }).click();
  await expect(page.getByRole('heading', { level: 1, name: label })).toBeVisible({
    timeout: 30_000,
  });
  await expect(page).toHaveURL(/\/conferences\/\d+$/);
  const confid = page.url().split('/').pop()!;
  await expect(page.getByText('This conference has no rules yet')).toBeVisible();

  // Rules: add two, edit one, delete the other.
  await addRule(page, {
    title: 'Co-authored publication within 10 years',
    type: 'Co-authored publication',
    years: '10',
  });
  await addRule(page, {
    title: 'Advisor (always)',
    type: 'Ph.D. advisor/advisee',
    operation: 'Always',
  });
  await expect(rulesTable(page).getByRole('row')).toHaveCount(3);
  await expect(rulesTable(page)).toContainText(
    'Co-authored publication, within 10 years of its end date',
  );
  await rulesTable(page)
    .getByRole('button', { name: 'Edit Co-authored publication within 10 years' })
    .click();
  const editDialog = page.getByRole('dialog', { name: /^Edit rule/ });
  await editDialog
    .getByRole('textbox', { name: 'Title' })
    .fill('Co-authored publication within 12 years');
  await editDialog.getByRole('textbox', { name: 'Number of years' }).fill('12');
  await editDialog.getByRole('button', { name: 'Save rule' }).click();
  await expect(rulesTable(page)).toContainText(
    'Co-authored publication, within 12 years of its end date',
  );
  await rulesTable(page).getByRole('button', { name: 'Delete Advisor (always)' }).click();
  await page
    .getByRole('dialog', { name: 'Delete rule' })
    .getByRole('button', { name: 'Delete rule' })
    .click();
  await expect(
    page.getByRole('status').filter({ hasText: "Rule 'Advisor (always)' deleted." }),
  ).toBeVisible();
  await expect(rulesTable(page).getByRole('row')).toHaveCount(2);

  // The committee by e-mail: Ada has an account, the other address nobody has yet.
  const stranger = uniqueEmail('stranger');
  await page
    .getByRole('textbox', { name: "Members' e-mail addresses" })
    .fill(`${ada.email}, ${stranger}`);
  await page.getByRole('button', { name: 'Add to committee' }).click();
  await expect(
    page.getByRole('status').filter({
      hasText: `Added 2 members. Invited by e-mail, having no account yet: ${stranger}.`,
    }),
  ).toBeVisible();
  const committee = page.getByRole('table', { name: /^Programme committee/ });
  await expect(committee.getByRole('row').filter({ hasText: ada.email })).toContainText(
    'Ada Lovelace',
  );
  const strangerRow = committee.getByRole('row').filter({ hasText: stranger });
  await expect(strangerRow).toContainText('No account yet');
  await expect(strangerRow).toContainText(`by ${chair.firstName} ${chair.lastName}`);
  await expect(strangerRow).toContainText(/Invited \d{1,2} \w{3} \d{4}/);
  // Invite again: a second mail, and the row counts them.
  await strangerRow.getByRole('button', { name: `Invite ${stranger} again` }).click();
  await expect(
    page.getByRole('status').filter({ hasText: `Invitation sent to ${stranger}.` }),
  ).toBeVisible();
  await expect(strangerRow).toContainText('(2 mails)');

  // The stranger signs up through the link in the mail and becomes the committee's member.
  const strangerContext = await browser.newContext();
  const invitee = await strangerContext.newPage();
  await expectMail(invitee, stranger, /invited you to the programme committee of Recuse Symposium/);
  await invitee.goto(await findLinkInMail(invitee, stranger, '/registration/'));
  await expect(invitee.getByLabel('Email')).toHaveValue(stranger);
  await expect(invitee.getByLabel('Email')).toBeDisabled();
  const strangerPassword = `Start#${Date.now().toString(36)}9X`;
  await invitee.getByLabel('First name').fill('Sven');
  await invitee.getByLabel('Last name').fill('Stranger');
  await invitee.getByLabel('I do not have a DBLP URL').check();
  await invitee.getByLabel('Password', { exact: true }).fill(strangerPassword);
  await invitee.getByLabel('Confirm password').fill(strangerPassword);
  await invitee.getByLabel(/^I agree to become a member/).check();
  await invitee.getByRole('button', { name: 'Create account' }).click();
  await expect(invitee.getByRole('heading', { name: 'Thank you!' })).toBeVisible();
  await expect(invitee.getByText(messages.registrationCreatedInvited)).toBeVisible();
  await strangerContext.close();
  await page.reload();
  await expect(strangerRow).toContainText('Sven Stranger');
  await expect(strangerRow).not.toContainText('No account yet');
  await expect(strangerRow.getByRole('button')).toHaveCount(0);
  await page.getByRole('textbox', { name: "Members' e-mail addresses" }).fill(ada.email);
  await page.getByRole('button', { name: 'Add to committee' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: `Already on the committee: ${ada.email}.` }),
  ).toBeVisible();

  // A co-chair, and a refusal for an address without an account.
  await page.getByRole('textbox', { name: "Co-chair's e-mail" }).fill(uniqueEmail('nobody'));
  await page.getByRole('button', { name: 'Add co-chair' }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'No registered user has this e-mail address.' }),
  ).toBeVisible();
  await page.getByRole('textbox', { name: "Co-chair's e-mail" }).fill(coChair.email);
  await page.getByRole('button', { name: 'Add co-chair' }).click();
  await expect(
    page
      .getByRole('status')
      .filter({ hasText: `${coChair.email} now chairs this conference too.` }),
  ).toBeVisible();
  // Both chairs are listed, the signed-in one marked.
  const chairs = page.getByRole('table', { name: 'Co-chairs' });
  await expect(chairs.getByRole('row')).toHaveCount(3);
  await expect(chairs.getByRole('row').filter({ hasText: chair.email })).toContainText(
    `${chair.firstName} ${chair.lastName} (you)`,
  );
  const coChairRow = chairs.getByRole('row').filter({ hasText: coChair.email });
  await expect(coChairRow).toContainText(`${coChair.firstName} ${coChair.lastName}`);
  await expect(coChairRow).not.toContainText('(you)');

  // The details change.
  await page.getByRole('textbox', { name: 'Name' }).fill(`${label} (renamed)`);
  await page.getByRole('button', { name: 'Save details' }).click();
  await expect(page.getByRole('heading', { level: 1, name: `${label} (renamed)` })).toBeVisible();
  await expectNoAxeViolationsAtSizes(page, sizes);

  // The co-chair finds it among their conferences.
  const coChairContext = await browser.newContext();
  const coChairPage = await coChairContext.newPage();
  await signIn(coChairPage, coChair);
  await coChairPage.goto('/conferences');
  await expect(coChairPage.getByRole('link', { name: `${label} (renamed)` })).toBeVisible();

  // The chair removes the co-chair, after a confirmation; the co-chair loses the conference.
  await coChairRow
    .getByRole('button', { name: `Remove ${coChair.firstName} ${coChair.lastName} as a chair` })
    .click();
  const removeDialog = page.getByRole('dialog', { name: 'Remove a chair' });
  await expect(removeDialog).toContainText(
    `Remove ${coChair.firstName} ${coChair.lastName} as a chair of this conference?`,
  );
  await expectNoAxeViolationsAtSizes(page, sizes);
  await removeDialog.getByRole('button', { name: 'Remove' }).click();
  await expect(
    page.getByRole('status').filter({
      hasText: `${coChair.firstName} ${coChair.lastName} no longer chairs this conference.`,
    }),
  ).toBeVisible();
  await expect(chairs.getByRole('row')).toHaveCount(2);
  await expect(chairs).not.toContainText(coChair.email);
  await coChairPage.reload();
  await expect(coChairPage.getByText('You do not chair any conference yet.')).toBeVisible();
  await coChairPage.goto(`/conferences/${confid}`);
  await expect(
    coChairPage.getByText('Only the chairs of this conference and administrators may change it.'),
  ).toBeVisible();
  await coChairContext.close();

  // The last chair stays: the dialog says why.
  await chairs
    .getByRole('button', { name: `Remove ${chair.firstName} ${chair.lastName} as a chair` })
    .click();
  await removeDialog.getByRole('button', { name: 'Remove' }).click();
  await expect(removeDialog.getByRole('alert')).toContainText(
    'A conference needs at least one chair',
  );
  await removeDialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(chairs.getByRole('row')).toHaveCount(2);

  // A researcher picks it on View conflicts and gets conflicts under its rule: Di Xu's paper
  // (2019) counts within 12 years.
  const researcherContext = await browser.newContext();
  const researcher = await researcherContext.newPage();
  await signIn(researcher, ada);
  await researcher.getByRole('link', { name: 'View conflicts' }).click();
  await waitForPageSettled(researcher);
  await researcher.getByRole('combobox', { name: 'Conference' }).click();
  await researcher.getByRole('option', { name: `${label} (renamed)` }).click();
  await expect(researcher).toHaveURL(`/relations/conflicts/${name}/${confid}`);
  await expect(
    researcher.getByRole('checkbox', { name: 'Co-authored publication within 12 years' }),
  ).toBeChecked();
  await researcher.getByRole('button', { name: 'Generate conflict list' }).click();
  await expect(researcher.getByRole('button', { name: /^Di Xu/ })).toBeVisible();
  await researcherContext.close();

  // Deleting it takes it off everyone's list.
  await page.getByRole('button', { name: 'Delete conference' }).click();
  await page
    .getByRole('dialog', { name: 'Delete conference' })
    .getByRole('button', { name: /^Delete / })
    .click();
  await expect(page).toHaveURL('/conferences');
  await expect(page.getByText('You do not chair any conference yet.')).toBeVisible();
});

test('a chair who removes themselves leaves the conference page with a sentence', async ({
  page,
}) => {
  const chair = await createConfirmedAccount(page, 'Leaving');
  const staying = await createConfirmedAccount(page, 'Staying');
  await signIn(page, chair);
  const name = acronym();
  const label = `Handed over ${name}`;
  const headers = await bearerOf(page);
  const created = await page.request.post('/v1/web/conference/data/save', {
    headers,
    data: { name, label, reference_date: null },
  });
  expect(created.status(), await created.text()).toBe(200);
  const { conference } = (await created.json()) as { conference: { confid: number } };
  const added = await page.request.post(`/v1/web/conference/data/chair/add/${conference.confid}`, {
    headers,
    data: { email: staying.email },
  });
  expect(added.status(), await added.text()).toBe(200);

  await page.goto(`/conferences/${conference.confid}`);
  const chairs = page.getByRole('table', { name: 'Co-chairs' });
  await expect(chairs.getByRole('row')).toHaveCount(3);
  await chairs
    .getByRole('button', { name: `Remove ${chair.firstName} ${chair.lastName} as a chair` })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Remove a chair' });
  await expect(dialog).toContainText('Stop chairing this conference?');
  await dialog.getByRole('button', { name: 'Remove' }).click();
  await expect(page).toHaveURL('/conferences');
  await expect(
    page.getByRole('status').filter({ hasText: `You no longer chair ${label}.` }),
  ).toBeVisible();
  await expect(page.getByText('You do not chair any conference yet.')).toBeVisible();
});

test('a conference without rules generates an empty list with a sentence, not an error', async ({
  page,
}) => {
  // A fresh account: whoever creates a conference chairs it, and the demo's people must not.
  await signIn(page, await createConfirmedAccount(page, 'Norules'));
  const name = acronym();
  const created = await page.request.post('/v1/web/conference/data/save', {
    headers: await bearerOf(page),
    data: { name, label: `No rules ${name}`, reference_date: null },
  });
  expect(created.status(), await created.text()).toBe(200);
  const { conference } = (await created.json()) as { conference: { confid: number } };
  await page.goto(`/relations/conflicts/${name}/${conference.confid}`);
  await waitForPageSettled(page);
  await page.getByRole('button', { name: 'Generate conflict list' }).click();
  await expect(
    page.getByText('This conference has no rules yet, so no conflicts are generated.'),
  ).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
});

test('an administrator edits a DEFAULT rule from the browser', async ({ page }) => {
  await signIn(page, administrator);
  await page.getByRole('link', { name: 'Administration' }).first().click();
  await page.getByRole('link', { name: 'Default rules' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Default rules' })).toBeVisible();
  await expectNoAxeViolationsAtSizes(page, sizes);

  const award = rulesTable(page).getByRole('row').filter({ hasText: 'Joint award within 4 years' });
  await expect(award).toContainText('within 4 years of its end date');
  const setYears = async (years: string) => {
    await award.getByRole('button', { name: 'Edit Joint award within 4 years' }).click();
    const dialog = page.getByRole('dialog', { name: /^Edit rule/ });
    await dialog.getByRole('textbox', { name: 'Number of years' }).fill(years);
    await dialog.getByRole('button', { name: 'Save rule' }).click();
    await expect(
      page.getByRole('status').filter({ hasText: "Rule 'Joint award within 4 years' saved." }),
    ).toBeVisible();
  };
  try {
    await setYears('5');
    await expect(award).toContainText('within 5 years of its end date');
    // Everyone's conflicts page reads it.
    const rules = await page.request.get('/v1/web/conference/data/list/conferDrpList', {
      headers: await bearerOf(page),
    });
    const { default_rules: defaults } = (await rules.json()) as {
      default_rules: Array<{ value: string; number_of_year: number | null }>;
    };
    expect(defaults.find((rule) => rule.value === 'award-4y')?.number_of_year).toBe(5);
  } finally {
    await setYears('4');
  }
  await expect(award).toContainText('within 4 years of its end date');
});
