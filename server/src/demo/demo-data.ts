// A small demo for a first start on an empty embedded database: institutions (one awaiting
// approval), researchers with known passwords and profiles in every state (complete,
// incomplete, with a DBLP person to link), relations of every type and status with unread
// notifications about them (demo-relations.ts), one administrator, and a conference whose
// chair finds its committee, submissions and conflicts filled in (demo-conference.ts).
// Listed in the README.
import { sql } from 'drizzle-orm';
import { institutionKey, institutionStatus } from '@recuse/common';
import type { Db } from '../db/client.ts';
import { affiliations, institutions, users } from '../db/schema.ts';
import { hashPassword } from '../modules/auth/passwords.ts';
import { seedDemoConference } from './demo-conference.ts';
import { seedDemoRelations } from './demo-relations.ts';

export const demoPassword = 'Demo#2026';

export const demoAccounts = [
  {
    email: 'admin@example.org',
    firstName: 'Avery',
    lastName: 'Admin',
    role: 'admin' as const,
    note: 'administrator',
  },
  {
    email: 'ada@example.org',
    firstName: 'Ada',
    lastName: 'Lovelace',
    role: 'user' as const,
    note: 'complete profile, one unread notification, relations of every type',
  },
  {
    email: 'alan@example.org',
    firstName: 'Alan',
    lastName: 'Turing',
    role: 'user' as const,
    note: 'complete profile, proposed an institution awaiting approval',
  },
  {
    email: 'grace@example.org',
    firstName: 'Grace',
    lastName: 'Hopper',
    role: 'user' as const,
    note: 'incomplete profile (no affiliations), two unread notifications, relations to answer',
  },
  {
    email: 'di@example.org',
    firstName: 'Di',
    lastName: 'Xu',
    role: 'user' as const,
    note: 'incomplete profile; link https://dblp.org/pid/95/7448-1, admin confirms the claim',
  },
  {
    email: 'chair@example.org',
    firstName: 'Frances',
    lastName: 'Allen',
    role: 'user' as const,
    note: "chairs Demo Conference 2027: committee, submissions and their conflicts (Chair's workspace)",
  },
];

type DemoEmail = (typeof demoAccounts)[number]['email'];

type DemoInstitution = {
  name: string;
  aliases: string[];
  rorId?: string;
  emailDomains?: string[];
  country?: string;
};

const demoInstitutions: DemoInstitution[] = [
  // As the Research Organization Registry gives it (server/test/fixtures/ror): its acronym,
  // its German name and an English alias, so the picker's alias search has names to find.
  {
    name: 'ETH Zurich',
    aliases: [
      'ETH',
      'Eidgenössische Technische Hochschule Zürich',
      'Swiss Federal Institute of Technology in Zurich',
    ],
    rorId: '05a28rw58',
    emailDomains: ['ethz.ch'],
    country: 'CH',
  },
  { name: 'Massachusetts Institute of Technology', aliases: ['MIT'] },
  { name: 'University of Cambridge', aliases: ['Cambridge University'] },
  { name: 'Delft University of Technology', aliases: ['TU Delft'] },
  { name: 'University of British Columbia', aliases: ['UBC'] },
];

/** Proposed by Alan, awaiting an administrator's approval. */
const pendingInstitution = { name: 'Bletchley Park Research Centre', aliases: ['BPRC'] };

/** Positions seeded by migration 0002. */
const position = { faculty: 1, postdoc: 2, phdStudent: 3, industryResearcher: 6 } as const;

export async function isDatabaseEmpty(db: Db): Promise<boolean> {
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(users);
  return (row?.count ?? 0) === 0;
}

const withKeys = (institution: DemoInstitution) => ({
  ...institution,
  nameKey: institutionKey(institution.name),
  aliasKeys: institution.aliases.map(institutionKey),
});

export async function seedDemo(db: Db): Promise<void> {
  const passwordHash = await hashPassword(demoPassword);
  await db.transaction(async (tx) => {
    const accounts = await tx
      .insert(users)
      .values(
        demoAccounts.map(({ note: _note, ...account }) => ({
          ...account,
          kind: 'registered' as const,
          passwordHash,
          isEmailConfirmed: true,
          isOptedIn: true,
        })),
      )
      .returning({ id: users.id, email: users.email });
    const userId = (email: DemoEmail) => accounts.find((account) => account.email === email)!.id;

    const approved = await tx
      .insert(institutions)
      .values(
        demoInstitutions.map((institution) => ({
          ...withKeys(institution),
          status: institutionStatus.approved,
        })),
      )
      .returning({ id: institutions.id, name: institutions.name });
    const institutionId = (name: string) => approved.find((row) => row.name === name)!.id;
    const [pending] = await tx
      .insert(institutions)
      .values({
        ...withKeys(pendingInstitution),
        status: institutionStatus.awaitingApproval,
        createdByUserId: userId('alan@example.org'),
      })
      .returning({ id: institutions.id });

    // Imported from DBLP before its owner signed up: Di Xu claims it from the profile page and
    // the administrator confirms the claim (docs/dblp.md, "Claims").
    const [dblpPerson] = await tx
      .insert(users)
      .values({
        kind: 'dblp_only',
        firstName: 'Di',
        lastName: 'Xu',
        dblpPid: '95/7448-1',
        dblpName: 'Di Xu 0001',
      })
      .returning({ id: users.id });

    const self = 'Entry by self';
    await tx.insert(affiliations).values([
      {
        userId: userId('ada@example.org'),
        institutionId: institutionId('ETH Zurich'),
        positionId: position.faculty,
        startDate: '2021-09-01',
        isCurrent: true,
        source: self,
      },
      {
        userId: userId('ada@example.org'),
        institutionId: institutionId('Massachusetts Institute of Technology'),
        positionId: position.postdoc,
        startDate: '2019-01-01',
        endDate: '2021-08-01',
        source: self,
      },
      {
        userId: userId('alan@example.org'),
        institutionId: institutionId('University of Cambridge'),
        positionId: position.faculty,
        startDate: '2020-10-01',
        isCurrent: true,
        source: self,
      },
      {
        userId: userId('alan@example.org'),
        institutionId: pending!.id,
        positionId: position.industryResearcher,
        startDate: '2018-01-01',
        endDate: '2020-09-01',
        source: self,
      },
      {
        userId: dblpPerson!.id,
        institutionId: institutionId('University of British Columbia'),
        positionId: position.phdStudent,
        startDate: '2010-09-01',
        endDate: '2015-08-01',
        source: 'DBLP',
      },
    ]);

    // Relations of every type and status, and the notifications that open relations 1 to 3.
    await seedDemoRelations(
      tx,
      {
        ada: userId('ada@example.org'),
        alan: userId('alan@example.org'),
        grace: userId('grace@example.org'),
        dblpDiXu: dblpPerson!.id,
      },
      { delft: institutionId('Delft University of Technology'), bletchley: pending!.id },
    );
    await seedDemoConference(tx, userId('chair@example.org'));
  });
}

export function describeDemo(): string {
  const lines = demoAccounts.map(
    (account) => `  ${account.email.padEnd(20)} ${demoPassword}   ${account.note}`,
  );
  return ['Demo accounts (email, password, what it shows):', ...lines].join('\n');
}
