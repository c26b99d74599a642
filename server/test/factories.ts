// Factories build test data with sensible defaults, creating what they need; tests name
// only what matters to them.
import type { FastifyInstance } from 'fastify';
import type { Db } from '../src/db/client.ts';
import { institutionKey, institutionStatus } from '@recuse/common';
import { affiliations, institutions, notifications, users } from '../src/db/schema.ts';
import type { MailboxMessage } from '../src/mail/mailbox.ts';
import { insertToken } from '../src/modules/auth/auth.repo.ts';
import type { User } from '../src/modules/auth/auth.repo.ts';
import { hashPassword } from '../src/modules/auth/passwords.ts';
import { generateSecret, hashSecret } from '../src/modules/auth/secrets.ts';
import type { TestApp } from './build-test-app.ts';

export const defaultPassword = 'Correct#Horse9';
let defaultPasswordHash: Promise<string> | undefined;
let sequence = 0;

export async function buildUser(
  db: Db,
  overrides: Partial<typeof users.$inferInsert> = {},
): Promise<User> {
  sequence += 1;
  defaultPasswordHash ??= hashPassword(defaultPassword);
  const [user] = await db
    .insert(users)
    .values({
      kind: 'registered',
      firstName: `First${sequence}`,
      lastName: `Last${sequence}`,
      email: `user${sequence}.${Date.now()}@example.org`,
      passwordHash: await defaultPasswordHash,
      isEmailConfirmed: true,
      isOptedIn: true,
      ...overrides,
    })
    .returning();
  return user!;
}

/** An invitation token for an e-mail, as a relation naming that e-mail creates one. */
export async function buildInvitation(
  db: Db,
  email: string,
  options: { expiresInMs?: number } = {},
) {
  const secret = generateSecret();
  await insertToken(db, {
    userId: null,
    kind: 'invitation',
    tokenHash: hashSecret(secret),
    email,
    expiresAt: new Date(Date.now() + (options.expiresInMs ?? 7 * 86_400_000)),
  });
  return secret;
}

export function form(fields: Record<string, string | number | boolean | undefined>) {
  const body = new URLSearchParams();
  for (const [key, value] of Object.entries(fields))
    if (value !== undefined) body.set(key, String(value));
  return {
    payload: body.toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  };
}

export interface Tokens {
  access_token: string;
  refresh_token: string;
  expires_in: number;
}

export async function signIn(
  app: FastifyInstance,
  email: string,
  password = defaultPassword,
): Promise<Tokens> {
  const response = await app.inject({
    method: 'POST',
    url: '/v1/user/login',
    ...form({ action: 'login', api_key: 'recuse-web', username: email, password }),
  });
  if (response.statusCode !== 200)
    throw new Error(`sign-in failed: ${response.statusCode} ${response.body}`);
  return response.json<Tokens>();
}

export const bearer = (tokens: Tokens) => ({ authorization: `Bearer ${tokens.access_token}` });

/** An in-app notification for a user (the relations module will create these itself). */
export async function buildNotification(
  db: Db,
  userId: number,
  overrides: Partial<typeof notifications.$inferInsert> = {},
) {
  const [notification] = await db
    .insert(notifications)
    .values({
      userId,
      message: 'First1 Last1 added a relation with you.',
      relationTypeId: 3,
      relationTypeName: 'Co-authored publication',
      publicationName: 'A paper',
      relationId: 1,
      ...overrides,
    })
    .returning();
  return notification!;
}

/** Delivers the queued mail and returns what one address received, newest first. */
export async function mailsTo(t: TestApp, email: string): Promise<MailboxMessage[]> {
  return (await t.deliverMail()).filter((mail) => mail.to === email);
}

/** The path and query of a link in a mail, to open it with inject(). */
export const pathOf = (link: string) => {
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
};

/** A DBLP-only person: imported from DBLP, no account, no e-mail. */
export async function buildDblpPerson(
  db: Db,
  overrides: Partial<typeof users.$inferInsert> = {},
): Promise<User> {
  sequence += 1;
  return buildUser(db, {
    kind: 'dblp_only',
    email: null,
    passwordHash: null,
    isEmailConfirmed: false,
    isOptedIn: false,
    firstName: `Dblp${sequence}`,
    lastName: 'Person',
    dblpPid: `99/${sequence}${Date.now() % 100_000}`,
    dblpName: `Dblp${sequence} Person`,
    ...overrides,
  });
}

/** An institution, approved unless told otherwise, with its search keys as the app stores them. */
export async function buildInstitution(
  db: Db,
  overrides: Partial<typeof institutions.$inferInsert> = {},
) {
  sequence += 1;
  const name = overrides.name ?? `Institute ${sequence} of Testing`;
  const aliases = overrides.aliases ?? [];
  const [institution] = await db
    .insert(institutions)
    .values({
      status: institutionStatus.approved,
      ...overrides,
      name,
      aliases,
      nameKey: institutionKey(name),
      aliasKeys: aliases.map(institutionKey),
    })
    .returning();
  return institution!;
}

/** Positions seeded by migration (fixed ids). */
export const positionIds = {
  faculty: 1,
  postdoc: 2,
  phdStudent: 3,
  mastersStudent: 4,
  undergraduate: 5,
  industryResearcher: 6,
  intern: 7,
  other: 8,
} as const;

/** An affiliation of a user, at a new institution unless one is given. */
export async function buildAffiliation(
  db: Db,
  userId: number,
  overrides: Partial<typeof affiliations.$inferInsert> = {},
) {
  const institutionId = overrides.institutionId ?? (await buildInstitution(db)).id;
  const [affiliation] = await db
    .insert(affiliations)
    .values({
      userId,
      institutionId,
      positionId: positionIds.faculty,
      startDate: '2020-01-01',
      endDate: null,
      isCurrent: true,
      source: 'Entry by self',
      ...overrides,
    })
    .returning();
  return affiliation!;
}
