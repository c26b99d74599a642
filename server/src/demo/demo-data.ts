// A small demo for a first start on an empty embedded database: a few institutions, a few
// researchers with known passwords, and one administrator. Listed in the README.
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { institutions, users } from '../db/schema.ts';
import { hashPassword } from '../modules/auth/passwords.ts';

export const demoPassword = 'Demo#2026';

export const demoAccounts = [
  { email: 'admin@example.org', firstName: 'Avery', lastName: 'Admin', role: 'admin' as const },
  { email: 'ada@example.org', firstName: 'Ada', lastName: 'Lovelace', role: 'user' as const },
  { email: 'alan@example.org', firstName: 'Alan', lastName: 'Turing', role: 'user' as const },
  { email: 'grace@example.org', firstName: 'Grace', lastName: 'Hopper', role: 'user' as const },
];

const demoInstitutions = [
  {
    name: 'ETH Zurich',
    aliases: ['ETH Zürich', 'ETHZ', 'Swiss Federal Institute of Technology Zurich'],
  },
  { name: 'Massachusetts Institute of Technology', aliases: ['MIT'] },
  { name: 'University of Cambridge', aliases: ['Cambridge University'] },
  { name: 'Delft University of Technology', aliases: ['TU Delft'] },
];

export async function isDatabaseEmpty(db: Db): Promise<boolean> {
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(users);
  return (row?.count ?? 0) === 0;
}

export async function seedDemo(db: Db): Promise<void> {
  const passwordHash = await hashPassword(demoPassword);
  await db.transaction(async (tx) => {
    await tx
      .insert(institutions)
      .values(demoInstitutions.map((institution) => ({ ...institution, status: 1 })));
    await tx.insert(users).values(
      demoAccounts.map((account) => ({
        ...account,
        kind: 'registered' as const,
        passwordHash,
        isEmailConfirmed: true,
        isOptedIn: true,
      })),
    );
  });
}

export function describeDemo(): string {
  const lines = demoAccounts.map(
    (account) => `  ${account.email.padEnd(20)} ${demoPassword}   ${account.role}`,
  );
  return ['Demo accounts (email, password, role):', ...lines].join('\n');
}
