// The people the served benchmarks work with, written once: the generated researchers of
// bench:load and bench:pglite-statements (each with ten relations, as many as the demo's Ada
// has), the approved institutions an import from ROR leaves (bench:load --institutions), and a
// demo user's sign-in through `inject` for the benchmarks that call the app in process
// (bench:round-trips, bench:pglite-statements).
import { sql } from 'drizzle-orm';
import { institutionStatus } from '@recuse/common';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../src/db/client.ts';
import type { User } from '../src/db/schema.ts';
import { demoPassword } from '../src/demo/demo-data.ts';
import { buildRelation, buildUser, defaultPassword } from '../test/factories.ts';

/** A generated researcher's sign-in. */
export interface GeneratedResearcher {
  email: string;
  password: string;
}

/**
 * `count` researchers, each the creator of ten relations with the researchers after them: six
 * co-authored papers, an advisor, a collaboration, an award and a grant; half already answered.
 */
export async function seedResearchers(db: Db, count: number): Promise<GeneratedResearcher[]> {
  const people: User[] = [];
  for (let index = 0; index < count; index += 1) {
    people.push(
      await buildUser(db, {
        firstName: `Load${index}`,
        lastName: `Researcher${index}`,
        email: `load${index}@bench.example.org`,
      }),
    );
  }
  for (let index = 0; index < count; index += 1) {
    const creator = people[index]!;
    const neighbour = (offset: number) => people[(index + offset) % count]!;
    for (let paper = 0; paper < 6; paper += 1) {
      await buildRelation(db, {
        type: 3,
        creator,
        title: `Load Paper ${index}-${paper}`,
        start: { year: 2019 + (paper % 6) },
        parties: [
          { user: neighbour(paper + 1), status: paper % 2 === 0 ? 1 : 3 },
          { user: neighbour(paper + 2), status: 1 },
        ],
      });
    }
    await buildRelation(db, { type: 1, creator, parties: [{ user: neighbour(7), status: 3 }] });
    await buildRelation(db, { type: 4, creator, parties: [{ user: neighbour(9), status: 1 }] });
    await buildRelation(db, { type: 6, creator, parties: [{ user: neighbour(11), status: 1 }] });
    await buildRelation(db, { type: 7, creator, parties: [{ user: neighbour(13), status: 3 }] });
  }
  return people.map((person) => ({ email: person.email!, password: defaultPassword }));
}

/**
 * `count` approved institutions as an import from ROR leaves them (a ROR id, nobody's proposal),
 * as many as ROR has (~120,000) for a database in production: what a statement that reads the
 * institutions table row by row would pay for.
 */
export async function seedImportedInstitutions(db: Db, count: number): Promise<void> {
  if (count === 0) return;
  await db.execute(sql`
    insert into institutions (name, name_key, status, ror_id, ror_status)
    select 'Imported Institute ' || n, 'imported institute ' || n, ${institutionStatus.approved},
           'bench' || n, 'active'
      from generate_series(1, ${count}::int) as n`);
  // As a settled database has them: statistics gathered, the alias index's pending entries merged.
  await db.execute(sql`vacuum analyze institutions`);
}

/** Ada's access token (the demo's researcher), signed in through `inject`. */
export async function signInDemoUser(app: FastifyInstance): Promise<string> {
  const email = 'ada@example.org';
  const login = await app.inject({
    method: 'POST',
    url: '/v1/user/login',
    payload: { action: 'login', api_key: 'recuse-web', username: email, password: demoPassword },
  });
  if (login.statusCode !== 200) throw new Error(`sign-in of ${email}: ${login.statusCode}`);
  return login.json<{ access_token: string }>().access_token;
}
