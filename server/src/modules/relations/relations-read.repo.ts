// Reads for the relation pages: the list, one relation with its people and log, the people
// a user knows, the person search, and the user's publications. Hand-written SQL where the
// shape matters for speed at DBLP's scale; each says why.
import { and, asc, eq, getTableName, inArray, sql } from 'drizzle-orm';
import type { Placeholder, SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import type { NamedInstitution } from '../institutions/institutions.repo.ts';
import { StatementsBuiltOnce, preparedOnce } from '../../db/prepared-queries.ts';
import { affiliationsShownOrder } from '../../db/affiliation-order.ts';
import { queryRows } from '../../db/client.ts';
import { isLiveRelation, isPartyNotRemoved } from '../../db/relation-filters.ts';
import {
  auditLog,
  institutions,
  publicationAuthors,
  publications,
  relationComments,
  relationParties,
  relations,
  users,
} from '../../db/schema.ts';
import type { User } from '../../db/schema.ts';
import type { NamedUser } from './relation-wire.ts';
import type { Party, Relation } from './relations.repo.ts';

export type PartyWithUser = Party & { user: User };

/** The parties of some relations with their users, in relation then row order. */
export async function listPartiesWithUsers(
  db: Db,
  relationIds: readonly number[],
): Promise<PartyWithUser[]> {
  if (relationIds.length === 0) return [];
  const rows = await db
    .select({ party: relationParties, user: users })
    .from(relationParties)
    .innerJoin(users, eq(users.id, relationParties.userId))
    .where(inArray(relationParties.relationId, [...relationIds]))
    .orderBy(asc(relationParties.relationId), asc(relationParties.id));
  return rows.map((row) => ({ ...row.party, user: row.user }));
}

/**
 * One relation with its parties and their users (listPartiesWithUsers' order), in one statement:
 * every page about one relation starts with both. Undefined when there is no such relation.
 */
export async function findRelationWithParties(
  db: Db,
  relationId: number,
): Promise<{ relation: Relation; parties: PartyWithUser[] } | undefined> {
  const rows = await relationWithParties(db).execute({ relationId });
  const [first] = rows;
  if (!first) return undefined;
  return {
    relation: first.relation,
    parties: rows.flatMap(({ party, user }) => (party && user ? [{ ...party, user }] : [])),
  };
}

const relationWithParties = preparedOnce((db) =>
  db
    .select({ relation: relations, party: relationParties, user: users })
    .from(relations)
    .leftJoin(relationParties, eq(relationParties.relationId, relations.id))
    .leftJoin(users, eq(users.id, relationParties.userId))
    .where(eq(relations.id, sql.placeholder('relationId')))
    .orderBy(asc(relationParties.id)),
);

/** What the relations list shows of a relation, with its institution's name and status. */
export interface ListedRelation {
  id: number;
  typeId: number;
  creatorUserId: number;
  status: number;
  startYear: number | null;
  startMonth: number | null;
  endYear: number | null;
  endMonth: number | null;
  title: string | null;
  titleKey: string | null;
  isDblpImported: boolean;
  institutionId: number | null;
  institutionName: string | null;
  institutionStatus: number | null;
}

/** One party row of a listed relation: who, and their answer. */
export interface ListedParty {
  id: number;
  relationId: number;
  userId: number;
  status: number;
}

/**
 * Everything the relations list needs, in one statement: the ids of the relations the user is
 * on and still sees (those they created and those naming them, not removed, neither deleted nor
 * inactive: two index scans joined by UNION, rather than one OR that would read every relation);
 * those relations (newest end year first, ongoing ones before them) with their institution;
 * every party row of them; and, once each, the people on them (creators and parties) with what
 * names them. Each part comes back as a JSON array under the names the code uses. Only the
 * columns the list shows are read: a prolific author has thousands of relations and over ten
 * thousand party rows, and whole rows (notes, sources, password hashes), or a person's names
 * repeated on each of their party rows, cost more to read and map than the query takes.
 *
 * Each row is looked up by id through a LATERAL subquery, so PostgreSQL walks the primary key
 * and the party index once per id whatever it guesses of the number of ids. Joined as plain
 * sets, it cannot estimate the size of the first UNION and, for a prolific author, read the
 * whole party table instead (ten times slower, as EXPLAIN showed on a database of a million
 * people and 1.2 million party rows). Each LATERAL subquery ends in `offset 0`, which keeps
 * PostgreSQL from pulling it up into a plain join: pulled up, it planned hash joins over whole
 * tables of a few thousand rows (the load benchmark's) instead of the look-ups by id, four times
 * the database's time for this statement (docs/benchmarks.md, "Plans that read whole tables").
 * One statement instead of four, as every signed-in call pays a round trip per statement. See
 * docs/benchmarks.md, "Relations list for a prolific author" and "Statements per call". The
 * statement is built once for all users (listStatements).
 */
export async function listRelationsForList(
  db: Db,
  userId: number,
): Promise<ListedRelations & { affiliations: ListedAffiliation[] }> {
  const { alongside, ...listed } = await readListed(db, userId, null);
  return {
    ...listed,
    affiliations: (alongside as { affiliations: ListedAffiliation[] }).affiliations,
  };
}

/** The list's relations, parties and people (listRelationsForList). */
export interface ListedRelations {
  relations: ListedRelation[];
  parties: ListedParty[];
  people: Map<number, NamedUser>;
}

/**
 * One of the user's own affiliations as the relations list names them (its institution_list),
 * read by the plain list's statement: current ones first, then the newest.
 */
export interface ListedAffiliation {
  institutionId: number;
  institutionName: string;
  institutionStatus: number;
  /** The position's name, '' without one. */
  positionLabel: string;
  /** `YYYY-MM-DD`. */
  startDate: string | null;
  endDate: string | null;
  isCurrent: boolean;
}

/**
 * The plain list's one column beside its relations: the user's affiliations (ListedAffiliation),
 * in the order the profile form shows them too.
 */
function listedAffiliationsColumn(userId: Placeholder): SQL {
  return sql`(select coalesce(json_agg(json_build_object(
                 'institutionId', a.institution_id, 'institutionName', i.name,
                 'institutionStatus', i.status, 'positionLabel', coalesce(p.name, ''),
                 'startDate', a.start_date, 'endDate', a.end_date, 'isCurrent', a.is_current)
               order by ${affiliationsShownOrder(sql`a`)}), '[]')
              from affiliations a
              join institutions i on i.id = a.institution_id
              left join positions p on p.id = a.position_id
             where a.user_id = ${userId}) as affiliations`;
}

/**
 * What a conflict list asks of the list's statement besides (conflicts.service), written for the
 * user as a placeholder (`ask`), so that the statement is built once for every user asking the
 * same: `key` names everything the answer to `ask` depends on (the rules and their reference
 * date).
 */
export interface CountingAsk {
  key: string;
  ask: (user: Placeholder) => CountingQuestion;
}

/**
 * Which relations can count for the selected rules, the current affiliation of everyone on
 * those, and what else to read in the same statement.
 */
export interface CountingQuestion {
  /** Whether a relation, as `r` (the relations table), can count: conflicts.repo's countsForRules. */
  counts: SQL;
  /** A person's current affiliation as a scalar subquery (conflicts.repo's currentAffiliationOf). */
  affiliationOf: (userId: SQL) => SQL;
  /** More to read in the same statement, given back in `alongside`. */
  alongside?: ReadAlongside;
}

/**
 * What a list's statement reads besides its relations: common table expressions, if any (the
 * statement then starts `with recursive`, so one of them may be), and columns of its one row,
 * given back as the row's other fields.
 */
export interface ReadAlongside {
  ctes?: SQL;
  columns: SQL;
}

/** A listed relation, and whether it can count for the selected rules. */
export type CountedRelation = ListedRelation & { counts: boolean };
/** A person on the list, with their current affiliation when they are on a relation that can count. */
export type CountedPerson = NamedUser & { affiliation: string | null };

export interface CountedRelations<Alongside> {
  relations: CountedRelation[];
  parties: ListedParty[];
  people: Map<number, CountedPerson>;
  /** The columns `alongside` asked for, as PostgreSQL answered them. */
  alongside: Alongside;
}

/**
 * The list's statement, answering a conflict list's question too (CountingQuestion): the
 * relations page and the conflicts computed beside it come from one statement, as both start from
 * the user's relation ids, their parties and the people on them (docs/architecture.md, "A
 * conflict list in one statement"). Only people on a relation that can count have their
 * affiliation looked up: a prolific author's list names ten thousand people, a few hundred of
 * them recently. `Alongside` is what the asker expects of its columns.
 */
export async function listRelationsCounting<Alongside>(
  db: Db,
  userId: number,
  question: CountingAsk,
): Promise<CountedRelations<Alongside>> {
  return (await readListed(db, userId, question)) as unknown as CountedRelations<Alongside>;
}

/**
 * The list's statements, built once (Drizzle's building of their text was a tenth of a conflict
 * list's CPU under load): the plain list's, and one per conflict list's key.
 */
const listStatements = new StatementsBuiltOnce();

async function readListed(
  db: Db,
  userId: number,
  question: CountingAsk | null,
): Promise<ListedRelations & { alongside: unknown }> {
  const [row] = await listStatements.rows<{
    relations: ListedRelation[];
    parties: ListedParty[];
    people: NamedUser[];
  }>(
    db,
    question ? `counting ${question.key}` : 'plain',
    () => {
      const user = sql.placeholder('user');
      const asked = question?.ask(user) ?? null;
      // The plain list reads the user's affiliations besides, its institution_list.
      const alongside = asked ? asked.alongside : { columns: listedAffiliationsColumn(user) };
      return listedStatement(user, asked, alongside);
    },
    { user: userId },
  );
  const { relations: relationRows, parties, people, ...rest } = row!;
  return {
    relations: relationRows,
    parties,
    people: new Map(people.map((person) => [person.id, person])),
    alongside: rest,
  };
}

function listedStatement(
  userId: Placeholder,
  question: CountingQuestion | null,
  alongside: ReadAlongside | undefined,
): SQL {
  const countsColumn = question ? sql`, ${question.counts} as counts` : sql``;
  // People on a relation that can count, looked up by id as everyone else is.
  const affiliationColumn = question
    ? sql`, case when named.counts then ${question.affiliationOf(sql`named.id`)} end as affiliation`
    : sql``;
  const named = question
    ? sql`select id, bool_or(counts) as counts from (
            select "creatorUserId" as id, counts from listed
            union all
            select p."userId", r.counts from listed_parties p join listed r on r.id = p."relationId"
          ) named group by id`
    : sql`select "creatorUserId" as id from listed union select "userId" from listed_parties`;
  const ctes = alongside?.ctes;
  return sql`with ${ctes ? sql`recursive ` : sql``}seen as materialized (
          select id from relations
           where creator_user_id = ${userId} and ${isLiveRelation(sql`status`)}
          union
          select r.id from relation_parties p cross join lateral (
            select r.id from relations r
             where r.id = p.relation_id and ${isLiveRelation(sql`r.status`)} offset 0
          ) r
           where p.user_id = ${userId} and ${isPartyNotRemoved(sql`p.status`)}
        ),
        listed as materialized (
          select r.* from seen cross join lateral (
            select r.id, r.type_id as "typeId", r.creator_user_id as "creatorUserId", r.status,
                   r.start_year as "startYear", r.start_month as "startMonth",
                   r.end_year as "endYear", r.end_month as "endMonth", r.title,
                   r.title_key as "titleKey", r.is_dblp_imported as "isDblpImported",
                   r.institution_id as "institutionId", i.name as "institutionName",
                   i.status as "institutionStatus"${countsColumn}
              from relations r left join institutions i on i.id = r.institution_id
             where r.id = seen.id offset 0
          ) r
        ),
        listed_parties as materialized (
          select p.* from seen cross join lateral (
            select p.id, p.relation_id as "relationId", p.user_id as "userId", p.status
              from relation_parties p where p.relation_id = seen.id offset 0
          ) p
        ),
        people as (
          select u.* from (${named}) named cross join lateral (
            select id, kind, first_name as "firstName", last_name as "lastName", email,
                   dblp_name as "dblpName"${affiliationColumn}
              from users where users.id = named.id offset 0
          ) u
        )${ctes ? sql`, ${ctes}` : sql``}
        select
          (select coalesce(json_agg(listed order by "endYear" desc, id desc), '[]') from listed)
            as relations,
          (select coalesce(json_agg(listed_parties order by "relationId", id), '[]')
             from listed_parties) as parties,
          (select coalesce(json_agg(people), '[]') from people) as people${
            alongside ? sql`, ${alongside.columns}` : sql``
          }`;
}

export async function findUsersById(db: Db, ids: readonly number[]): Promise<Map<number, User>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select()
    .from(users)
    .where(inArray(users.id, [...new Set(ids)]));
  return new Map(rows.map((user) => [user.id, user]));
}

