// The dashboard's help-welcome banner, and the contact-us form with its mail.
import { expect, test } from './support/test.ts';
import { messages } from '@recuse/common';
import {
  createConfirmedAccount,
  demoAccounts,
  demoSignIn,
  signIn,
  waitForPageSettled,
} from './support/accounts.ts';
import { demoPassword } from './support/mailbox.ts';

/** Where contact mails go when the server's CONTACT_EMAIL is not set. */
const contactAddress = 'admin@recuse.localhost';

test('a new user dismisses the help-welcome banner for good', async ({ page }) => {
  const account = await createConfirmedAccount(page, 'Katherine');
  await signIn(page, account);
  await expect(page.getByText('No new notifications.')).toBeVisible();

  const banner = page.getByRole('note').filter({ hasText: 'Welcome to Recuse' });
  await expect(banner).toBeVisible();
  await expect(banner.getByRole('link', { name: 'help pages' })).toHaveAttribute('href', '/help');
  await banner.getByRole('button', { name: 'Dismiss' }).click();
  await expect(banner).toBeHidden();

  await page.reload();
  await expect(page.getByRole('heading', { name: `Hello, ${account.firstName}!` })).toBeVisible();
  await expect(
    page.getByText('Please complete your profile to access all features.'),
  ).toBeVisible();
  await expect(banner).toBeHidden();
});

test('contact us asks for a subject and a message', async ({ page }) => {
  await signIn(page, demoSignIn('ada'));
  await page.goto('/contact');
  await expect(page.getByRole('heading', { name: 'Contact us' })).toBeVisible();
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByText('Please enter the subject', { exact: true })).toBeVisible();
  await expect(page.getByText('Please enter the message', { exact: true })).toBeVisible();
  await expect(page.getByRole('dialog')).toBeHidden();
});

test('a sent message thanks the user, clears the form and is mailed to the team', async ({
  page,
}) => {
  const account = { ...demoAccounts.grace, lastName: 'Hopper', password: demoPassword };
  await signIn(page, account);
  await waitForPageSettled(page);
  await page
    .getByRole('navigation', { name: 'Footer' })
    .getByRole('link', { name: 'Contact us' })
    .click();
  await expect(page).toHaveURL('/contact');

  const subject = `A question ${Date.now()}`;
  await page.getByLabel('Subject').fill(subject);
  await page.getByLabel('Message').fill('How do I record a joint grant?\nThank you.');
  await page.getByRole('button', { name: 'Send' }).click();

  const dialog = page.getByRole('dialog', { name: 'Thank you!' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(messages.contactThanks);
  await dialog.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByLabel('Subject')).toHaveValue('');
  await expect(page.getByLabel('Message')).toHaveValue('');

  // The mail reaches the team's address, saying who wrote it.
  await expect(async () => {
    await page.goto('/dev/mailbox');
    const mail = page.getByRole('article').filter({ hasText: subject });
    await expect(mail.getByRole('heading')).toHaveText(`[Recuse contact] ${subject}`, {
      timeout: 1_000,
    });
    await expect(mail.locator('.to')).toHaveText(contactAddress, { timeout: 1_000 });
    await expect(mail).toContainText(
      `${account.firstName} ${account.lastName} <${account.email}>`,
      {
        timeout: 1_000,
      },
    );
    await expect(mail).toContainText('How do I record a joint grant?', { timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
});
