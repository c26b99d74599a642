// Forgotten passwords (the mailed link) and the signed-in password change.
import { expect, test } from './support/test.ts';
import { messages } from '@recuse/common';
import {
  createConfirmedAccount,
  fillSignInForm,
  signIn,
  waitForPageSettled,
} from './support/accounts.ts';
import { findLinkInMail } from './support/mailbox.ts';

test('a forgotten password is set again from the mailed link, which works once', async ({
  page,
}) => {
  const account = await createConfirmedAccount(page, 'Lise');
  const newPassword = 'Fresh#Start42';

  await page.goto('/sign-in');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL('/forgot-password');
  await expect(page.getByRole('heading', { name: 'Forgot password' })).toBeVisible();
  await page.getByLabel('Email').fill(account.email);
  await page.getByRole('button', { name: 'Recover password' }).click();
  await expect(page.getByRole('status')).toHaveText(messages.passwordRequestSent);

  const link = await findLinkInMail(page, account.email, '/reset-password/');
  expect(new URL(link).pathname).toMatch(/^\/reset-password\/[^/]+$/);
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Set password' })).toBeVisible();
  await expect(page.getByText(`Setting the password for ${account.email}.`)).toBeVisible();
  // The account opted in when it signed up, so no consent box is asked for.
  await expect(page.getByRole('checkbox')).toHaveCount(0);

  await page.getByLabel('Password', { exact: true }).fill(newPassword);
  await page.getByLabel('Confirm password').fill('Fresh#Start43');
  await page.getByRole('button', { name: 'Set password' }).click();
  await expect(page.getByText('Password and confirm password do not match')).toBeVisible();

  await page.getByLabel('Confirm password').fill(newPassword);
  await page.getByRole('button', { name: 'Set password' }).click();
  await expect(page.getByRole('status')).toHaveText(
    'Password updated successfully. Click on the signin link above to login to the product.',
  );
  await expect(page.getByRole('button', { name: 'Set password' })).toBeHidden();
  await expect(page.getByLabel('Password', { exact: true })).toBeHidden();

  // The signin link above the message; the old password is refused, the new one works.
  await page.getByRole('link', { name: 'Sign in', exact: true }).last().click();
  await expect(page).toHaveURL('/sign-in');
  await fillSignInForm(page, account.email, account.password);
  await expect(page.getByRole('alert')).toHaveText(messages.loginFailed);
  await fillSignInForm(page, account.email, newPassword);
  await expect(page.getByRole('heading', { name: `Hello, ${account.firstName}!` })).toBeVisible();

  // The link has been used: it says so and offers no form.
  await page.goto(link);
  await expect(page.getByRole('alert')).toHaveText(messages.resetLinkInvalid);
  await expect(page.getByRole('button', { name: 'Set password' })).toBeHidden();
  await expect(page.getByLabel('Password', { exact: true })).toBeHidden();
});

test('a link with an unknown token shows an invalid-link message and no form', async ({ page }) => {
  await page.goto('/reset-password/not-a-real-token');
  await expect(page.getByRole('alert')).toHaveText(messages.resetLinkInvalid);
  await expect(page.getByRole('button', { name: 'Set password' })).toBeHidden();
});

test('recovery answers the same for an e-mail without an account', async ({ page }) => {
  await page.goto('/forgot-password');
  await page.getByLabel('Email').fill('nobody.at.all@example.org');
  await page.getByRole('button', { name: 'Recover password' }).click();
  await expect(page.getByRole('status')).toHaveText(messages.passwordRequestSent);
  await page.getByRole('link', { name: 'Back to sign in' }).click();
  await expect(page).toHaveURL('/sign-in');
});

test('a signed-in user changes the password from the user menu', async ({ page }) => {
  const account = await createConfirmedAccount(page, 'Rosalind');
  const newPassword = 'Changed#Pass77';
  await signIn(page, account);
  await waitForPageSettled(page);

  await page.getByRole('button', { name: /^User menu for / }).click();
  await page.getByRole('menuitem', { name: 'Password Reset' }).click();
  await expect(page).toHaveURL('/user/password-reset');
  await expect(page.getByRole('heading', { name: 'Password Reset' })).toBeVisible();

  await page.getByLabel('New password').fill(newPassword);
  await page.getByLabel('Confirm password').fill('Changed#Pass78');
  await page.getByRole('button', { name: 'Update password' }).click();
  await expect(page.getByText('Password and confirm password should match.')).toBeVisible();

  await page.getByLabel('Confirm password').fill(newPassword);
  await page.getByRole('button', { name: 'Update password' }).click();
  await expect(page.getByRole('status')).toHaveText('Password updated successfully.');
  await expect(page.getByLabel('New password')).toHaveValue('');

  await page.getByRole('button', { name: /^User menu for / }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL('/sign-in');
  await fillSignInForm(page, account.email, account.password);
  await expect(page.getByRole('alert')).toHaveText(messages.loginFailed);
  await fillSignInForm(page, account.email, newPassword);
  await expect(page.getByRole('heading', { name: `Hello, ${account.firstName}!` })).toBeVisible();
});

test('the set-password page asks for consent when the account has not given it', async ({
  page,
}) => {
  const account = await createConfirmedAccount(page, 'Chien');
  await page.request.post('/v1/web/user/password/request', { form: { email: account.email } });
  const link = await findLinkInMail(page, account.email, '/reset-password/');

  // The same lookup, as the server answers it for someone who never opted in (an account an
  // administrator created, say): only then is the consent box shown.
  await page.route('**/v1/web/user/password/find/*', async (route) => {
    const response = await route.fetch();
    const found = (await response.json()) as Record<string, unknown>;
    await route.fulfill({ response, json: { ...found, opted_in: 'N' } });
  });
  const sentForms: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/v1/web/user/password/reset')) {
      sentForms.push(request.postData() ?? '');
    }
  });
  await page.goto(link);
  const consent = page.getByLabel(/^I agree to become a member .* automated mails$/);
  await expect(consent).toBeVisible();
  await expect(consent).not.toBeChecked();

  const newPassword = 'Agreed#Now2026';
  await page.getByLabel('Password', { exact: true }).fill(newPassword);
  await page.getByLabel('Confirm password').fill(newPassword);
  await page.getByRole('button', { name: 'Set password' }).click();
  await expect(page.getByText(messages.termsRequired)).toBeVisible();
  expect(sentForms).toEqual([]);

  await consent.check();
  await page.getByRole('button', { name: 'Set password' }).click();
  await expect(page.getByRole('status')).toHaveText(
    'Password updated successfully. Click on the signin link above to login to the product.',
  );
  expect(new URLSearchParams(sentForms[0]).get('optedIn')).toBe('1');
  await page.goto('/sign-in');
  await fillSignInForm(page, account.email, newPassword);
  await expect(page.getByRole('heading', { name: `Hello, ${account.firstName}!` })).toBeVisible();
});

test('password recovery says so when the server cannot be reached', async ({ page }) => {
  await page.goto('/forgot-password');
  await page.route('**/v1/web/user/password/request', (route) =>
    route.abort('internetdisconnected'),
  );
  await page.getByLabel('Email').fill('someone@example.org');
  await page.getByRole('button', { name: 'Recover password' }).click();
  await expect(page.getByRole('alert')).toHaveText(messages.emailCouldNotBeSent);
  await expect(page.getByRole('button', { name: 'Recover password' })).toBeEnabled();
});