export async function findInstitutionsById(db: Db, ids: readonly number[]) {
  type Row = { id: number; name: string; status: number; createdByUserId: number | null };
  if (ids.length === 0) return new Map<number, Row>();
  const rows = await db
    .select({
      id: institutions.id,
      name: institutions.name,
      status: institutions.status,
      createdByUserId: institutions.createdByUserId,
    })
    .from(institutions)
    .where(inArray(institutions.id, [...new Set(ids)]));
  return new Map(rows.map((row) => [row.id, row]));
}

export async function findPublication(db: Db, publicationId: number) {
  const [row] = await db.select().from(publications).where(eq(publications.id, publicationId));
  return row;
}

/** A party as a relation's view shows it: its row's fields the view reads, and its person. */
export interface ViewedParty {
  id: number;
  userId: number;
  status: number;
  reason: string | null;
  user: NamedUser;
}

/** A relation with everything its view shows (relationForViewReader). */
export interface RelationForView<Alongside> {
  relation: Relation;
  /** In row order, as findRelationWithParties gives them. */
  parties: ViewedParty[];
  /** The creator, unless the viewer is the creator. */
  creator: NamedUser | null;
  institution: NamedInstitution | null;
  publicationDblpKey: string | null;
  unreadNotificationId: number | null;
  changeComment: string;
  /** The people the viewer knows, as listKnownPeople finds them. */
  known: NamedUser[];
  /** The reader's `alongside` column. */
  alongside: Alongside;
}

