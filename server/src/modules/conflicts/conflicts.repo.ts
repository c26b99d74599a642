// Loads the conflict engine's inputs for one user with a handful of set-based queries: the
// relations they are on (with every party), the people those name, their affiliations and the
// overlapping ones of others at the same institutions, and those institutions with their
// aliases and merges. Work grows with what the user's own list can hold, never with the size
// of the database: every query starts from an index on the user, a relation or an institution.
import type { ConflictRule } from '@recuse/common';
import { institutionStatus, institutionalRelationTypeId, relationTypeIds } from '@recuse/common';
import type { SQL } from 'drizzle-orm';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/client.ts';
import type { Ids } from '../../db/arrays.ts';
import { distinctIds, isAmongIds, toIntArray } from '../../db/arrays.ts';
import { isCountingParty, isLiveRelation } from '../../db/relation-filters.ts';
import type { NamedUser } from '../relations/relation-wire.ts';
import { displayName } from '../relations/relation-wire.ts';
import type { YearMonth } from '../../conflicts/dates.ts';
import { windowInMonths } from '../../conflicts/dates.ts';
import type {
  AffiliationFact,
  InstitutionFact,
  PartyFact,
  PersonRef,
  RelationFact,
} from '../../conflicts/types.ts';

/** Month index (year·12 + month − 1) of a year and optional month, in SQL; a year alone is December. */
const monthIndex = (year: SQL, month: SQL) => sql`(${year} * 12 + coalesce(${month}, 12) - 1)`;
const endIndex = monthIndex(sql`r.end_year`, sql`r.end_month`);
const startIndex = monthIndex(sql`r.start_year`, sql`r.start_month`);

/**
 * Which of a type's relations can satisfy one of its rules, as SQL: the engine decides, but
 * relations too old for every selected rule of their type are not worth reading. A prolific
 * author's 3,000 papers shrink to the few hundred of the window. The predicate mirrors
 * dates.ts: an end-date rule measures the end (an ongoing relation is measured at R, always
 * in); a start-date rule measures the start, falling back to the end, then to R.
 */
function typePredicate(rules: readonly ConflictRule[], reference: number): SQL {
  const conditions: SQL[] = [];
  for (const rule of rules) {
    const window = windowInMonths(rule);
    if (!Number.isFinite(window)) return sql`true`;
    const cutoff = reference - window;
    conditions.push(
      rule.checkedDate === 'start'
        ? sql`coalesce(${startIndex}, ${endIndex}, ${cutoff}) >= ${cutoff}`
        : sql`coalesce(${endIndex}, ${cutoff}) >= ${cutoff}`,
    );
  }
  return conditions.length === 0 ? sql`false` : sql`(${sql.join(conditions, sql` or `)})`;
}

/** `r.type_id = 3 and (window) or …` for every type that has a selected rule. */
function relationFilter(
  rulesByType: ReadonlyMap<number, readonly ConflictRule[]>,
  reference: number,
  typeIds: readonly number[],
): SQL | null {
  const branches = typeIds.flatMap((typeId) => {
    const rules = rulesByType.get(typeId);
    return rules && rules.length > 0
      ? [sql`(r.type_id = ${typeId} and ${typePredicate(rules, reference)})`]
      : [];
  });
  return branches.length === 0 ? null : sql`(${sql.join(branches, sql` or `)})`;
}

/** A relation as the engine's statements read it (here, and the relations list's). */
export interface RelationFactRow {
  id: number;
  typeId: number;
  creatorUserId: number;
  status: number;
  title: string | null;
  startYear: number | null;
  startMonth: number | null;
  endYear: number | null;
  endMonth: number | null;
  institutionId: number | null;
}

/** A party row as the engine's statements read it. */
export interface PartyFactRow {
  relationId: number;
  userId: number;
  status: number;
}

/**
 * A person as the engine's statements read them (here, and the relations list's): what names
 * them, and their current affiliation (currentAffiliationOf) where it was asked for.
 */
export type PersonRow = NamedUser & { affiliation: string | null };

/**
 * Whether a relation (as `r`) can count for one of the users' selected rules, as SQL: of a type
 * a rule names and recent enough for one of its rules, read with the creator's rules when one of
 * the users created it (type 8 counts only for its creator) and with a party's otherwise; null
 * when no rule is selected. The engine decides; this only keeps out what cannot count.
 */
