// The uploaded rows as the workspace's answers carry them (CommitteeRow, AuthorRow): each with
// who it turned out to be, the chair's pick that settles it, and the people it names described.
import type {
  AuthorRow,
  CommitteeRow,
  MatchCounts,
  MatchPickWire,
  PersonRef,
} from '@recuse/common';
import type { Db } from '../../db/client.ts';
import { describePeople } from '../conflicts/conflicts.service.ts';
import * as repo from './chair-workspace.repo.ts';
import type { CommitteeMemberRow } from './chair-workspace.repo.ts';
import type { MatchPickRow } from './match-picks.repo.ts';
import type { SettledRows } from './match-picks.ts';
import type { RowIdentity, RowMatch } from './people-matching.ts';

export interface StoredPerson extends RowIdentity {
  line: number;
  orcid: string | null;
}

/**
 * The match of each row as the answers carry it (with the chair's pick that settles it, if
 * any), with the people it names described: candidates with what tells them apart.
 */
export async function toMatchWires(
  db: Db,
  rows: readonly StoredPerson[],
  matches: readonly RowMatch[],
  picks: ReadonlyArray<MatchPickRow | undefined> = [],
) {
  const candidateIds = matches.flatMap((match) => match.candidateIds);
  const [people, identifiers] = await Promise.all([
    describePeople(db, [
      ...matches.flatMap((match) => (match.userId ? [match.userId] : [])),
      ...candidateIds,
      ...picks.flatMap((pick) => (pick?.pickedBy ? [pick.pickedBy] : [])),
    ]),
    repo.findCandidateIdentifiers(db, candidateIds),
  ]);
  const describe = (id: number): PersonRef =>
    people.get(id) ?? { id, name: `User ${id}`, affiliation: null };
  const candidate = (id: number) => ({
    ...describe(id),
    email_domain: identifiers.get(id)?.emailDomain ?? null,
    dblp_pid: identifiers.get(id)?.dblpPid ?? null,
  });
  const pickWire = (pick: MatchPickRow | undefined): MatchPickWire | null => {
    if (!pick) return null;
    const picker = pick.pickedBy ? people.get(pick.pickedBy) : undefined;
    return {
      user_id: pick.userId,
      picked_by: picker ? { id: picker.id, name: picker.name } : null,
      picked_at: pick.updatedAt.toISOString(),
    };
  };
  return rows.map((row, index) => {
    const match = matches[index]!;
    return {
      line: row.line,
      given_name: row.givenName,
      family_name: row.familyName,
      email: row.email,
      affiliation: row.affiliation,
      orcid: row.orcid,
      dblp: row.dblpPid,
      status: match.status,
      matched_by: match.matchedBy,
      user: match.userId ? describe(match.userId) : null,
      candidates: match.candidateIds.map(candidate),
      pick: pickWire(picks[index]),
      institutions: match.institutions.map((institution) => ({
        id: institution.id,
        name: institution.name,
        matched_by: institution.matchedBy,
        is_approved: institution.isApproved,
      })),
    };
  });
}

export function countsOf(rows: ReadonlyArray<{ status: string }>): MatchCounts {
  const count = (status: string) => rows.filter((row) => row.status === status).length;
  return {
    rows: rows.length,
    matched: count('matched'),
    unmatched: count('unmatched'),
    ambiguous: count('ambiguous'),
  };
}

export async function toCommitteeWires(
  db: Db,
  members: readonly CommitteeMemberRow[],
  settled: SettledRows,
): Promise<CommitteeRow[]> {
  return toMatchWires(db, members, settled.matches, settled.picks);
}

/** The authors file's lines, each with its paper number, in the file's order. */
export async function listAuthorLines(db: Db, conferenceId: number) {
  const papers = await repo.listSubmissions(db, conferenceId);
  const paperOf = new Map(papers.map((paper) => [paper.id, paper.paper]));
  const authors = await repo.listSubmissionAuthors(
    db,
    papers.map((paper) => paper.id),
  );
  const lines = authors
    .map((author) => ({ ...author, paper: paperOf.get(author.submissionId)! }))
    .sort((first, second) => first.line - second.line);
  return { papers, lines };
}

export type AuthorLine = Awaited<ReturnType<typeof listAuthorLines>>['lines'][number];

export async function toAuthorWires(
  db: Db,
  lines: readonly AuthorLine[],
  settled: SettledRows,
): Promise<AuthorRow[]> {
  const wires = await toMatchWires(db, lines, settled.matches, settled.picks);
  return lines.map((line, index) => ({
    ...wires[index]!,
    paper: line.paper,
    is_author: line.isAuthor,
    is_contact: line.isContact,
  }));
}