/**
 * A relation and everything its view shows, in one statement built once (each signed-in call
 * pays a round trip per statement, and these two ran one after the other): the relation, its
 * parties with their people, the creator when the viewer is someone else, its institution and
 * publication, the viewer's latest unread notification about it, its latest change comment
 * (`sourceUserUpdateComment` on the wire), and the people the viewer knows (listKnownPeople).
 * Each part is a subquery of the one relation row, so each runs once. The reader answers
 * undefined when there is no such relation; whether the viewer may see it is the caller's to
 * decide.
 */
export function relationForViewReader<Alongside>(
  /** One more column, of the viewer: what another module's part of the page reads. */
  alongside: (viewerId: Placeholder) => SQL<Alongside>,
) {
  const prepared = preparedOnce((db) => relationForViewQuery(db, alongside));
  return async (
    db: Db,
    asked: { relationId: number; viewerId: number; knownLimit: number },
  ): Promise<RelationForView<Alongside> | undefined> => {
    const [row] = await prepared(db).execute(asked);
    return row;
  };
}

const namedUserJson = (alias: string) =>
  sql.raw(`json_build_object('id', ${alias}.id, 'kind', ${alias}.kind,
    'firstName', ${alias}.first_name, 'lastName', ${alias}.last_name, 'email', ${alias}.email,
    'dblpName', ${alias}.dblp_name)`);