export function countsForRules(
  userIds: Ids,
  rulesByType: ReadonlyMap<number, readonly ConflictRule[]>,
  reference: number,
): SQL | null {
  const personTypes = [1, 2, 3, 4, 5, 6, 7];
  const asCreator = relationFilter(rulesByType, reference, [
    ...personTypes,
    relationTypeIds.pendingEmployment,
  ]);
  if (asCreator === null || (Array.isArray(userIds) && userIds.length === 0)) return null;
  const asParty = relationFilter(rulesByType, reference, personTypes) ?? sql`false`;
  return sql`(case when ${isAmongIds(sql`r.creator_user_id`, distinctIds(userIds))}
                then ${asCreator} else ${asParty} end)`;
}

/**
 * The relations the users created or are a counting party of (pending, accepted or disputed),
 * neither retired (0, 2) nor deleted, of the types the selected rules name and recent enough
 * for one of them (countsForRules); with every party and every person's name and current
 * affiliation. One user's list passes one id; a chair's matrix passes the whole committee, in
 * the same few statements. (The list call reads its user's from the list's own statement:
 * relationFactsOfListed in conflicts.service.)
 */
export async function loadRelationFacts(
  db: Db,
  userIds: readonly number[],
  rulesByType: ReadonlyMap<number, readonly ConflictRule[]>,
  reference: number,
): Promise<RelationFact[]> {
  const counts = countsForRules(userIds, rulesByType, reference);
  if (counts === null) return [];
  const ids = [...new Set(userIds)];
  const among = (column: SQL) => isAmongIds(column, ids);
  // The users' relation ids come first, from the creator and party indexes, in a
  // materialised CTE; only then are those rows read and filtered by type and window. Written
  // as one filtered scan, the planner may start from the type instead (every publication is
  // type 3) and read the whole table, as EXPLAIN showed on an imported DBLP dump. A relation
  // one user created and another is a party of is read with the creator's filter, which
  // holds the party's (the same windows, plus type 8).
  // One statement (every call pays a round trip per statement): the relations, then their
  // party rows and the people they name, each looked up by id through a LATERAL subquery so that
  // PostgreSQL walks the party index and the primary key however many relations there are.
  // `offset 0` keeps each subquery from being pulled up into a plain join, which PostgreSQL
  // planned as hash joins over whole tables when they are small (docs/benchmarks.md, "Plans
  // that read whole tables").
  const [row] = await queryRows<{
    relations: RelationFactRow[];
    parties: PartyFactRow[];
    people: PersonRow[];
  }>(
    db,
    sql`with mine as materialized (
          select id from relations where ${among(sql`creator_user_id`)}
          union
          select relation_id from relation_parties
           where ${among(sql`user_id`)} and ${isCountingParty(sql`status`)}
        ),
        facts as materialized (
          select r.* from mine cross join lateral (
            select r.id, r.type_id as "typeId", r.creator_user_id as "creatorUserId", r.status,
                   r.title, r.start_year as "startYear", r.start_month as "startMonth",
                   r.end_year as "endYear", r.end_month as "endMonth",
                   r.institution_id as "institutionId"
              from relations r
             where r.id = mine.id and ${isLiveRelation(sql`r.status`)} and r.deleted_at is null
               and ${counts}
            offset 0
          ) r
        ),
        fact_parties as materialized (
          select p.* from facts cross join lateral (
            select p.id, p.relation_id as "relationId", p.user_id as "userId", p.status
              from relation_parties p where p.relation_id = facts.id offset 0
          ) p
        ),
        named as (
          select "userId" as id from fact_parties union select "creatorUserId" from facts
        )
        select
          (select coalesce(json_agg(facts), '[]') from facts) as relations,
          (select coalesce(json_agg(fact_parties order by "relationId", id), '[]')
             from fact_parties) as parties,
          (select coalesce(json_agg(person), '[]') from named
             cross join lateral (${personQuery(sql`named.id`)}) person) as people`,
  );
  const { relations, parties } = row!;
  if (relations.length === 0) return [];
  const people = new Map(row!.people.map((person) => [person.id, toPersonRef(person)]));
  return toRelationFacts(relations, parties, people);
}

/**
 * The engine's relations from rows: each with its creator and parties as the engine names people
 * (`people`: their name, affiliation, whether deleted). A creator not among them reads as a
 * deleted user; a party not among them is left out.
 */
