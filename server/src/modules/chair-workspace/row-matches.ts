// Who the uploaded rows are, kept with them (docs/api-conflicts.md, "Who a row is"): each row's
// match is worked out when its file is uploaded and stored with the row, together with the
// people generation of that moment (stored-matches.repo.ts). Readers take the stored matches
// while the generation has not moved (nothing matching reads of our people and institutions has
// changed) and work them out again otherwise; the calls that change the workspace under the
// conference's lock store what they worked out again. A late member's row then reads the 20,000
// author lines of a large venue as stored instead of matching every one of them.
import type { Db } from '../../db/client.ts';
import * as repo from './chair-workspace.repo.ts';
import type { PersonColumns, SubmissionFile } from './hotcrp-csv.ts';
import type { PlacedInstitutionFact, RowIdentity, RowMatch } from './people-matching.ts';
import { identifiersOf, matchRows } from './people-matching.ts';
import type { StoredMatchColumns, WorkspaceFile } from './stored-matches.repo.ts';
import * as stored from './stored-matches.repo.ts';

/** Ties rows to our people with one look-up of each kind for all of them. */
export async function matchPeople(db: Db, rows: readonly RowIdentity[]): Promise<RowMatch[]> {
  if (rows.length === 0) return [];
  const wanted = identifiersOf(rows);
  const [byEmail, byDblpPid, namesakes, institutions] = await Promise.all([
    repo.findPeopleByEmails(db, wanted.emails),
    repo.findPeopleByDblpPids(db, wanted.dblpPids),
    repo.findNamesakes(db, wanted.names),
    repo.findInstitutionsByKeysOrDomains(db, wanted.institutionKeys, wanted.domains),
  ]);
  return matchRows(rows, { byEmail, byDblpPid, namesakes, institutions });
}

function storedColumnsOf(match: RowMatch): StoredMatchColumns {
  return {
    matchedUserId: match.userId,
    // What matching found: a chair's pick is kept apart (match-picks.ts), never stored here.
    matchedBy: match.matchedBy === 'pick' ? null : match.matchedBy,
    candidateIds: match.candidateIds,
    placedInstitutions: match.institutions,
  };
}

/** The stored match of a row; undefined when it has none (never matched, or not stored). */
function storedMatchOf(row: Partial<StoredMatchColumns>): RowMatch | undefined {
  if (row.placedInstitutions === null || row.placedInstitutions === undefined) return undefined;
  return {
    status:
      (row.matchedUserId ?? null) !== null
        ? 'matched'
        : (row.candidateIds ?? []).length > 0
          ? 'ambiguous'
          : 'unmatched',
    matchedBy: row.matchedBy ?? null,
    userId: row.matchedUserId ?? null,
    candidateIds: row.candidateIds ?? [],
    institutions: row.placedInstitutions as PlacedInstitutionFact[],
  };
}

/** Field by field: JSON comes back from the database with its keys in its own order. */
function sameMatch(first: RowMatch | undefined, second: RowMatch): boolean {
  return (
    first !== undefined &&
    first.userId === second.userId &&
    first.matchedBy === second.matchedBy &&
    first.candidateIds.join() === second.candidateIds.join() &&
    first.institutions.length === second.institutions.length &&
    first.institutions.every((place, index) => {
      const other = second.institutions[index]!;
      return (
        place.id === other.id &&
        place.name === other.name &&
        place.matchedBy === other.matchedBy &&
        place.isApproved === other.isApproved
      );
    })
  );
}

/**
 * The matches of rows of the conference's `file`: as stored when nothing they depend on changed
 * since, else (or for rows not stored, such as a person checked) worked out now, and not stored:
 * a read.
 */
export async function loadRowMatches(
  db: Db,
  conferenceId: number,
  file: WorkspaceFile,
  rows: ReadonlyArray<RowIdentity & Partial<StoredMatchColumns>>,
): Promise<RowMatch[]> {
  if (rows.length === 0) return [];
  const generations = await stored.readMatchGenerations(db, conferenceId);
  if (generations[file] === generations.current) {
    const matches = rows.map(storedMatchOf);
    if (matches.every((match) => match !== undefined)) return matches as RowMatch[];
  }
  return matchPeople(db, rows);
}

/**
 * Works out the matches of the conference's `file` again when our people changed since they
 * were stored (with `always`, in any case: a recomputation starts from who the rows are now),
 * and stores those that differ. When the steps since name the people they changed
 * (people_match_changes), only the rows those people can touch are worked out again: one
 * person renamed is a few rows, not the 20,000 author lines of a large venue. The caller holds
 * the conference's lock.
 */
export async function refreshRowMatches(
  db: Db,
  conferenceId: number,
  file: WorkspaceFile,
  { always = false } = {},
): Promise<void> {
  // Read before matching: a change made meanwhile moves the generation past the stored one.
  const generations = await stored.readMatchGenerations(db, conferenceId);
  const storedAt = generations[file];
  if (!always && storedAt === generations.current) return;
  const changedPeople =
    always || storedAt === null
      ? undefined
      : await stored.readChangedPeople(db, storedAt, generations.current);
  const rows =
    changedPeople !== undefined
      ? await stored.listRowsTouchedBy(db, conferenceId, file, changedPeople)
      : file === 'committee'
        ? await repo.listCommittee(db, conferenceId)
        : await repo.listSubmissionAuthors(
            db,
            (await repo.listSubmissions(db, conferenceId)).map((paper) => paper.id),
          );
  const matches = await matchPeople(db, rows);
  const changed = rows.flatMap((row, index) =>
    sameMatch(storedMatchOf(row), matches[index]!)
      ? []
      : [{ id: row.id, ...storedColumnsOf(matches[index]!) }],
  );
  await stored.storeRowMatches(db, file, changed);
  await stored.setMatchGeneration(db, conferenceId, file, generations.current);
}

/** One new committee row with its match, as the late member call adds it. */
export async function withStoredMatch<T extends RowIdentity>(
  db: Db,
  row: T,
): Promise<T & StoredMatchColumns> {
  const [match] = await matchPeople(db, [row]);
  return { ...row, ...storedColumnsOf(match!) };
}

/** The committee becomes these members, each stored with who they are. */
export async function storeCommittee(
  db: Db,
  conferenceId: number,
  members: readonly PersonColumns[],
): Promise<void> {
  const { current } = await stored.readMatchGenerations(db, conferenceId);
  const matches = await matchPeople(db, members);
  await repo.replaceCommittee(
    db,
    conferenceId,
    members.map((member, index) => ({ ...member, ...storedColumnsOf(matches[index]!) })),
  );
  await stored.setMatchGeneration(db, conferenceId, 'committee', current);
}

/** The submissions become these, each author stored with who they are. */
export async function storeSubmissions(
  db: Db,
  conferenceId: number,
  papers: readonly SubmissionFile[],
): Promise<void> {
  const { current } = await stored.readMatchGenerations(db, conferenceId);
  const matches = await matchPeople(
    db,
    papers.flatMap((paper) => paper.authors),
  );
  let index = 0;
  await repo.replaceSubmissions(
    db,
    conferenceId,
    papers.map((paper) => ({
      ...paper,
      authors: paper.authors.map((author) => ({
        ...author,
        ...storedColumnsOf(matches[index++]!),
      })),
    })),
  );
  await stored.setMatchGeneration(db, conferenceId, 'submissions', current);
}
