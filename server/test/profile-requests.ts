// Requests of the profile calls for API tests: a valid profile form to start from, and the
// calls themselves, each answering what a client would see.
import { count, eq } from 'drizzle-orm';
import type { Db } from '../src/db/client.ts';
import { affiliations, auditLog, institutions, jobs, outbox, users } from '../src/db/schema.ts';
import type { User } from '../src/db/schema.ts';
import type { TestApp } from './build-test-app.ts';
import type { Tokens } from './factories.ts';
import { bearer, buildUser, form, positionIds, signIn } from './factories.ts';

export type AffiliationInput = Record<string, unknown>;

/** One affiliation row as the browser sends it: current, at an institution picked by id. */
export const affiliationRow = (
  institutionId: number,
  overrides: AffiliationInput = {},
): AffiliationInput => ({
  institutionId,
  positionId: positionIds.faculty,
  startDate: '2021-09-01',
  endDate: '',
  current: 1,
  ...overrides,
});

/** A complete, valid profile form for the user, with the given affiliation rows. */
export function profileForm(
  user: User,
  rows: AffiliationInput[] | string,
  overrides: Record<string, string | undefined> = {},
) {
  return {
    FName: user.firstName,
    SName: user.lastName,
    oName1: '',
    oName2: '',
    Email: user.email!,
    secEmail: '',
    dblp_url: '',
    source_type: '3',
    institutionDetails: typeof rows === 'string' ? rows : JSON.stringify(rows),
    ...overrides,
  };
}

export async function signedInUser(t: TestApp, overrides: Parameters<typeof buildUser>[1] = {}) {
  const user = await buildUser(t.db, overrides);
  return { user, session: await signIn(t.app, user.email!) };
}

const post = (
  t: TestApp,
  url: string,
  session: Tokens,
  fields: Record<string, string | undefined>,
) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: { ...bearer(session), ...form(fields).headers },
    payload: form(fields).payload,
  });

export const saveProfile = (
  t: TestApp,
  session: Tokens,
  fields: Record<string, string | undefined>,
) => post(t, '/v1/web/user/data/save', session, fields);

export const linkAccount = (t: TestApp, session: Tokens, dblpUrl: string | undefined) =>
  post(t, '/v1/web/user/linkaccount', session, { DBLPUrl: dblpUrl });

export const getFullProfile = (t: TestApp, session: Tokens) =>
  t.app.inject({ method: 'POST', url: '/v1/web/user/fullprofile', headers: bearer(session) });

/**
 * Everything a profile save or a link could change, to show that a refused one changed
 * nothing: the user rows, affiliations, institutions, audit rows, jobs and mails.
 */
export async function snapshotDatabase(db: Db, userId: number) {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  const rows = await db
    .select()
    .from(affiliations)
    .where(eq(affiliations.userId, userId))
    .orderBy(affiliations.id);
  const counter = async (table: typeof users | typeof institutions | typeof auditLog) =>
    (await db.select({ n: count() }).from(table))[0]!.n;
  return {
    user,
    affiliations: rows,
    users: await counter(users),
    institutions: await counter(institutions),
    auditRows: await counter(auditLog),
    jobs: (await db.select({ n: count() }).from(jobs))[0]!.n,
    mails: (await db.select({ n: count() }).from(outbox))[0]!.n,
  };
}