export function toRelationFacts(
  relations: readonly RelationFactRow[],
  parties: readonly PartyFactRow[],
  people: ReadonlyMap<number, PersonRef>,
): RelationFact[] {
  const partiesOf = new Map<number, PartyFact[]>();
  for (const party of parties) {
    const person = people.get(party.userId);
    if (!person) continue;
    const fact: PartyFact = { ...person, status: party.status };
    const list = partiesOf.get(party.relationId);
    if (list) list.push(fact);
    else partiesOf.set(party.relationId, [fact]);
  }
  return relations.map((relation) => ({
    id: relation.id,
    typeId: relation.typeId,
    title: relation.title,
    start: yearMonth(relation.startYear, relation.startMonth),
    end: yearMonth(relation.endYear, relation.endMonth),
    status: relation.status,
    creator: people.get(relation.creatorUserId) ?? {
      id: relation.creatorUserId,
      name: `User ${relation.creatorUserId}`,
      isDeleted: true,
    },
    parties: partiesOf.get(relation.id) ?? [],
    institutionId: relation.institutionId,
  }));
}

const yearMonth = (year: number | null, month: number | null): YearMonth | null =>
  year === null ? null : { year, month };

/** People by id, as `loadPeople` describes them. */
export async function loadPeopleByIds(
  db: Db,
  ids: readonly number[],
): Promise<Map<number, PersonRef>> {
  if (ids.length === 0) return new Map();
  return loadPeople(db, sql`select unnest(${toIntArray([...new Set(ids)])})`);
}

/**
 * People by id with the name lists show and their current affiliation (held now, or with no
 * end), which HotCRP's `Name (Affiliation)` wants; an institution merged into another is named
 * by that other.
 */
async function loadPeople(db: Db, ids: SQL): Promise<Map<number, PersonRef>> {
  const rows = await queryRows<PersonRow>(
    db,
    sql`select person.* from (${ids}) as named(id) cross join lateral (${personQuery(sql`named.id`)}) person`,
  );
  return new Map(rows.map((row) => [row.id, toPersonRef(row)]));
}

/** What names a person (NamedUser's fields), of the users table as `u`. */
const personNameColumns = sql`u.first_name as "firstName", u.last_name as "lastName", u.email,
                              u.dblp_name as "dblpName"`;

/** One person by id, as `loadPeople` describes them (a query for a LATERAL join). */
function personQuery(id: SQL): SQL {
  return sql`select u.id, u.kind, ${personNameColumns},
                    ${currentAffiliationOf(sql`u.id`)} as affiliation
               from users u where u.id = ${id} offset 0`;
}

/**
 * A person's current affiliation as conflict lists name it, as a scalar subquery: the name of
 * the institution of the one held now (or with no end) that started last; an institution merged
 * into another is named by that other.
 */
export function currentAffiliationOf(userId: SQL): SQL {
  return sql`(select coalesce(m.name, i.name)
                from affiliations a
                join institutions i on i.id = a.institution_id
                left join institutions m on m.id = i.merged_into_id
               where a.user_id = ${userId} and (a.is_current or a.end_date is null)
               order by a.start_date desc nulls last, a.id desc
               limit 1)`;
}

/** A person as the engine names them. */
export function toPersonRef(row: PersonRow): PersonRef {
  return {
    id: row.id,
    name: displayName(row),
    affiliation: row.affiliation,
    isDeleted: row.kind === 'deleted',
  };
}

interface AffiliationRow extends PersonRow {
  affiliation_id: number;
  institution_id: number;
  position_label: string | null;
  is_intern: boolean | null;
  start_date: string | null;
  end_date: string | null;
  is_current: boolean;
}

interface InstitutionRow {
  id: number;
  name: string;
  name_key: string;
  alias_keys: string[];
  merged_into_id: number | null;
  status: number;
}

export interface InstitutionalFacts {
  affiliations: AffiliationFact[];
  institutions: InstitutionFact[];
}

/**
 * The users' affiliations, the institutions they, their type 8 relations a rule can count and
 * `also` name (grown to every institution that is the same place: merges both ways, equal
 * names, a name that is another's alias), and, when an institutional rule is selected, the affiliations of
 * everyone else at the users' own places that could still overlap theirs recently enough:
 * those that end no earlier than the loosest rule's window (the overlap ends no later than
 * they do). The engine tells each user's own affiliations from the others by person.
 */
export async function loadInstitutionalFacts(
  db: Db,
  userIds: readonly number[],
  rulesByType: ReadonlyMap<number, readonly ConflictRule[]>,
  reference: number,
  also: readonly number[] = [],
): Promise<InstitutionalFacts> {
  const { ctes, columns } = institutionalQuery(userIds, rulesByType, reference, also);
  const [row] = await queryRows<InstitutionalRow>(
    db,
    sql`with recursive ${ctes} select ${columns}`,
  );
  return readInstitutionalFacts(row!);
}

/** The columns institutionalQuery adds to a statement's one row. */
export interface InstitutionalRow {
  own: AffiliationRow[];
  institutions: InstitutionRow[];
  others: AffiliationRow[];
}

