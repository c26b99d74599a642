// Accounts for browser tests: a fresh, confirmed account per test (signed up through the
// API and confirmed through the link in its mail), signing in through the form as a person
// would, and reading the session the app keeps in localStorage.
import type { Browser, Page } from '@playwright/test';
import { expect } from '@playwright/test';
import { demoPassword, findLinkInMail, uniqueEmail } from './mailbox.ts';

export type Account = { firstName: string; lastName: string; email: string; password: string };

/** A new person with a unique e-mail and a password that meets the rules. */
export function newAccount(name: string, lastName = 'Tester'): Account {
  return {
    firstName: name,
    lastName,
    email: uniqueEmail(name.toLowerCase()),
    password: `Start#${Math.random().toString(36).slice(2, 8)}9X`,
  };
}

/** A DBLP person URL no other account has. */
export const uniqueDblpUrl = () =>
  `https://dblp.org/pid/${Math.floor(Math.random() * 900) + 100}/${Date.now() % 1_000_000}`;

/** A surname nobody else has, so a people picker finds exactly this person. */
export const uniqueSurname = () =>
  `Tester${Math.random().toString(36).slice(2, 8).replace(/\d/g, 'x')}`;

/**
 * Signs up through the API, then opens the confirmation link from the mailbox. With `dblpUrl`
 * the sign-up claims that DBLP person, as the form's DBLP URL does (an administrator decides).
 */
export async function createConfirmedAccount(
  page: Page,
  name: string,
  lastName?: string,
  options: { dblpUrl?: string } = {},
): Promise<Account> {
  const account = newAccount(name, lastName);
  const answer = await page.request.post('/v1/web/user-registration/save', {
    form: {
      FName: account.firstName,
      SName: account.lastName,
      Email: account.email,
      dblp_url: options.dblpUrl ?? '',
      noDBLP: options.dblpUrl ? '0' : '1',
      userToken: '',
      password: account.password,
      confirmPassword: account.password,
      optedIn: '1',
    },
  });
  expect(answer.status(), await answer.text()).toBe(200);
  const link = await findLinkInMail(page, account.email, '/confirm-email/');
  const confirmation = await page.request.get(link);
  expect(confirmation.url()).toContain('/sign-in?confirmed=1');
  return account;
}

/** The overlay shown for one second after every route change. */
export const routeLoader = (page: Page) => page.getByRole('status', { name: 'Loading page' });

/** Waits until the route-change loader has gone, so the page is what a person sees. */
export async function waitForPageSettled(page: Page): Promise<void> {
  await expect(routeLoader(page)).toBeHidden();
}

export async function fillSignInForm(page: Page, email: string, password: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

/** Signs in through the form and waits for the dashboard's greeting. */
export async function signIn(
  page: Page,
  account: Pick<Account, 'email' | 'password' | 'firstName'>,
): Promise<void> {
  await page.goto('/sign-in');
  await fillSignInForm(page, account.email, account.password);
  await expect(page.getByRole('heading', { name: `Hello, ${account.firstName}!` })).toBeVisible();
  await expect(page).toHaveURL('/');
}

export const demoAccounts = {
  ada: { email: 'ada@example.org', firstName: 'Ada' },
  alan: { email: 'alan@example.org', firstName: 'Alan' },
  grace: { email: 'grace@example.org', firstName: 'Grace' },
  di: { email: 'di@example.org', firstName: 'Di' },
  administrator: { email: 'admin@example.org', firstName: 'Avery' },
  chair: { email: 'chair@example.org', firstName: 'Frances' },
} as const;

/** A demo account with the demo password, as signIn takes it. */
export const demoSignIn = (name: keyof typeof demoAccounts) => ({
  ...demoAccounts[name],
  password: demoPassword,
});

/** What the app keeps in localStorage for the session (web/src/lib/session.ts). */
export const sessionKeys = {
  accessToken: 'access_token',
  refreshToken: 'refresh_token',
  expiresIn: 'expires_in',
  storedAt: 'session_stored_at',
  profile: 'profile',
} as const;

export function readStorage(page: Page, key: string): Promise<string | null> {
  return page.evaluate((name) => localStorage.getItem(name), key);
}

/** An account signed in, in a browser context of its own (close the context when done). */
export async function signedInBrowser(
  browser: Browser,
  account: { email: string; firstName: string; password: string },
) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, account);
  return { context, page };
}