/**
 * A column of the viewed relation, qualified: Drizzle writes a one-table query's columns bare,
 * which inside the subqueries would name their own tables' columns.
 */
const viewed = (column: AnyPgColumn) => sql.raw(`${getTableName(relations)}.${column.name}`);

function relationForViewQuery<Alongside>(
  db: Db,
  alongside: (viewerId: Placeholder) => SQL<Alongside>,
) {
  const viewerId = sql.placeholder('viewerId');
  return db
    .select({
      relation: relations,
      parties: sql<ViewedParty[]>`(select coalesce(json_agg(json_build_object('id', p.id,
          'userId', p.user_id, 'status', p.status, 'reason', p.reason,
          'user', ${namedUserJson('u')}) order by p.id), '[]')
        from relation_parties p join users u on u.id = p.user_id
       where p.relation_id = ${viewed(relations.id)})`,
      creator: sql<NamedUser | null>`(select ${namedUserJson('u')} from users u
        where u.id = ${viewed(relations.creatorUserId)} and u.id <> ${viewerId})`,
      institution: sql<NamedInstitution | null>`(select json_build_object('id', i.id,
          'name', i.name, 'status', i.status)
        from institutions i where i.id = ${viewed(relations.institutionId)})`,
      publicationDblpKey: sql<string | null>`(select p.dblp_key from publications p
        where p.id = ${viewed(relations.publicationId)})`,
      unreadNotificationId: sql<number | null>`(select n.id from notifications n
        where n.user_id = ${viewerId} and n.relation_id = ${viewed(relations.id)} and n.read_at is null
        order by n.id desc limit 1)`,
      changeComment: sql<string>`coalesce((select c.text from relation_comments c
        where c.relation_id = ${viewed(relations.id)} and c.is_change_comment
        order by c.id desc limit 1), '')`,
      known: sql<NamedUser[]>`(select coalesce(json_agg(k), '[]') from (
        select u.id, u.kind, u."firstName", u."lastName", u.email, u."dblpName"
          from (${knownPeopleOf(viewerId)}) known(id) cross join lateral (
            select id, kind, first_name as "firstName", last_name as "lastName", email,
                   dblp_name as "dblpName"
              from users where users.id = known.id offset 0
          ) u
         where u.id <> ${viewerId} and u.kind <> 'deleted'
         order by u."lastName", u."firstName", u.id
         limit ${sql.placeholder('knownLimit')}
      ) k)`,
      // Nested, so Drizzle keeps its columns qualified (see `viewed`).
      alongside: sql<Alongside>`${alongside(viewerId)}`,
    })
    .from(relations)
    .where(eq(relations.id, sql.placeholder('relationId')));
}

