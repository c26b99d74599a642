// Factories build test data with sensible defaults, creating what they need; tests name
// only what matters to them.
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../src/db/client.ts';
import { dateFormats, findRelationType, institutionKey, institutionStatus } from '@recuse/common';
import {
  affiliations,
  institutions,
  notifications,
  relationParties,
  relations,
  users,
} from '../src/db/schema.ts';
import type { User } from '../src/db/schema.ts';
import type { MailboxMessage } from '../src/mail/mailbox.ts';
import { insertToken } from '../src/modules/auth/auth.repo.ts';
import { hashPassword } from '../src/modules/auth/passwords.ts';
import { generateSecret, hashSecret } from '../src/modules/auth/secrets.ts';
import type { TestApp } from './build-test-app.ts';

export const defaultPassword = 'Correct#Horse9';
let defaultPasswordHash: Promise<string> | undefined;
let sequence = 0;

/** Words made unique within and across runs: titles, institution names, messages. */
export const uniqueWords = (words: string) =>
  `${words} ${(sequence += 1)}${Date.now().toString(36)}`;

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

/** A complete sign-up form for an address, as the registration page sends it. */
export const signUpForm = (email: string) => ({
  FName: 'Grace',
  SName: 'Hopper',
  Email: email,
  dblp_url: '',
  noDBLP: '1',
  password: defaultPassword,
  confirmPassword: defaultPassword,
  optedIn: '1',
});

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

type PartySpec = User | { user: User; status?: number; reason?: string | null };

export interface RelationSpec {
  /** Relation type id, 3 (co-authored publication) unless told. */
  type?: number;
  creator?: User;
  /** The other people, each a user or a user with a status (pending, 3, unless told). */
  parties?: PartySpec[];
  /** The status of every party not given one. */
  partyStatus?: number;
  title?: string;
  start?: { year: number; month?: number | null } | null;
  end?: { year: number; month?: number | null } | null;
  institutionId?: number;
  overrides?: Partial<typeof relations.$inferInsert>;
}

/**
 * A relation as the save would store it, creating what it needs: a creator, one party for
 * person and publication types, an approved institution for type 8 (whose relation is then
 * validated, or pending when the institution awaits approval).
 */
export async function buildRelation(db: Db, spec: RelationSpec = {}) {
  sequence += 1;
  const typeId = spec.type ?? 3;
  const type = findRelationType(typeId)!;
  const creator = spec.creator ?? (await buildUser(db));
  const monthOf = (format: number, month?: number | null) =>
    format === dateFormats.monthYear ? (month ?? 1) : null;
  const start =
    spec.start === undefined
      ? type.showStartDate && type.isStartDateMandatory
        ? { year: 2019, month: 3 }
        : null
      : spec.start;
  const end =
    spec.end === undefined ? (type.isEndDateMandatory ? { year: 2022, month: 6 } : null) : spec.end;
  let institutionId = spec.institutionId;
  let status = 1;
  if (type.kind === 'institution') {
    institutionId ??= (await buildInstitution(db)).id;
    const [institution] = await db
      .select({ status: institutions.status })
      .from(institutions)
      .where(eq(institutions.id, institutionId));
    status = institution?.status === institutionStatus.approved ? 1 : 3;
  }
  const title =
    type.kind === 'publication' ? (spec.title ?? `A Study of Testing, Part ${sequence}`) : null;
  const [relation] = await db
    .insert(relations)
    .values({
      typeId,
      creatorUserId: creator.id,
      status,
      startYear: start?.year ?? null,
      startMonth: start ? monthOf(type.startDateFormat, start.month) : null,
      endYear: end?.year ?? null,
      endMonth: end ? monthOf(type.endDateFormat, end.month) : null,
      title,
      titleKey: title === null ? null : institutionKey(title),
      institutionId: institutionId ?? null,
      paperType: typeId === 6 || typeId === 7 ? 0 : 1,
      source: `Entry by self: ${creator.firstName} ${creator.lastName}`,
      ...spec.overrides,
    })
    .returning();
  const specs: PartySpec[] =
    spec.parties ?? (type.kind === 'institution' ? [] : [await buildUser(db)]);
  const rows = specs.map((party) =>
    'user' in party
      ? { user: party.user, status: party.status, reason: party.reason ?? null }
      : { user: party, status: undefined, reason: null },
  );
  const parties =
    rows.length === 0
      ? []
      : await db
          .insert(relationParties)
          .values(
            rows.map((row) => ({
              relationId: relation!.id,
              userId: row.user.id,
              status: row.status ?? spec.partyStatus ?? 3,
              reason: row.reason,
            })),
          )
          .returning();
  return { relation: relation!, creator, parties, partyUsers: rows.map((row) => row.user) };
}
