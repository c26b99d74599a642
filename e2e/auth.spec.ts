// Sign-up, the confirmation mail, sign-in and logout, as a new researcher goes through them.
import { expect, test } from './support/test.ts';
import { messages } from '@recuse/common';
import {
  createConfirmedAccount,
  fillSignInForm,
  newAccount,
  signIn,
  uniqueDblpUrl,
  uniqueSurname,
  waitForPageSettled,
} from './support/accounts.ts';
import { findLinkInMail, uniqueEmail } from './support/mailbox.ts';
import { saveCoauthoredPaper, uniqueTitle } from './support/relations.ts';

test('a new researcher signs up, confirms the e-mail, signs in and logs out', async ({ page }) => {
  const account = newAccount('Marie');

  await page.goto('/sign-in');
  await page.getByRole('link', { name: 'New user? Sign up' }).click();
  await expect(page).toHaveURL('/registration');
  await expect(page.getByRole('heading', { name: 'Sign up' })).toBeVisible();

  await page.getByLabel('First name').fill(account.firstName);
  await page.getByLabel('Last name').fill(account.lastName);
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('DBLP URL', { exact: true }).fill(uniqueDblpUrl());
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByLabel('Confirm password').fill(account.password);
  await expect(page.getByRole('note').filter({ hasText: 'Password rules' })).toContainText(
    'Password must be 8 to 50 characters long',
  );
  await page
    .getByLabel(/^I agree to become a member .* consent to cookies and automated mails$/)
    .check();

  // Hold the request, so the busy text can be seen while the account is being created.
  let releaseSignUp!: () => void;
  const signUpHeld = new Promise<void>((resolve) => (releaseSignUp = resolve));
  await page.route('**/v1/web/user-registration/save', async (route) => {
    await signUpHeld;
    await route.continue();
  });
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('button', { name: 'Please wait...' })).toBeDisabled();
  releaseSignUp();

  await expect(page.getByRole('heading', { name: 'Thank you!' })).toBeVisible();
  await expect(page.getByText(messages.registrationCreated)).toBeVisible();
  await page.getByRole('link', { name: 'Go to sign in' }).click();
  await expect(page).toHaveURL('/sign-in');

  // Before the e-mail is confirmed, the password is right but sign-in is refused.
  await fillSignInForm(page, account.email, account.password);
  await expect(page.getByRole('alert')).toHaveText(messages.accountNotConfirmed);
  await expect(page).toHaveURL('/sign-in');

  // The mail in the development mailbox, and its link.
  const link = await findLinkInMail(page, account.email, '/v1/web/user/confirm-email/');
  await expect(
    page.getByRole('article').filter({ hasText: account.email }).getByRole('heading').first(),
  ).toHaveText('Confirm your email address for Recuse');
  await page.goto(link);
  await expect(page).toHaveURL('/sign-in?confirmed=1');
  await expect(page.getByRole('status').filter({ hasText: messages.emailConfirmed })).toBeVisible();

  // A wrong password gets the server's message; the right one signs in.
  await fillSignInForm(page, account.email, 'Wrong#Password1');
  await expect(page.getByRole('alert')).toHaveText(messages.loginFailed);
  await fillSignInForm(page, account.email, account.password);

  await expect(page).toHaveURL('/');
  await expect(page.getByRole('heading', { name: `Hello, ${account.firstName}!` })).toBeVisible();
  await expect(
    page.getByText('Please complete your profile to access all features.'),
  ).toBeVisible();

  await waitForPageSettled(page);
  await page.getByRole('button', { name: /^User menu for / }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL('/sign-in');
  await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('access_token'))).toBeNull();

  // The session is over: a guarded page sends the visitor back to sign-in.
  await page.goto('/relations');
  await expect(page).toHaveURL('/sign-in');
});

test('sign-up with "I do not have a DBLP URL" ticked needs no DBLP URL', async ({ page }) => {
  const account = newAccount('Emmy');
  await page.goto('/registration');
  await page.getByLabel('First name').fill(account.firstName);
  await page.getByLabel('Last name').fill(account.lastName);
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('I do not have a DBLP URL').check();
  await expect(page.getByLabel('DBLP URL', { exact: true })).toBeDisabled();
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByLabel('Confirm password').fill(account.password);
  await page.getByLabel(/^I agree to become a member/).check();
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('heading', { name: 'Thank you!' })).toBeVisible();
  await findLinkInMail(page, account.email, '/v1/web/user/confirm-email/');
});

test('an empty sign-up form lists every missing field under one heading', async ({ page }) => {
  await page.goto('/registration');
  await page.getByRole('button', { name: 'Create account' }).click();

  const alert = page.getByRole('alert');
  await expect(alert).toContainText('Please check below fields:');
  await expect(alert.getByRole('listitem')).toHaveText([
    'Please enter first name',
    'Please enter last name',
    'Please enter valid email address',
    'Please enter password',
    messages.dblpUrlInvalid,
    'Please tick the terms checkbox',
  ]);
  await expect(page.getByRole('heading', { name: 'Thank you!' })).toBeHidden();
});

