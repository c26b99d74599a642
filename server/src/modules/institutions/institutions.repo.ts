// Queries for institutions. Names are found by their search keys (institutionKey), which are
// computed in TypeScript and stored with each institution.
import { and, asc, desc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Placeholder, SQL } from 'drizzle-orm';
import { institutionStatus } from '@recuse/common';
import type { Db } from '../../db/client.ts';
import { preparedOnce } from '../../db/prepared-queries.ts';
import { affiliations, institutions, positions } from '../../db/schema.ts';

export type Institution = typeof institutions.$inferSelect;

/** Statuses an affiliation may name: approved, or awaiting approval. */
const usableStatuses = [institutionStatus.approved, institutionStatus.awaitingApproval];

export async function findUsableInstitutionsByIds(
  db: Db,
  ids: readonly number[],
): Promise<Array<Pick<Institution, 'id' | 'mergedIntoId'>>> {
  if (ids.length === 0) return [];
  return db
    .select({ id: institutions.id, mergedIntoId: institutions.mergedIntoId })
    .from(institutions)
    .where(and(inArray(institutions.id, [...ids]), inArray(institutions.status, usableStatuses)));
}

/**
 * The institution a typed name means: one whose name has that key, else one with it as an
 * alias; approved before awaiting approval, oldest first.
 */
export async function findInstitutionByKey(
  db: Db,
  key: string,
): Promise<Pick<Institution, 'id' | 'mergedIntoId'> | undefined> {
  const [row] = await db
    .select({ id: institutions.id, mergedIntoId: institutions.mergedIntoId })
    .from(institutions)
    .where(
      and(
        inArray(institutions.status, usableStatuses),
        or(eq(institutions.nameKey, key), sql`${institutions.aliasKeys} @> array[${key}]::text[]`),
      ),
    )
    .orderBy(
      desc(sql`${institutions.nameKey} = ${key}`),
      asc(institutions.status),
      asc(institutions.id),
    )
    .limit(1);
  return row;
}

/**
 * Serialises proposals of new institutions until the transaction ends, so two people typing
 * the same new name at once create it once. Proposals are rare; one lock is enough.
 */
