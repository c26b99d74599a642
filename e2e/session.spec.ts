// The session in the browser: token refresh, the end of a session the server no longer
// knows, the route guards, the error pages, and the signed-in frame.
import { expect, test } from './support/test.ts';
import {
  createConfirmedAccount,
  demoSignIn,
  readStorage,
  sessionKeys,
  signIn,
  waitForPageSettled,
} from './support/accounts.ts';

const ada = demoSignIn('ada');

test('tokens are refreshed 50 minutes before they expire and the user stays signed in', async ({
  page,
}) => {
  const account = await createConfirmedAccount(page, 'Barbara');
  await signIn(page, account);
  const oldAccessToken = await readStorage(page, sessionKeys.accessToken);
  const oldRefreshToken = await readStorage(page, sessionKeys.refreshToken);
  const expiresIn = Number(await readStorage(page, sessionKeys.expiresIn));
  expect(expiresIn).toBeGreaterThan(50 * 60);

  // Pretend the tokens were stored just past the refresh point (expiry minus 50 minutes).
  await page.evaluate(({ key, storedAt }) => localStorage.setItem(key, String(storedAt)), {
    key: sessionKeys.storedAt,
    storedAt: Date.now() - (expiresIn - 50 * 60 + 5) * 1000,
  });
  await expect.poll(() => readStorage(page, sessionKeys.accessToken)).not.toBe(oldAccessToken);
  const newAccessToken = await readStorage(page, sessionKeys.accessToken);
  expect(newAccessToken).toBeTruthy();
  expect(await readStorage(page, sessionKeys.refreshToken)).not.toBe(oldRefreshToken);
  const storedAt = Number(await readStorage(page, sessionKeys.storedAt));
  expect(Date.now() - storedAt).toBeLessThan(60_000);

  // The new token is what the app now uses, and the user is still signed in after a reload.
  const profile = await page.request.get('/v1/web/user/profile', {
    headers: { Authorization: `Bearer ${newAccessToken}` },
  });
  expect(profile.status()).toBe(200);
  await page.reload();
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('heading', { name: `Hello, ${account.firstName}!` })).toBeVisible();
  expect(await readStorage(page, sessionKeys.accessToken)).toBe(newAccessToken);
});

test('a session the server has ended clears storage and returns to sign-in', async ({ page }) => {
  const account = await createConfirmedAccount(page, 'Hedy');
  await signIn(page, account);
  const accessToken = await readStorage(page, sessionKeys.accessToken);

  const logout = await page.request.get('/v1/user/logout', {
    headers: { Authorization: `Bearer ${accessToken}` },
  });
  expect(logout.status()).toBe(200);

  await page.reload();
  await expect(page).toHaveURL('/sign-in');
  await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
  for (const key of Object.values(sessionKeys)) expect(await readStorage(page, key)).toBeNull();
});

test('a guest is sent to sign-in from every page that needs a session', async ({ page }) => {
  for (const path of ['/', '/relations', '/user/profile', '/relations/add', '/contact']) {
    await page.goto(path);
    await expect(page, `from ${path}`).toHaveURL('/sign-in');
  }
  await page.goto('/no/such/page');
  await expect(page).toHaveURL('/sign-in');
});

test('a guest may open the sign-up, password, help and error pages', async ({ page }) => {
  for (const path of ['/registration', '/forgot-password', '/help', '/lock', '/404', '/500']) {
    await page.goto(path);
    await expect(page, `at ${path}`).toHaveURL(path);
  }
});

test('a signed-in user is sent from sign-in and unknown paths to the dashboard', async ({
  page,
}) => {
  await signIn(page, ada);
  await page.goto('/sign-in');
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('heading', { name: 'Hello, Ada!' })).toBeVisible();
  await page.goto('/no/such/page');
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('heading', { name: 'Hello, Ada!' })).toBeVisible();
});

test('the error pages say what happened and lead home', async ({ page }) => {
  await page.goto('/404');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await page.getByRole('link', { name: 'Go back home' }).click();
  // A guest's home is the sign-in page.
  await expect(page).toHaveURL('/sign-in');

  await page.goto('/500');
  await expect(
    page.getByRole('heading', { name: 'Something has gone seriously wrong' }),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go back home' })).toBeVisible();
});

test('the signed-in frame has the navigation, the user menu and the footer', async ({ page }) => {
  await signIn(page, ada);
  await waitForPageSettled(page);

  const nav = page.getByRole('navigation', { name: 'Main', exact: true });
  // Home carries Ada's unread count when another test has not read her demo notification yet.
  await expect(nav.getByRole('link')).toHaveText([
    /^Home/,
    'List relations',
    'Add relation',
    'View conflicts',
    'Conferences',
    'Help',
  ]);
  const destinations = {
    'List relations': '/relations',
    'Add relation': '/relations/add',
    'View conflicts': '/relations/conflicts',
    Conferences: '/conferences',
    Help: '/help',
    Home: '/',
  };
  for (const [label, path] of Object.entries(destinations)) {
    await nav.getByRole('link', { name: label }).click();
    await expect(page).toHaveURL(path);
  }

  await page.getByRole('button', { name: 'User menu for Ada Lovelace' }).click();
  await expect(page.getByRole('menuitem')).toHaveText(['My Profile', 'Password Reset', 'Logout']);
  await page.getByRole('menuitem', { name: 'My Profile' }).click();
  await expect(page).toHaveURL('/user/profile');
  await expect(page.getByRole('heading', { name: 'My Profile' })).toBeVisible();

  const footer = page.getByRole('navigation', { name: 'Footer' });
  await expect(footer.getByRole('link')).toHaveText(['Contact us', 'Help']);
  await footer.getByRole('link', { name: 'Contact us' }).click();
  await expect(page).toHaveURL('/contact');
});

test('the footer offers Contact us only when the profile has an e-mail', async ({ page }) => {
  await page.goto('/sign-in');
  const footer = page.getByRole('navigation', { name: 'Footer' });
  await expect(footer.getByRole('link')).toHaveText(['Help']);

  // The same user, as if the profile had no e-mail on record.
  await page.route('**/v1/web/user/profile', async (route) => {
    const response = await route.fetch();
    const profile = (await response.json()) as Record<string, unknown>;
    await route.fulfill({ response, json: { ...profile, Email: '' } });
  });
  // The footer shows only Help before any profile has arrived too, so the check waits for the
  // altered profile to have been answered; unrouting while it is under way fails the route.
  const alteredProfile = page.waitForResponse('**/v1/web/user/profile');
  await signIn(page, ada);
  await alteredProfile;
  await expect(footer.getByRole('link')).toHaveText(['Help']);

  await page.unroute('**/v1/web/user/profile');
  await page.reload();
  await expect(footer.getByRole('link')).toHaveText(['Contact us', 'Help']);
});