/**
 * loadInstitutionalFacts as parts of a statement: its common table expressions (`own`, `places`;
 * one is recursive, so the statement starts `with recursive`) and the columns of its one row
 * (InstitutionalRow). Nothing here waits for the users' relations (their type 8 institutions
 * are read here), so a conflict list reads it in the list's own statement (docs/architecture.md,
 * "A conflict list in one statement").
 */
export function institutionalQuery(
  userIds: Ids,
  rulesByType: ReadonlyMap<number, readonly ConflictRule[]>,
  reference: number,
  also: readonly number[] = [],
): { ctes: SQL; columns: SQL } {
  const ids = distinctIds(userIds);
  const seeds = [...new Set(also)];
  const institutionalRules = rulesByType.get(institutionalRelationTypeId) ?? [];
  // The users' type 8 relations that a type 8 rule can count (countsForRules' window): only
  // their institutions are named in the findings.
  const typeEight = relationFilter(rulesByType, reference, [relationTypeIds.pendingEmployment]);
  // The users' own affiliations; every institution that is the same place as theirs, their
  // type 8 institutions' or `also`'s (samePlaceSteps, repeated until nothing new turns up),
  // each marked by whether it was reached from the users' own; and everyone else's
  // affiliations at those reached from their own. People at an institution only applied to
  // (type 8) or asked about (`also`) are never read: a chair's matrix asks for every
  // institution its authors' file names, and reading everyone at those was most of a late
  // member's row (docs/benchmarks.md).
  //
  // PostgreSQL estimates a recursive query's rows as if each step multiplied them: 1.2 million
  // places for 300 at a committee of 500. On that estimate it joined the places found with
  // every institution of the registry, building each one's steps (a hash join), instead of
  // looking up those found (docs/benchmarks.md, "The chair's committee × submissions matrix").
  // So each step's institution is a LATERAL subquery by id that OFFSET 0 keeps from being
  // folded into a join: a lookup by primary key per place found, whatever the estimate; and the
  // places are read by `= any(array(...))`, an index lookup too. Without `also` (every list)
  // its branch is left out, so that the shared plan of the statement is not costed for ten of
  // them.
  const others =
    institutionalRules.length === 0
      ? sql`'[]'::json`
      : sql`(select coalesce(json_agg(other), '[]') from (${affiliationQuery(
          sql`a.institution_id = any(array(select id from places where is_own))
              and not (${isAmongIds(sql`a.user_id`, ids)})
              and ${endsNoEarlierThan(institutionalRules, reference)}`,
        )}) other)`;
  return {
    ctes: sql`own as materialized (
          ${affiliationQuery(isAmongIds(sql`a.user_id`, ids))}
        ),
        places(id, is_own) as (
          select institution_id, true from own
          union
          ${
            typeEight
              ? sql`select r.institution_id, false from relations r
                     where ${isAmongIds(sql`r.creator_user_id`, ids)} and ${typeEight}
                       and r.institution_id is not null and ${isLiveRelation(sql`r.status`)}
                    union`
              : sql``
          }
          ${seeds.length > 0 ? sql`select unnest(${toIntArray(seeds)}), false union` : sql``}
          select step.id, places.is_own from places
            cross join lateral (
              select * from institutions i where i.id = places.id offset 0
            ) i
            cross join lateral (${samePlaceSteps}) step
        )`,
    columns: sql`(select coalesce(json_agg(own), '[]') from own) as own,
          (select coalesce(json_agg(i), '[]') from (
             select ${institutionColumns} from institutions
              where id = any(array(select id from places))
           ) i) as institutions,
          ${others} as others`,
  };
}

/** The facts from the columns institutionalQuery adds. */
export function readInstitutionalFacts(row: InstitutionalRow): InstitutionalFacts {
  const institutions = row.institutions.map((institution) => ({
    id: institution.id,
    name: institution.name,
    nameKey: institution.name_key,
    aliasKeys: institution.alias_keys,
    mergedIntoId: institution.merged_into_id,
    isApproved: institution.status === institutionStatus.approved,
  }));
  return { affiliations: [...row.own, ...row.others].map(toAffiliation), institutions };
}

function endsNoEarlierThan(rules: readonly ConflictRule[], reference: number): SQL {
  const window = Math.max(...rules.map(windowInMonths));
  if (!Number.isFinite(window)) return sql`true`;
  const cutoff = reference - window;
  const date = `${String(Math.floor(cutoff / 12)).padStart(4, '0')}-${String((cutoff % 12) + 1).padStart(2, '0')}-01`;
  return sql`(a.is_current or a.end_date is null or a.end_date >= ${date}::date)`;
}