export async function lockInstitutionProposals(db: Db): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(${institutionProposalLockKey})`);
}
const institutionProposalLockKey = 7_310_001;

/** The institution's row, locked until the transaction ends. */
export async function lockInstitution(db: Db, id: number): Promise<Institution | undefined> {
  const [row] = await db.select().from(institutions).where(eq(institutions.id, id)).for('update');
  return row;
}

export async function insertInstitution(
  db: Db,
  institution: typeof institutions.$inferInsert,
): Promise<Institution> {
  const [row] = await db.insert(institutions).values(institution).returning();
  return row!;
}

/**
 * The person's own institutions: those they proposed, and those they are affiliated with. As a
 * set looked up from the person (the proposer index, the affiliations' user index), so that a
 * table holding ROR's ~120,000 institutions is not read row by row to find a person's two:
 * written as `proposer = $1 or exists (affiliation)`, PostgreSQL could use no index and scanned
 * every institution for each relation's view, 13 ms on such a table (docs/benchmarks.md,
 * seventh session). Inside the subquery, `institutions` is the subquery's own table.
 */
function isTheirs(userId: number | Placeholder) {
  return sql`${institutions.id} in (
      select ${institutions.id} from ${institutions} where ${institutions.createdByUserId} = ${userId}
      union all
      select ${affiliations.institutionId} from ${affiliations} where ${affiliations.userId} = ${userId})`;
}

/**
 * What a person may pick from: approved institutions, and those awaiting approval that they
 * proposed or are affiliated with. Merged institutions are left out (their target is listed).
 * The drop list shows exactly these, and a relation's save accepts exactly these.
 */
function selectableBy(userId: number | Placeholder) {
  return and(
    isNull(institutions.mergedIntoId),
    or(
      eq(institutions.status, institutionStatus.approved),
      and(eq(institutions.status, institutionStatus.awaitingApproval), isTheirs(userId)),
    ),
  );
}

/** An institution by its id, name and status, as the drop lists and a relation's view show it. */
export interface NamedInstitution {
  id: number;
  name: string;
  status: number;
}

/** The institutions `userId` may pick, by name; `onlyTheirs`: only their own among them. */
export async function listSelectableInstitutions(
  db: Db,
  userId: number,
  { onlyTheirs = false } = {},
) {
  return (onlyTheirs ? theirSelectable : selectable)(db).execute({ userId });
}

function selectableQuery(db: Db, { onlyTheirs }: { onlyTheirs: boolean }) {
  const userId = sql.placeholder('userId');
  return db
    .select({ id: institutions.id, name: institutions.name, status: institutions.status })
    .from(institutions)
    .where(onlyTheirs ? and(selectableBy(userId), isTheirs(userId)) : selectableBy(userId))
    .orderBy(asc(institutions.name), asc(institutions.id));
}
/**
 * listSelectableInstitutions(…, { onlyTheirs: true }) as a column of another statement: one JSON
 * array of { id, name, status }, in the same order. For a page that reads the person's own
 * institutions beside other things (a relation's view): one statement instead of two.
 */
export function theirSelectableColumn(userId: Placeholder): SQL<NamedInstitution[]> {
  return sql`(select coalesce(json_agg(json_build_object('id', ${institutions.id},
      'name', ${institutions.name}, 'status', ${institutions.status})
      order by ${institutions.name}, ${institutions.id}), '[]')
    from ${institutions}
    where ${and(selectableBy(userId), isTheirs(userId))})`;
}

const selectable = preparedOnce((db) => selectableQuery(db, { onlyTheirs: false }));
const theirSelectable = preparedOnce((db) => selectableQuery(db, { onlyTheirs: true }));

/**
 * The institutions `userId` may pick (selectableBy) whose name or an alias contains the key
 * (institutionKey), best first: the name or an alias is the key, then one starts with it,
 * then contains it; by name within each. Reads the keys of every selectable institution:
 * fine for ROR's ~120,000 rows; a trigram index is the next step if that grows.
 */
export async function searchSelectableInstitutions(
  db: Db,
  userId: number,
  key: string,
  limit: number,
) {
  const aliasWith = (test: ReturnType<typeof sql>) =>
    sql`exists (select 1 from unnest(${institutions.aliasKeys}) as alias_key where ${test})`;
  const rank = sql<number>`case
      when ${institutions.nameKey} = ${key} or ${key} = any(${institutions.aliasKeys}) then 0
      when position(${key} in ${institutions.nameKey}) = 1
        or ${aliasWith(sql`position(${key} in alias_key) = 1`)} then 1
      else 2 end`;
  return db
    .select({
      id: institutions.id,
      name: institutions.name,
      status: institutions.status,
      nameKey: institutions.nameKey,
      aliases: institutions.aliases,
      aliasKeys: institutions.aliasKeys,
      country: institutions.country,
    })
    .from(institutions)
    .where(
      and(
        selectableBy(userId),
        or(
          sql`position(${key} in ${institutions.nameKey}) > 0`,
          aliasWith(sql`position(${key} in alias_key) > 0`),
        ),
      ),
    )
    .orderBy(rank, asc(sql`lower(${institutions.name})`), asc(institutions.id))
    .limit(limit);
}

/** Whether `userId` may pick the institution (see selectableBy). */
export async function isSelectableInstitution(
  db: Db,
  userId: number,
  institutionId: number,
): Promise<boolean> {
  const [row] = await db
    .select({ id: institutions.id })
    .from(institutions)
    .where(and(eq(institutions.id, institutionId), selectableBy(userId)));
  return row !== undefined;
}

/** The user's affiliations with their institution and position, for per-institution summaries. */
export async function listAffiliationsWithInstitution(db: Db, userId: number) {
  return db
    .select({
      institutionId: institutions.id,
      institutionName: institutions.name,
      institutionStatus: institutions.status,
      positionName: positions.name,
      startDate: affiliations.startDate,
      endDate: affiliations.endDate,
      isCurrent: affiliations.isCurrent,
    })
    .from(affiliations)
    .innerJoin(institutions, eq(institutions.id, affiliations.institutionId))
    .leftJoin(positions, eq(positions.id, affiliations.positionId))
    .where(eq(affiliations.userId, userId))
    .orderBy(asc(institutions.name), asc(institutions.id), asc(affiliations.startDate));
}