/**
 * The ids of everyone on a relation with the user (not removed), the user included: each row
 * looked up by id (LATERAL, kept from being pulled up by `offset 0`, as listRelationsForList).
 */
function knownPeopleOf(userId: number | Placeholder) {
  return sql`with mine as (
          select id from relations where creator_user_id = ${userId} and ${isLiveRelation(sql`status`)}
          union
          select r.id from relation_parties p cross join lateral (
            select r.id from relations r
             where r.id = p.relation_id and ${isLiveRelation(sql`r.status`)} offset 0
          ) r
           where p.user_id = ${userId} and ${isPartyNotRemoved(sql`p.status`)})
        select p.user_id from mine cross join lateral (
          select p.user_id from relation_parties p
           where p.relation_id = mine.id and ${isPartyNotRemoved(sql`p.status`)} offset 0
        ) p
        union
        select r.creator_user_id from mine cross join lateral (
          select r.creator_user_id from relations r where r.id = mine.id offset 0
        ) r`;
}

/**
 * The people a user already knows (`usersDrp` on the wire): everyone on a relation with them, by
 * name, at most `limit`. Removed parties, deleted accounts and the user are left out.
 */
export async function listKnownPeople(db: Db, userId: number, limit: number): Promise<User[]> {
  // One statement: the people on the user's relations are found and read together.
  const known = knownPeopleOf(userId);
  return db
    .select()
    .from(users)
    .where(
      and(
        sql`${users.id} in (${known})`,
        sql`${users.id} <> ${userId}`,
        sql`${users.kind} <> 'deleted'`,
      ),
    )
    .orderBy(asc(users.lastName), asc(users.firstName), asc(users.id))
    .limit(limit);
}