test('sign-up refuses passwords that differ from their confirmation', async ({ page }) => {
  const account = newAccount('Sophie');
  await page.goto('/registration');
  await page.getByLabel('First name').fill(account.firstName);
  await page.getByLabel('Last name').fill(account.lastName);
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('I do not have a DBLP URL').check();
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByLabel('Confirm password').fill(`${account.password}x`);
  await page.getByLabel(/^I agree to become a member/).check();
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('alert').getByRole('listitem')).toHaveText([
    'Password and confirm password should match.',
  ]);
});

test('sign-in says "signing in..." while it waits for the server', async ({ page }) => {
  await page.goto('/sign-in');
  let releaseLogin!: () => void;
  const loginHeld = new Promise<void>((resolve) => (releaseLogin = resolve));
  await page.route('**/v1/user/login', async (route) => {
    await loginHeld;
    await route.continue();
  });
  await fillSignInForm(page, 'nobody@example.org', 'Nobody#2026');
  await expect(page.getByRole('button', { name: 'signing in...' })).toBeDisabled();
  releaseLogin();
  await expect(page.getByRole('alert')).toHaveText(messages.loginFailed);
  await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeEnabled();
});

test('sign-in checks the e-mail format before asking the server', async ({ page }) => {
  await page.goto('/sign-in');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByText('Please enter email', { exact: true })).toBeVisible();
  await expect(page.getByText('Please enter password', { exact: true })).toBeVisible();
  await page.getByLabel('Email').fill('not-an-email');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByText('Please enter valid email address')).toBeVisible();
});

test('a demo account signs in and out from the user menu', async ({ page }) => {
  await signIn(page, { email: 'alan@example.org', password: 'Demo#2026', firstName: 'Alan' });
  await waitForPageSettled(page);
  await page.getByRole('button', { name: 'User menu for Alan Turing' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL('/sign-in');
});

test('an invited person signs up at /registration/{token} and signs in without confirming', async ({
  browser,
  page,
}) => {
  // A member names an address nobody has; the invitation mail carries the token.
  const inviter = await createConfirmedAccount(page, 'Irene', uniqueSurname());
  await signIn(page, inviter);
  const invitedEmail = uniqueEmail('invited');
  await saveCoauthoredPaper(page, {
    title: uniqueTitle('An invitation to sign up'),
    year: new Date().getFullYear() - 1,
    coauthors: [{ coauthor_name: invitedEmail }],
  });
  const link = await findLinkInMail(page, invitedEmail, '/relations/validate/new/');
  const token = new URL(link).pathname.split('/').pop()!;

  const guestContext = await browser.newContext();
  const guest = await guestContext.newPage();
  // A token that is not an invitation says so, and the ordinary sign-up stays open.
  await guest.goto('/registration/not-a-real-token');
  await expect(guest.getByRole('alert')).toHaveText(messages.invitationInvalid);
  await expect(guest.getByLabel('Email')).toBeEnabled();
  await expect(guest.getByLabel('Email')).toHaveValue('');

  await guest.goto(`/registration/${token}`);
  const email = guest.getByLabel('Email');
  await expect(email).toHaveValue(invitedEmail);
  await expect(email).toBeDisabled();
  const account = newAccount('Invitee', uniqueSurname());
  await guest.getByLabel('First name').fill(account.firstName);
  await guest.getByLabel('Last name').fill(account.lastName);
  await guest.getByLabel('DBLP URL', { exact: true }).fill(uniqueDblpUrl());
  await guest.getByLabel('Password', { exact: true }).fill(account.password);
  await guest.getByLabel('Confirm password').fill(account.password);
  await guest.getByLabel(/^I agree to become a member/).check();
  await guest.getByRole('button', { name: 'Create account' }).click();
  await expect(guest.getByRole('heading', { name: 'Thank you!' })).toBeVisible();

  // The invitation proved the address, so sign-in works at once.
  await guest.getByRole('link', { name: 'Go to sign in' }).click();
  await fillSignInForm(guest, invitedEmail, account.password);
  await expect(guest.getByRole('heading', { name: 'Hello, Invitee!' })).toBeVisible();
  await guestContext.close();
});

test('sign-in says so when the server cannot be reached', async ({ page }) => {
  const account = await createConfirmedAccount(page, 'Ida');
  await page.goto('/sign-in');
  await page.route('**/v1/user/login', (route) => route.abort('internetdisconnected'));
  await fillSignInForm(page, account.email, account.password);
  await expect(page.getByRole('alert')).toHaveText(messages.signInFailed);
  await expect(page).toHaveURL('/sign-in');

  // Once the network is back the same form signs in.
  await page.unroute('**/v1/user/login');
  await fillSignInForm(page, account.email, account.password);
  await expect(page.getByRole('heading', { name: `Hello, ${account.firstName}!` })).toBeVisible();
});
