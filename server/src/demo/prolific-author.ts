// A prolific author: one registered account with thousands of DBLP-imported co-authored
// publications, 1 to 6 co-authors each from a pool of dblp_only people, and optionally
// relations entered by others that still wait for the author's answer (what the pending page
// lists). The data of the relations-list benchmarks (npm run bench:api, npm run
// bench:list-page), of the browser test of long lists, and of `npm run db:seed --
// --prolific-author N` for anyone who wants to page through one. The same seed gives the same
// data, so runs compare.
import { institutionKey } from '@recuse/common';
import type { Db } from '../db/client.ts';
import { publications, relationParties, relations, users } from '../db/schema.ts';
import { hashPassword } from '../modules/auth/passwords.ts';

export const prolificAuthor = {
  email: 'prolific@example.org',
  password: 'Bench#Pass2026',
  firstName: 'Prolific',
} as const;

/** The title of the imported publication number `index`, as the benchmarks seed it. */
export const benchmarkTitle = (index: number) =>
  `On Benchmarking Conflict Lists, Part ${index + 1}`;

/** A fixed pseudo-random sequence, so every run seeds the same data. */
function createRandom(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

async function insertInChunks<Row>(rows: Row[], insert: (chunk: Row[]) => Promise<unknown>) {
  for (let start = 0; start < rows.length; start += 1000)
    await insert(rows.slice(start, start + 1000));
}

async function insertRelations(db: Db, rows: Array<typeof relations.$inferInsert>) {
  const ids: number[] = [];
  await insertInChunks(rows, async (chunk) => {
    const inserted = await db.insert(relations).values(chunk).returning({ id: relations.id });
    ids.push(...inserted.map((row) => row.id));
  });
  return ids;
}

/**
 * Seeds the author and their relations into a migrated database that does not have them yet.
 * `pending` relations are co-authored papers entered by people of the pool that name the
 * author, who has not answered (status 3), each with one to three other co-authors.
 */
export async function seedProlificAuthor(
  db: Db,
  { publicationCount, pendingCount = 0 }: { publicationCount: number; pendingCount?: number },
): Promise<void> {
  const random = createRandom(42);
  const [author] = await db
    .insert(users)
    .values({
      kind: 'registered',
      firstName: prolificAuthor.firstName,
      lastName: 'Author',
      email: prolificAuthor.email,
      passwordHash: await hashPassword(prolificAuthor.password),
      isEmailConfirmed: true,
      isOptedIn: true,
    })
    .returning({ id: users.id });
  const poolSize = Math.max(50, publicationCount);
  const pool = await db
    .insert(users)
    .values(
      Array.from({ length: poolSize }, (_, index) => ({
        kind: 'dblp_only' as const,
        firstName: `Coauthor${index}`,
        lastName: `Person${index % 97}`,
        dblpPid: `bench/${index}`,
        dblpName: `Coauthor${index} Person${index % 97}`,
      })),
    )
    .returning({ id: users.id });
  const pick = () => pool[Math.floor(random() * pool.length)]!.id;

  const papers = Array.from({ length: publicationCount }, (_, index) => {
    const title = benchmarkTitle(index);
    return {
      title,
      titleKey: institutionKey(title),
      year: 1990 + (index % 36),
      kind: 'inproceedings',
      dblpKey: `conf/bench/P${index}`,
    };
  });
  const paperIds: number[] = [];
  await insertInChunks(papers, async (chunk) => {
    const rows = await db.insert(publications).values(chunk).returning({ id: publications.id });
    paperIds.push(...rows.map((row) => row.id));
  });
  const importedIds = await insertRelations(
    db,
    paperIds.map((publicationId, index) => ({
      typeId: 3,
      creatorUserId: author!.id,
      status: 1,
      endYear: papers[index]!.year,
      title: papers[index]!.title,
      titleKey: papers[index]!.titleKey,
      publicationId,
      isDblpImported: true,
    })),
  );
  const parties = importedIds.flatMap((relationId) => {
    const count = 1 + Math.floor(random() * 6);
    const chosen = new Set<number>();
    while (chosen.size < count) chosen.add(pick());
    return [...chosen].map((userId) => ({ relationId, userId, status: 1 }));
  });

  const creators = Array.from({ length: pendingCount }, pick);
  const pendingIds = await insertRelations(
    db,
    creators.map((creatorUserId, index) => {
      const title = `Awaiting Your Answer, Draft ${index + 1}`;
      return {
        typeId: 3,
        creatorUserId,
        status: 1,
        endYear: 2000 + (index % 26),
        title,
        titleKey: institutionKey(title),
      };
    }),
  );
  pendingIds.forEach((relationId, index) => {
    parties.push({ relationId, userId: author!.id, status: 3 });
    const others = new Set<number>([creators[index]!]);
    const count = 1 + Math.floor(random() * 3);
    while (others.size <= count) others.add(pick());
    others.delete(creators[index]!);
    for (const userId of others) parties.push({ relationId, userId, status: 1 });
  });
  await insertInChunks(parties, (chunk) => db.insert(relationParties).values(chunk));
}