/**
 * The person search: the start of a name's search key (migration 0003) or of an address
 * (migration 0013). Each key has its own C-collation index, so each branch is an ordered index
 * range scan that stops after `limit` rows however common the prefix; the branches are then
 * merged. The pattern is bound as a parameter: PostgreSQL plans unnamed statements with the
 * value known, which the prefix-range optimisation needs (docs/decisions/relations.md, "Person search at scale").
 * Only confirmed addresses are searched: a pending change waits in its own column, and the
 * address of an account whose sign-up waits for its link does not count.
 */
export async function searchPeople(
  db: Db,
  search: { text: string; excludeUserId: number; limit: number },
): Promise<User[]> {
  const [keyRow] = await queryRows<{ key: string }>(
    db,
    sql`select person_search_key(${search.text}) as key`,
  );
  const key = keyRow?.key ?? '';
  const limit = search.limit + 1;
  const prefixScan = (
    expression: ReturnType<typeof sql>,
    condition: ReturnType<typeof sql>,
    pattern: string,
  ) =>
    sql`(select id from users
          where ${condition} and kind <> 'deleted'
            and (${expression}) collate "C" like ${pattern}
          order by (${expression}) collate "C" limit ${limit})`;
  const branches = [];
  if (key !== '') {
    const pattern = `${key}%`;
    const byKey = (expression: ReturnType<typeof sql>, condition = sql`true`) =>
      prefixScan(expression, condition, pattern);
    branches.push(
      byKey(sql`person_search_key(first_name || ' ' || last_name)`),
      byKey(sql`person_search_key(last_name || ' ' || first_name)`),
      byKey(sql`person_search_key(other_name_1)`, sql`other_name_1 <> ''`),
      byKey(sql`person_search_key(other_name_2)`, sql`other_name_2 <> ''`),
      byKey(sql`person_search_key(dblp_name)`, sql`dblp_name is not null`),
    );
  }
  const address = search.text.toLowerCase();
  if (!/\s/.test(address)) {
    // LIKE's own characters typed in an address match themselves.
    const pattern = `${address.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
    branches.push(
      prefixScan(
        sql`lower(email)`,
        sql`email is not null and (kind <> 'registered' or is_email_confirmed)`,
        pattern,
      ),
      prefixScan(sql`lower(secondary_email)`, sql`secondary_email is not null`, pattern),
    );
  }
  if (branches.length === 0) return [];
  const ids = await queryRows<{ id: number }>(db, sql.join(branches, sql` union `));
  const found = ids.map((row) => row.id).filter((id) => id !== search.excludeUserId);
  if (found.length === 0) return [];
  return db
    .select()
    .from(users)
    .where(and(inArray(users.id, found), sql`${users.kind} <> 'deleted'`))
    .orderBy(asc(users.lastName), asc(users.firstName), asc(users.id))
    .limit(search.limit);
}

/** The user's publications (`allPublications` on the wire), newest first. */
export async function listPublicationsOfUser(db: Db, userId: number) {
  return db
    .select({
      id: publications.id,
      title: publications.title,
      year: publications.year,
      dblpKey: publications.dblpKey,
    })
    .from(publicationAuthors)
    .innerJoin(publications, eq(publications.id, publicationAuthors.publicationId))
    .where(and(eq(publicationAuthors.userId, userId), eq(publications.isRetired, false)))
    .orderBy(sql`${publications.year} desc nulls last`, asc(publications.title));
}

export async function listCommentsWithAuthors(db: Db, relationId: number) {
  return db
    .select({ comment: relationComments, author: users })
    .from(relationComments)
    .leftJoin(users, eq(users.id, relationComments.userId))
    .where(eq(relationComments.relationId, relationId))
    .orderBy(asc(relationComments.createdAt), asc(relationComments.id));
}

/** The relation's audit rows with their actors, oldest first: who did what, and when. */
export async function listRelationAudit(db: Db, relationId: number) {
  return db
    .select({ entry: auditLog, actor: users })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorUserId))
    .where(and(eq(auditLog.entity, 'relation'), eq(auditLog.entityId, relationId)))
    .orderBy(asc(auditLog.id));
}
