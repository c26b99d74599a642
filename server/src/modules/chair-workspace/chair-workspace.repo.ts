// The chair's workspace tables (committee_members, submissions, submission_authors,
// conference_workspaces) and the look-ups that tie uploaded rows to our people and
// institutions. Every look-up takes the whole file's identifiers at once: a committee of 200
// or 2,000 author lines costs the same few statements.
import type { SQL } from 'drizzle-orm';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/client.ts';
import { toIntArray, toTextArray } from '../../db/arrays.ts';
import {
  committeeMembers,
  conferenceWorkspaces,
  submissionAuthors,
  submissions,
} from '../../db/schema.ts';

export type CommitteeMemberRow = typeof committeeMembers.$inferSelect;
export type SubmissionRow = typeof submissions.$inferSelect;
export type SubmissionAuthorRow = typeof submissionAuthors.$inferSelect;
export type NewCommitteeMember = Omit<typeof committeeMembers.$inferInsert, 'conferenceId'>;
export type NewSubmissionAuthor = Omit<typeof submissionAuthors.$inferInsert, 'submissionId'>;

/** Rows per INSERT: well under PostgreSQL's 65,535 parameters at a dozen columns a row. */
const insertBatch = 1000;

async function insertInBatches<T>(rows: readonly T[], insert: (batch: T[]) => Promise<unknown>) {
  for (let start = 0; start < rows.length; start += insertBatch) {
    await insert(rows.slice(start, start + insertBatch));
  }
}

export async function replaceCommittee(
  db: Db,
  conferenceId: number,
  members: readonly NewCommitteeMember[],
): Promise<void> {
  await db.delete(committeeMembers).where(eq(committeeMembers.conferenceId, conferenceId));
  await insertInBatches(members, (batch) =>
    db.insert(committeeMembers).values(batch.map((member) => ({ ...member, conferenceId }))),
  );
}

export async function listCommittee(db: Db, conferenceId: number): Promise<CommitteeMemberRow[]> {
  return db
    .select()
    .from(committeeMembers)
    .where(eq(committeeMembers.conferenceId, conferenceId))
    .orderBy(asc(committeeMembers.line), asc(committeeMembers.id));
}

/** The committee's row of the address (any case), if it is on the committee. */
export async function findCommitteeMember(db: Db, conferenceId: number, email: string) {
  const [row] = await db
    .select()
    .from(committeeMembers)
    .where(
      and(
        eq(committeeMembers.conferenceId, conferenceId),
        sql`lower(${committeeMembers.email}) = ${email.toLowerCase()}`,
      ),
    );
  return row;
}

export interface NewSubmission {
  paper: number;
  title: string;
  authors: readonly NewSubmissionAuthor[];
}

/** The conference's submissions and their authors become these (the old ones cascade away). */
export async function replaceSubmissions(
  db: Db,
  conferenceId: number,
  papers: readonly NewSubmission[],
): Promise<void> {
  await db.delete(submissions).where(eq(submissions.conferenceId, conferenceId));
  const idOfPaper = new Map<number, number>();
  await insertInBatches(papers, async (batch) => {
    const inserted = await db
      .insert(submissions)
      .values(batch.map((paper) => ({ conferenceId, paper: paper.paper, title: paper.title })))
      .returning({ id: submissions.id, paper: submissions.paper });
    for (const row of inserted) idOfPaper.set(row.paper, row.id);
  });
  const authors = papers.flatMap((paper) =>
    paper.authors.map((author) => ({ ...author, submissionId: idOfPaper.get(paper.paper)! })),
  );
  await insertInBatches(authors, (batch) => db.insert(submissionAuthors).values(batch));
}

export async function listSubmissions(db: Db, conferenceId: number): Promise<SubmissionRow[]> {
  return db
    .select()
    .from(submissions)
    .where(eq(submissions.conferenceId, conferenceId))
    .orderBy(asc(submissions.paper));
}

/** The people of some submissions, each submission's in the file's order. */
export async function listSubmissionAuthors(
  db: Db,
  submissionIds: readonly number[],
): Promise<SubmissionAuthorRow[]> {
  if (submissionIds.length === 0) return [];
  return (
    db
      .select()
      .from(submissionAuthors)
      // One array parameter: 5,000 submissions as 5,000 parameters cost more to build than to run.
      .where(sql`${submissionAuthors.submissionId} = any(${toIntArray(submissionIds)})`)
      .orderBy(asc(submissionAuthors.line), asc(submissionAuthors.id))
  );
}

export async function countsSubmissionCoauthors(db: Db, conferenceId: number): Promise<boolean> {
  const [row] = await db
    .select({ value: conferenceWorkspaces.countsSubmissionCoauthors })
    .from(conferenceWorkspaces)
    .where(eq(conferenceWorkspaces.conferenceId, conferenceId));
  return row?.value ?? false;
}

export async function setCountsSubmissionCoauthors(
  db: Db,
  conferenceId: number,
  value: boolean,
): Promise<void> {
  await db
    .insert(conferenceWorkspaces)
    .values({ conferenceId, countsSubmissionCoauthors: value })
    .onConflictDoUpdate({
      target: conferenceWorkspaces.conferenceId,
      set: { countsSubmissionCoauthors: value, updatedAt: new Date() },
    });
}

// ---- Who the rows are ----

/** A person an identifier or a name found; keys are what the person is known by. */
export interface KnownPerson {
  id: number;
  /** Lower case; only an address that identifies the person (docs/data-model.md). */
  email: string | null;
  secondaryEmail: string | null;
  dblpPid: string | null;
}