function affiliationQuery(where: SQL): SQL {
  return sql`select a.id as affiliation_id, a.institution_id, a.start_date::text as start_date,
                    a.end_date::text as end_date, a.is_current,
                    p.name as position_label, p.is_intern,
                    u.id, u.kind, ${personNameColumns}, null::text as affiliation
               from affiliations a
               join users u on u.id = a.user_id
               left join positions p on p.id = a.position_id
              where ${where}`;
}

function toDate(text: string | null): YearMonth | null {
  if (!text) return null;
  return { year: Number(text.slice(0, 4)), month: Number(text.slice(5, 7)) };
}

function toAffiliation(row: AffiliationRow): AffiliationFact {
  return {
    id: row.affiliation_id,
    person: toPersonRef(row),
    institutionId: row.institution_id,
    positionLabel: row.position_label,
    isIntern: row.is_intern === true,
    start: toDate(row.start_date),
    end: toDate(row.end_date),
    isCurrent: row.is_current,
  };
}

const institutionColumns = sql`id, name, name_key, alias_keys, merged_into_id, status`;

/**
 * The institutions one step from institution `i` that are the same place: the one it was
 * merged into, those merged into it, the same name, a name that is one of its aliases, and
 * those whose aliases hold its name. A query for a LATERAL join inside a recursive one, which
 * repeats it from every institution it finds until nothing new turns up; each branch uses an
 * index (primary key, merged_into_id, name_key, the alias GIN).
 */
const samePlaceSteps = sql`
  select i.merged_into_id as id where i.merged_into_id is not null
  union all select m.id from institutions m where m.merged_into_id = i.id
  union all select n.id from institutions n where i.name_key <> '' and n.name_key = i.name_key
  union all select n.id from institutions n where n.name_key = any(i.alias_keys)
  union all select n.id from institutions n
   where i.name_key <> '' and n.alias_keys @> array[i.name_key]`;

/** A person on one of the user's relations, as the committee check compares them. */
export interface RelatedPerson {
  id: number;
  /** As lists show them (displayName). */
  name: string;
  /** Every name they go by: first and last, the other names, DBLP's. */
  names: string[];
  /** Their confirmed addresses, lower-cased. */
  emails: string[];
}

interface RelatedPersonRow {
  id: number;
  kind: 'registered' | 'invited' | 'dblp_only' | 'deleted';
  first_name: string;
  last_name: string;
  other_name_1: string;
  other_name_2: string;
  dblp_name: string | null;
  email: string | null;
  secondary_email: string | null;
  is_email_confirmed: boolean;
}

/**
 * Everyone named with the user on a relation that is not deleted (the creator and each party not
 * removed), whatever its status: the people a pasted committee is compared with. Starts from the
 * user's creator and party indexes, as the conflict list does.
 */
export async function listRelatedPeople(db: Db, userId: number): Promise<RelatedPerson[]> {
  const rows = await queryRows<RelatedPersonRow>(
    db,
    sql`with mine as materialized (
          select id from relations where creator_user_id = ${userId}
          union
          select relation_id from relation_parties where user_id = ${userId} and status <> 2
        ),
        live as materialized (
          select r.id, r.creator_user_id from mine join relations r on r.id = mine.id
           where r.status <> 2 and r.deleted_at is null
        ),
        people as (
          select creator_user_id as user_id from live
          union
          select p.user_id from live join relation_parties p on p.relation_id = live.id
           where p.status <> 2
        )
        select u.id, u.kind, u.first_name, u.last_name, u.other_name_1, u.other_name_2,
               u.dblp_name, u.email, u.secondary_email, u.is_email_confirmed
          from people join users u on u.id = people.user_id
         where u.id <> ${userId} and u.kind <> 'deleted'`,
  );
  return rows.map((row) => {
    const user = {
      id: row.id,
      kind: row.kind,
      firstName: row.first_name,
      lastName: row.last_name,
      email: row.email,
      dblpName: row.dblp_name,
    };
    const names = [
      `${row.first_name} ${row.last_name}`,
      row.other_name_1,
      row.other_name_2,
      row.dblp_name ?? '',
    ].filter((name) => name.trim() !== '');
    // Only an account's confirmed addresses identify it: an invited person's address, or one
    // still waiting for its link, does not (docs/security.md, section 3).
    const emails =
      row.kind === 'registered'
        ? [row.is_email_confirmed ? row.email : null, row.secondary_email].flatMap((email) =>
            email ? [email.toLowerCase()] : [],
          )
        : [];
    return { id: row.id, name: displayName(user), names, emails };
  });
}
