// Every page passes an axe check (docs/product.md, "The screens", Accessibility). Each page is
// checked once it has settled (after the route-change loader), in the states a person meets it in.
import { expect, test } from './support/test.ts';
import {
  createConfirmedAccount,
  demoSignIn,
  signIn,
  waitForPageSettled,
} from './support/accounts.ts';
import { findLinkInMail } from './support/mailbox.ts';
import { saveCoauthoredPaper, uniqueTitle } from './support/relations.ts';
import { expectNoAxeViolations } from './support/axe.ts';

test.describe('guest pages pass axe', () => {
  const guestPages = [
    { path: '/sign-in', heading: 'Sign in' },
    { path: '/registration', heading: 'Sign up' },
    { path: '/forgot-password', heading: 'Forgot password' },
    { path: '/help', heading: 'Help' },
    { path: '/help/faq', heading: 'Help' },
    { path: '/404', heading: 'Page not found' },
    { path: '/500', heading: 'Something has gone seriously wrong' },
  ];
  for (const { path, heading } of guestPages) {
    test(path, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await expectNoAxeViolations(page);
    });
  }

  test('sign-in with a refused password', async ({ page }) => {
    await page.goto('/sign-in');
    await page.getByLabel('Email').fill('nobody@example.org');
    await page.getByLabel('Password', { exact: true }).fill('Nobody#2026');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page.getByRole('alert')).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test('registration listing its errors', async ({ page }) => {
    await page.goto('/registration');
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByRole('alert')).toContainText('Please check below fields:');
    await expectNoAxeViolations(page);
  });

  test('set password from a mailed link', async ({ page }) => {
    const account = await createConfirmedAccount(page, 'Ida');
    await page.request.post('/v1/web/user/password/request', { form: { email: account.email } });
    await page.goto(await findLinkInMail(page, account.email, '/reset-password/'));
    await expect(page.getByRole('button', { name: 'Set password' })).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test('set password from an invalid link', async ({ page }) => {
    await page.goto('/reset-password/not-a-real-token');
    await expect(page.getByRole('alert')).toBeVisible();
    await expectNoAxeViolations(page);
  });
});

test("a new user's dashboard, with the welcome banner and the profile warning, passes axe", async ({
  page,
}) => {
  await signIn(page, await createConfirmedAccount(page, 'Grete'));
  await expect(page.getByRole('note').filter({ hasText: 'Welcome to Recuse' })).toBeVisible();
  await expect(
    page.getByText('Please complete your profile to access all features.'),
  ).toBeVisible();
  await expectNoAxeViolations(page);
});

test.describe('signed-in pages pass axe', () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page, demoSignIn('ada'));
  });

  test('dashboard with notifications', async ({ page }) => {
    await expect(page.getByRole('heading', { name: 'Notifications' })).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test('user menu open', async ({ page }) => {
    await waitForPageSettled(page);
    await page.getByRole('button', { name: 'User menu for Ada Lovelace' }).click();
    await expect(page.getByRole('menuitem', { name: 'Logout' })).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test('contact us, with its errors and its thank-you dialog', async ({ page }) => {
    await page.goto('/contact');
    await expect(page.getByRole('heading', { name: 'Contact us' })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Send' }).click();
    await expect(page.getByText('Please enter the subject', { exact: true })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByLabel('Subject').fill('Accessibility check');
    await page.getByLabel('Message').fill('Checking the thank-you dialog.');
    await page.getByRole('button', { name: 'Send' }).click();
    await expect(page.getByRole('dialog', { name: 'Thank you!' })).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test('password reset', async ({ page }) => {
    await page.goto('/user/password-reset');
    await expect(page.getByRole('heading', { name: 'Password Reset' })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Update password' }).click();
    await expect(page.getByText('Please enter password', { exact: true })).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test('relations list, by type with every section open, and the pending list', async ({
    page,
  }) => {
    await page.goto('/relations/pending');
    await expect(
      page.getByText(/You have \d+ pending relation\(s\) with other users/),
    ).toBeVisible();
    await expectNoAxeViolations(page);
    await page.goto('/relations');
    await expect(page.getByText(/You have \d+ relation\(s\) with other users/)).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test('add relation, with a publication type chosen and its errors listed', async ({ page }) => {
    await page.goto('/relations/add');
    await expect(page.getByRole('heading', { name: 'Add new relation' })).toBeVisible();
    await page.getByRole('combobox', { name: 'Relation type' }).click();
    await page.getByRole('option', { name: 'Co-authored publication', exact: true }).click();
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(
      page.getByRole('alert').filter({ hasText: 'Please check below fields:' }),
    ).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test('a relation with its status badges, actions and activity log', async ({ page }) => {
    await page.goto('/relations/view/1');
    await expect(page.getByRole('heading', { name: /^Relation - / })).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test('conflicts, generated for the default conference', async ({ page }) => {
    await page.goto('/relations/conflicts');
    await page.getByRole('button', { name: 'Generate conflict list' }).click();
    await expect(page.getByRole('heading', { name: /^People \(\d+\)$/ })).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test('help, signed in', async ({ page }) => {
    await page.goto('/help/interface');
    await expect(page.getByRole('heading', { level: 1, name: 'Help' })).toBeVisible();
    await expectNoAxeViolations(page);
  });
});

// Pages the researcher-side work changed (required marks, the list's search, filters and
// downloads), at a desktop width and at a phone's.
for (const viewport of [
  { width: 1280, height: 800 },
  { width: 375, height: 812 },
]) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });

    test('sign-in and sign-up with their required marks', async ({ page }) => {
      await page.goto('/sign-in');
      await expect(
        page.getByText('Fields marked with an asterisk (*) are required.'),
      ).toBeVisible();
      await expectNoAxeViolations(page);
      await page.goto('/registration');
      await expect(
        page.getByText('Fields marked with an asterisk (*) are required.'),
      ).toBeVisible();
      await expectNoAxeViolations(page);
    });

    test('relations list searched and filtered, with its downloads', async ({ page }) => {
      await signIn(page, demoSignIn('ada'));
      await page.goto('/relations');
      await page.getByRole('searchbox', { name: 'Search by person or title' }).fill('a');
      await page.getByRole('combobox', { name: 'Status' }).click();
      await page.getByRole('option', { name: 'Pending', exact: true }).click();
      await expect(page.getByRole('status').filter({ hasText: /match/ })).toBeVisible();
      await expect(page.getByRole('button', { name: /as CSV$/ })).toBeVisible();
      await expectNoAxeViolations(page);
    });

    test('dashboard with the unread count in the navigation and Mark all read', async ({
      page,
    }) => {
      // Two notifications for a new person: Ada names them on two papers.
      const reader = await createConfirmedAccount(page, 'Nora');
      await signIn(page, demoSignIn('ada'));
      for (const words of ['Counted paper one', 'Counted paper two']) {
        await saveCoauthoredPaper(page, {
          title: uniqueTitle(words),
          year: new Date().getFullYear() - 1,
          coauthors: [{ coauthor_name: reader.email }],
        });
      }
      await page.evaluate(() => localStorage.clear());
      await signIn(page, reader);
      await expect(page.getByRole('button', { name: 'Mark all read' })).toBeVisible();
      await expectNoAxeViolations(page);
      if (viewport.width < 1000) {
        await page.getByRole('button', { name: 'Toggle navigation' }).click();
        await expect(
          page.getByRole('navigation', { name: 'Main (mobile)' }).getByRole('link', {
            name: /unread notifications/,
          }),
        ).toBeVisible();
        await expectNoAxeViolations(page);
      }
    });

    test('add relation with a person type chosen', async ({ page }) => {
      await signIn(page, demoSignIn('ada'));
      await page.goto('/relations/add');
      await page.getByRole('combobox', { name: 'Relation type' }).click();
      await page.getByRole('option', { name: 'Personal relationship', exact: true }).click();
      await expect(page.getByRole('combobox', { name: 'Person name', exact: true })).toBeVisible();
      await expectNoAxeViolations(page);
    });
  });
}