interface KnownPersonRow {
  id: number;
  email: string | null;
  secondary_email: string | null;
  dblp_pid: string | null;
}

/**
 * Who may be found at all: nobody deleted, and no account whose sign-up still waits for its
 * confirmation link (its address proves nothing yet). Pending new addresses are in other
 * columns and are never read here.
 */
const findable = sql`u.kind <> 'deleted' and (u.kind <> 'registered' or u.is_email_confirmed)`;

const knownColumns = sql`u.id, lower(u.email) as email, lower(u.secondary_email) as secondary_email,
                         u.dblp_pid`;

/** People whose primary or (confirmed) secondary address is one of these (lower case). */
export async function findPeopleByEmails(
  db: Db,
  emails: readonly string[],
): Promise<KnownPerson[]> {
  if (emails.length === 0) return [];
  const list = toTextArray([...new Set(emails)]);
  const rows = await queryRows<KnownPersonRow>(
    db,
    sql`select ${knownColumns} from users u
         where lower(u.email) = any(${list}) and ${findable}
        union
        select ${knownColumns} from users u
         where u.secondary_email is not null and lower(u.secondary_email) = any(${list})
           and ${findable}`,
  );
  return rows.map(toKnownPerson);
}

export async function findPeopleByDblpPids(
  db: Db,
  pids: readonly string[],
): Promise<KnownPerson[]> {
  if (pids.length === 0) return [];
  const rows = await queryRows<KnownPersonRow>(
    db,
    sql`select ${knownColumns} from users u
         where u.dblp_pid = any(${toTextArray([...new Set(pids)])}) and ${findable}`,
  );
  return rows.map(toKnownPerson);
}

function toKnownPerson(row: KnownPersonRow): KnownPerson {
  return {
    id: row.id,
    email: row.email,
    secondaryEmail: row.secondary_email,
    dblpPid: row.dblp_pid,
  };
}

/**
 * People whose name is one of these, compared as the person pickers compare names
 * (person_search_key: no case, accents or punctuation): first and last name in either order,
 * or one of their other names. Answers each wanted name with the ids of its namesakes.
 */
export async function findNamesakes(
  db: Db,
  names: readonly string[],
): Promise<Map<string, number[]>> {
  const wanted = [...new Set(names.filter((name) => name.trim() !== ''))];
  if (wanted.length === 0) return new Map();
  const byKey = (expression: SQL) => sql`(person_search_key(${expression}) collate "C") = w.key`;
  const rows = await queryRows<{ name: string; id: number }>(
    db,
    sql`with wanted as materialized (
          select n as name, person_search_key(n) collate "C" as key
            from unnest(${toTextArray(wanted)}) n
        )
        select w.name, u.id
          from wanted w
          join users u
            on ${byKey(sql`u.first_name || ' ' || u.last_name`)}
            or ${byKey(sql`u.last_name || ' ' || u.first_name`)}
            or (u.other_name_1 <> '' and ${byKey(sql`u.other_name_1`)})
            or (u.other_name_2 <> '' and ${byKey(sql`u.other_name_2`)})
         where w.key <> '' and ${findable}
         order by u.id`,
  );
  const namesakes = new Map<string, number[]>();
  for (const row of rows) {
    const list = namesakes.get(row.name);
    if (!list) namesakes.set(row.name, [row.id]);
    else if (!list.includes(row.id)) list.push(row.id);
  }
  return namesakes;
}

export interface RegistryInstitution {
  id: number;
  name: string;
  nameKey: string;
  aliasKeys: string[];
  emailDomains: string[];
  isApproved: boolean;
}

/**
 * Institutions of the registry (approved or awaiting approval) named by one of these keys
 * (`institutionKey` of an affiliation: their name or an alias) or listing one of these e-mail
 * domains.
 */
export async function findInstitutionsByKeysOrDomains(
  db: Db,
  keys: readonly string[],
  domains: readonly string[],
): Promise<RegistryInstitution[]> {
  if (keys.length === 0 && domains.length === 0) return [];
  const keyList = toTextArray([...new Set(keys)]);
  const columns = sql`id, name, name_key, alias_keys, email_domains, status`;
  const rows = await queryRows<{
    id: number;
    name: string;
    name_key: string;
    alias_keys: string[];
    email_domains: string[];
    status: number;
  }>(
    db,
    sql`select ${columns} from institutions where name_key = any(${keyList}) and status in (1, 3)
        union select ${columns} from institutions where alias_keys && ${keyList} and status in (1, 3)
        union select ${columns} from institutions
               where email_domains && ${toTextArray([...new Set(domains)])} and status in (1, 3)`,
  );
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    nameKey: row.name_key,
    aliasKeys: row.alias_keys,
    emailDomains: row.email_domains.map((domain) => domain.toLowerCase()),
    isApproved: row.status === 1,
  }));
}

/** What tells namesakes apart: the domain of each one's address, and their DBLP pid. */
export async function findCandidateIdentifiers(
  db: Db,
  ids: readonly number[],
): Promise<Map<number, { emailDomain: string | null; dblpPid: string | null }>> {
  if (ids.length === 0) return new Map();
  const rows = await queryRows<{
    id: number;
    email_domain: string | null;
    dblp_pid: string | null;
  }>(
    db,
    sql`select id, nullif(lower(split_part(email, '@', 2)), '') as email_domain, dblp_pid
          from users where id = any(${toIntArray([...new Set(ids)])})`,
  );
  return new Map(
    rows.map((row) => [row.id, { emailDomain: row.email_domain, dblpPid: row.dblp_pid }]),
  );
}
