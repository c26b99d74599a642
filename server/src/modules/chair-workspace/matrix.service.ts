// The committee × submissions matrix (docs/api-conflicts.md, "The matrix"): every reason a
// member and a submission conflict, under the conference's rules at its reference date.
//
// The engine decides (findConflicts, through computeConflictsOfUsers): each matched member's
// conflicts are computed once, from inputs loaded for the whole committee in one go, and then
// looked up per author, so the work grows with members plus authors, not with their product,
// and the statements sent do not grow with either. What the engine cannot see is added here,
// each as its own kind of reason: the member being an author, the authors file placing an
// author at an institution the member's findings name (or, failing those, that the committee
// file places the member at), and, when the chair counts them, co-authors on other
// submissions to this conference.
import type {
  ConflictDecisionWire,
  ConflictRule,
  MatrixConflict,
  MatrixReason,
  MatrixReply,
} from '@recuse/common';
import { institutionalRelationTypeId, relationTypeNames, ruleToWire } from '@recuse/common';
import { formatYearMonth } from '../../conflicts/csv.ts';
import type { ReferenceDate } from '../../conflicts/dates.ts';
import { withholdPersonalDetails } from '../../conflicts/personal-details.ts';
import {
  hotcrpConflictOf,
  strongestHotcrpConflict,
} from '../../conflicts/hotcrp-conflict-types.ts';
import type {
  ConflictFindings,
  ConflictInstitution,
  ConflictReason,
} from '../../conflicts/types.ts';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import type { SessionUser } from '../../http/authenticate.ts';
import type { Conference } from '../conferences/conferences.repo.ts';
import { findChairedConference, loadConferenceRules } from '../conferences/conferences.service.ts';
import { computeConflictsOfUsers, referenceDateOf } from '../conflicts/conflicts.service.ts';
import * as repo from './chair-workspace.repo.ts';
import { listDecisionRows, pairKey, toDecisionWires } from './decisions.ts';
import type { PlacedInstitutionFact, RowMatch } from './people-matching.ts';
import { appendTo, fullName } from './people-matching.ts';
import type { MatchPickRow } from './match-picks.repo.ts';
import { listPicks } from './match-picks.repo.ts';
import { applyPicks } from './match-picks.ts';
import { loadRowMatches, matchPeople } from './row-matches.ts';
import { toCollaboratorsCsv, toHotcrpAssignmentsCsv, toMatrixCsv } from './matrix-exports.ts';

export const authorRule = { value: 'author', title: 'Author of the submission' } as const;
export const submissionCoauthorRule = {
  value: 'submission-coauthor',
  title: 'Co-author on another submission to this conference',
} as const;

export interface MatrixMember {
  line: number;
  name: string;
  email: string;
  affiliation: string;
  status: RowMatch['status'];
  userId: number | null;
  /** The engine's findings for a matched member (their whole conflict list). */
  findings: ConflictFindings | null;
}

export interface Matrix {
  conference: Conference;
  rules: ConflictRule[];
  referenceDate: ReferenceDate;
  countsSubmissionCoauthors: boolean;
  members: MatrixMember[];
  submissions: Array<{ paper: number; title: string }>;
  conflicts: MatrixConflict[];
  /** Every decision of the conference, each also on its conflict when the matrix has one. */
  decisions: ConflictDecisionWire[];
}

interface Author {
  line: number;
  name: string;
  email: string;
  userId: number | null;
  /** Who the author is across submissions: `user:ID` for our person, else `email:ADDRESS`. */
  identity: string | null;
  /** Canonical institution id → how the file placed the author there. */
  places: Map<number, PlacedInstitutionFact>;
  /** The author as each of their reasons names them: one object for all of them. */
  wire: MatrixReason['author'];
}

/** An author line where it stands: its paper, and its place in the file's order of papers. */
interface AuthorAt {
  paper: Paper;
  author: Author;
  order: number;
}

/**
 * The submissions' authors looked up by what can tie them to a member: our person, address,
 * canonical institution, identity. A member's row then visits only the authors a reason can
 * come from (their own people, institutions and co-authors) instead of every author of every
 * paper: 500 members × 20,000 author lines is 10 million pairs, almost all of them nothing.
 */
interface AuthorIndex {
  byUser: Map<number, AuthorAt[]>;
  byEmail: Map<string, AuthorAt[]>;
  byPlace: Map<number, AuthorAt[]>;
  byIdentity: Map<string, AuthorAt[]>;
}

function indexAuthors(papers: readonly Paper[]): AuthorIndex {
  const index: AuthorIndex = {
    byUser: new Map(),
    byEmail: new Map(),
    byPlace: new Map(),
    byIdentity: new Map(),
  };
  let order = 0;
  for (const paper of papers) {
    for (const author of paper.authors) {
      const entry = { paper, author, order: order++ };
      if (author.userId !== null) appendTo(index.byUser, author.userId, entry);
      if (author.email !== '') appendTo(index.byEmail, author.email, entry);
      for (const place of author.places.keys()) appendTo(index.byPlace, place, entry);
      if (author.identity !== null) appendTo(index.byIdentity, author.identity, entry);
    }
  }
  return index;
}

/** The author lines that are the member: the same person, or (unknown to us) the same address. */
function linesOfMember(index: AuthorIndex, member: MatrixMember): AuthorAt[] {
  return [
    ...(member.userId !== null ? (index.byUser.get(member.userId) ?? []) : []),
    ...(member.email !== '' ? (index.byEmail.get(member.email) ?? []) : []),
  ];
}

/**
 * Every author line that may give the member a reason (reasonsFor decides): the member themself,
 * the people of their conflict list, authors placed at one of their institutions (or at one
 * their committee row declares, when an institutional rule is ticked), and their co-authors on
 * their own submissions. In the file's order, each line once.
 */
function candidateLines(index: AuthorIndex, context: MemberContext): AuthorAt[] {
  const found = new Set<AuthorAt>(linesOfMember(index, context.member));
  const addAll = (entries: readonly AuthorAt[] | undefined) => {
    for (const entry of entries ?? []) found.add(entry);
  };
  for (const personId of context.people.keys()) addAll(index.byUser.get(personId));
  for (const place of context.institutions.keys()) addAll(index.byPlace.get(place));
  if (context.institutionalRule) {
    for (const place of context.declaredPlaces.keys()) addAll(index.byPlace.get(place));
  }
  for (const identity of context.coauthors.keys()) addAll(index.byIdentity.get(identity));
  return [...found].sort((first, second) => first.order - second.order);
}

interface Paper {
  paper: number;
  title: string;
  authors: Author[];
}

/** A committee row as the matrix reads it. */
export type MatrixMemberRow = Pick<
  repo.CommitteeMemberRow,
  'line' | 'givenName' | 'familyName' | 'email' | 'affiliation' | 'dblpPid'
>;

/**
 * Everything the matrix needs, in a fixed number of statements whatever the sizes. `members`
 * stands in for the uploaded committee (the check of one person against every submission: no
 * decisions then). With `onlyMembers` (addresses, lower case), only those members' rows are
 * computed: the rest of the committee is neither matched nor given to the engine (a late
 * member's row costs one row). Who the rows are is worked out now, unless `storedMatches` (the
 * caller refreshed the stored matches under the conference's lock: row-matches.ts).
 */
export async function computeMatrix(
  db: Db,
  conference: Conference,
  options: {
    members?: readonly MatrixMemberRow[];
    onlyMembers?: readonly string[];
    storedMatches?: boolean;
  } = {},
): Promise<Matrix> {
  const [{ rules }, allMemberRows, paperRows, countsSubmissionCoauthors, decisionRows] =
    await Promise.all([
      loadConferenceRules(db, conference.id),
      options.members ?? repo.listCommittee(db, conference.id),
      repo.listSubmissions(db, conference.id),
      repo.countsSubmissionCoauthors(db, conference.id),
      options.members ? [] : listDecisionRows(db, conference.id),
    ]);
  const only = options.onlyMembers ? new Set(options.onlyMembers) : null;
  const memberRows = only
    ? allMemberRows.filter((row) => only.has(row.email.toLowerCase()))
    : allMemberRows;
  // Contacts who are not authors tie nobody to the submission: HotCRP conflicts them itself.
  const authorRows = (
    await repo.listSubmissionAuthors(
      db,
      paperRows.map((paper) => paper.id),
    )
  ).filter((author) => author.isAuthor);
  const [found, memberPicks, authorPicks] = await Promise.all([
    options.storedMatches
      ? Promise.all([
          loadRowMatches(db, conference.id, 'committee', memberRows),
          loadRowMatches(db, conference.id, 'submissions', authorRows),
        ])
      : Promise.all([matchPeople(db, memberRows), matchPeople(db, authorRows)]),
    // A person checked is no committee row: only the authors' picks apply to them.
    options.members ? new Map<string, MatchPickRow>() : listPicks(db, conference.id, 'committee'),
    listPicks(db, conference.id, 'submissions'),
  ]);
  const paperNumberOf = new Map(paperRows.map((paper) => [paper.id, paper.paper]));
  const memberMatches = applyPicks(memberRows, found[0], memberPicks).matches;
  const authorMatches = applyPicks(
    authorRows.map((row) => ({ ...row, paper: paperNumberOf.get(row.submissionId) })),
    found[1],
    authorPicks,
  ).matches;
  const referenceDate = referenceDateOf(conference);
  const placed = [...memberMatches, ...authorMatches].flatMap((match) =>
    match.institutions.map((institution) => institution.id),
  );
  const memberUsers = memberMatches.flatMap((match) => (match.userId ? [match.userId] : []));
  const { findings, institutions } = await computeConflictsOfUsers(
    db,
    memberUsers,
    { rules, referenceDate },
    { alsoInstitutions: [...new Set(placed)] },
  );
  const placesOf = (match: RowMatch) => {
    const places = new Map<number, PlacedInstitutionFact>();
    for (const institution of match.institutions) {
      const canonical = institutions.canonicalIdOf(institution.id);
      if (!places.has(canonical)) places.set(canonical, institution);
    }
    return places;
  };

  const papers: Paper[] = paperRows.map((paper) => ({
    paper: paper.paper,
    title: paper.title,
    authors: [],
  }));
  const paperById = new Map(paperRows.map((paper, index) => [paper.id, papers[index]!]));
  authorRows.forEach((row, index) => {
    const match = authorMatches[index]!;
    const name = fullName(row) || row.email;
    paperById.get(row.submissionId)!.authors.push({
      line: row.line,
      name,
      email: row.email,
      userId: match.userId,
      identity:
        match.userId !== null ? `user:${match.userId}` : row.email ? `email:${row.email}` : null,
      places: placesOf(match),
      wire: { line: row.line, name, email: row.email, user_id: match.userId },
    });
  });

  const withheldFindings = (userId: number | null) => {
    const found = userId === null ? undefined : findings.get(userId);
    return found ? withholdPersonalDetails(found) : null;
  };
  const institutionalRule = rules.find(
    (rule) => rule.relationTypeId === institutionalRelationTypeId,
  );
  const authorIndex = indexAuthors(papers);
  const members: MatrixMember[] = [];
  const conflicts: MatrixConflict[] = [];
  memberRows.forEach((row, index) => {
    const match = memberMatches[index]!;
    const member: MatrixMember = {
      line: row.line,
      name: fullName(row) || row.email,
      email: row.email,
      affiliation: row.affiliation,
      status: match.status,
      userId: match.userId,
      // Chairs are not parties to the members' relations: personal ones are bare conflicts.
      findings: withheldFindings(match.userId),
    };
    members.push(member);
    const context: MemberContext = {
      member,
      people: new Map(member.findings?.people.map((person) => [person.id, person.reasons])),
      institutions: new Map(
        member.findings?.institutions.map((institution) => [institution.id, institution]),
      ),
      declaredPlaces: placesOf(match),
      institutionalRule,
      isApproved: (id) => institutions.isApproved(id),
      nameOf: (id) => institutions.nameOf(id),
      coauthors: countsSubmissionCoauthors ? submissionCoauthors(authorIndex, member) : new Map(),
    };
    // The candidate lines come in the file's order, so a paper's lines are consecutive.
    const lines = candidateLines(authorIndex, context);
    for (let start = 0; start < lines.length;) {
      const { paper } = lines[start]!;
      const reasons: MatrixReason[] = [];
      let end = start;
      for (; end < lines.length && lines[end]!.paper === paper; end += 1) {
        reasons.push(...reasonsFor(context, lines[end]!.author, paper));
      }
      if (reasons.length > 0) conflicts.push(toConflict(paper.paper, member, reasons));
      start = end;
    }
  });
  conflicts.sort(
    (first, second) => first.paper - second.paper || first.member_line - second.member_line,
  );
  const decisions = await toDecisionWires(db, decisionRows, {
    members: new Set(allMemberRows.map((row) => row.email.toLowerCase())),
    papers: new Set(paperRows.map((paper) => paper.paper)),
  });
  const decisionOf = new Map(
    decisions.map((decision) => [pairKey(decision.paper, decision.member_email), decision]),
  );
  for (const conflict of conflicts) {
    conflict.decision = decisionOf.get(pairKey(conflict.paper, conflict.member_email)) ?? null;
  }
  return {
    conference,
    rules,
    referenceDate,
    countsSubmissionCoauthors,
    members,
    submissions: papers.map((paper) => ({ paper: paper.paper, title: paper.title })),
    conflicts,
    decisions: only ? decisions.filter((decision) => only.has(decision.member_email)) : decisions,
  };
}

interface MemberContext {
  member: MatrixMember;
  people: Map<number, readonly ConflictReason[]>;
  institutions: Map<number, ConflictInstitution>;
  declaredPlaces: Map<number, PlacedInstitutionFact>;
  institutionalRule: ConflictRule | undefined;
  isApproved(canonicalId: number): boolean;
  nameOf(canonicalId: number): string;
  /** Co-author's identity → the first of the member's own submissions they share. */
  coauthors: Map<string, Paper>;
}

/** The member is this author: the same person, or (unknown to us) the same address. */
function isMember(member: MatrixMember, author: Author): boolean {
  if (member.userId !== null && author.userId === member.userId) return true;
  return member.email !== '' && author.email === member.email;
}

/**
 * The member's co-authors on their own submissions to this conference: each other author of
 * those, with the first such submission (the evidence).
 */
function submissionCoauthors(index: AuthorIndex, member: MatrixMember): Map<string, Paper> {
  const coauthors = new Map<string, Paper>();
  // In the file's order, as the first shared submission is the evidence.
  const lines = linesOfMember(index, member).sort((first, second) => first.order - second.order);
  for (const paper of new Set(lines.map((entry) => entry.paper))) {
    for (const author of paper.authors) {
      if (author.identity && !isMember(member, author) && !coauthors.has(author.identity)) {
        coauthors.set(author.identity, paper);
      }
    }
  }
  return coauthors;
}

/**
 * The evidence of a reason: an engine's reason as it is, or the matrix's own (ownEvidence: no
 * relation, no dates).
 */
type Evidence = Omit<ConflictReason, 'title' | 'relationTypeId' | 'relationTypeName'> & {
  readonly relationTypeId: number | null;
  readonly relationTypeName: string | null;
};

/** What the matrix adds to the evidence: what it is about, where, and HotCRP's keyword. */
interface Placement {
  title: string | null;
  institution?: { id: number; name: string };
  matchedBy?: MatrixReason['matched_by'];
  otherPaper?: number;
  hotcrpConflict: MatrixReason['hotcrp_conflict'];
}

/**
 * One reason, written in one object literal with the fields in the schema's order, so that
 * every reason of every matrix has the same shape (and the reply's JSON.stringify its fast
 * path): a matrix of 500 members holds 40,000 to 60,000 of them.
 */
function toReason(
  author: Author,
  kind: MatrixReason['kind'],
  evidence: Evidence,
  placement: Placement,
): MatrixReason {
  return {
    rule_value: evidence.ruleValue,
    rule_title: evidence.ruleTitle,
    relation_id: evidence.relationId,
    affiliation_id: evidence.affiliationId,
    relation_type_id: evidence.relationTypeId,
    relation_type_name: evidence.relationTypeName,
    start_year: evidence.startYear,
    start_month: evidence.startMonth,
    end_year: evidence.endYear,
    end_month: evidence.endMonth,
    status: evidence.status,
    is_provisional: evidence.isProvisional,
    is_intern: evidence.isIntern,
    title: placement.title,
    kind,
    author: author.wire,
    institution: placement.institution ?? null,
    matched_by: placement.matchedBy ?? null,
    other_paper: placement.otherPaper ?? null,
    hotcrp_conflict: placement.hotcrpConflict,
  };
}

/** The evidence of a reason the submission itself is the evidence of. */
function ownEvidence(rule: { value: string; title: string }): Evidence {
  return {
    ruleValue: rule.value,
    ruleTitle: rule.title,
    relationId: null,
    affiliationId: null,
    relationTypeId: null,
    relationTypeName: null,
    startYear: null,
    startMonth: null,
    endYear: null,
    endMonth: null,
    status: 1,
    isProvisional: false,
    isIntern: false,
  };
}

function reasonsFor(context: MemberContext, author: Author, paper: Paper): MatrixReason[] {
  const reasons: MatrixReason[] = [];
  if (isMember(context.member, author)) {
    reasons.push(
      toReason(author, 'author', ownEvidence(authorRule), { title: null, hotcrpConflict: null }),
    );
    return reasons;
  }
  for (const reason of author.userId !== null ? (context.people.get(author.userId) ?? []) : []) {
    reasons.push(
      toReason(author, reason.relationId !== null ? 'relation' : 'institutional', reason, {
        title: reason.title,
        hotcrpConflict: hotcrpConflictOf(reason.relationTypeId),
      }),
    );
  }
  for (const [place, placement] of author.places) {
    const institution = context.institutions.get(place);
    if (!institution && !context.declaredPlaces.has(place)) continue;
    const where = { id: place, name: institution?.name ?? context.nameOf(place) };
    if (institution) {
      for (const reason of institution.reasons) {
        reasons.push(
          toReason(author, 'institution', reason, {
            title: where.name,
            institution: where,
            matchedBy: placement.matchedBy,
            hotcrpConflict: hotcrpConflictOf(reason.relationTypeId),
          }),
        );
      }
    } else if (context.declaredPlaces.has(place) && context.institutionalRule) {
      const status = context.isApproved(place) ? 1 : 3;
      reasons.push(
        toReason(
          author,
          'declared_affiliation',
          {
            ...ownEvidence(context.institutionalRule),
            relationTypeId: institutionalRelationTypeId,
            relationTypeName: relationTypeNames[institutionalRelationTypeId] ?? 'Institutional',
            status,
            isProvisional: status !== 1,
          },
          {
            title: where.name,
            institution: where,
            matchedBy: placement.matchedBy,
            hotcrpConflict: 'institutional',
          },
        ),
      );
    }
  }
  const shared = author.identity ? context.coauthors.get(author.identity) : undefined;
  if (shared && shared !== paper) {
    reasons.push(
      toReason(author, 'submission_coauthor', ownEvidence(submissionCoauthorRule), {
        title: shared.title,
        otherPaper: shared.paper,
        hotcrpConflict: 'collaborator',
      }),
    );
  }
  return reasons;
}

function toConflict(paper: number, member: MatrixMember, reasons: MatrixReason[]): MatrixConflict {
  const typed = reasons.flatMap((reason) =>
    reason.hotcrp_conflict
      ? [{ hotcrpConflict: reason.hotcrp_conflict, isProvisional: reason.is_provisional }]
      : [],
  );
  return {
    paper,
    member_line: member.line,
    member_email: member.email,
    is_provisional: reasons.every((reason) => reason.is_provisional),
    hotcrp_conflict: strongestHotcrpConflict(typed),
    reasons,
    decision: null,
  };
}

export function toMatrixReply(matrix: Matrix): MatrixReply {
  return {
    conference: {
      confid: matrix.conference.id,
      name: matrix.conference.name,
      label: matrix.conference.label,
      reference_month: formatYearMonth(matrix.referenceDate.year, matrix.referenceDate.month),
    },
    rules: matrix.rules.map(ruleToWire),
    counts_submission_coauthors: matrix.countsSubmissionCoauthors,
    members: matrix.members.map((member) => ({
      line: member.line,
      name: member.name,
      email: member.email,
      status: member.status,
      user_id: member.userId,
    })),
    submissions: matrix.submissions,
    conflicts: matrix.conflicts,
    decisions: matrix.decisions,
    counts: {
      members: matrix.members.length,
      submissions: matrix.submissions.length,
      conflicts: matrix.conflicts.length,
      provisional: matrix.conflicts.filter((conflict) => conflict.is_provisional).length,
    },
  };
}

/** GET /v1/web/conference/{confid}/matrix. */
export async function getMatrix(context: AppContext, session: SessionUser, confid: string) {
  const conference = await findChairedConference(context.db, session, confid);
  return toMatrixReply(await computeMatrix(context.db, conference));
}

export const matrixFiles = ['hotcrp-assignments', 'collaborators', 'matrix'] as const;
export type MatrixFile = (typeof matrixFiles)[number];

/** GET /v1/web/conference/{confid}/export/{file}.csv: the file and its name. */
export async function exportMatrixFile(
  context: AppContext,
  session: SessionUser,
  confid: string,
  file: MatrixFile,
  options: { includeProvisional: boolean },
) {
  const conference = await findChairedConference(context.db, session, confid);
  const matrix = await computeMatrix(context.db, conference);
  const body =
    file === 'hotcrp-assignments'
      ? toHotcrpAssignmentsCsv(matrix, options)
      : file === 'collaborators'
        ? toCollaboratorsCsv(matrix)
        : toMatrixCsv(matrix);
  // Conference names are letters, digits, dots, dashes and underscores: safe in the header.
  return { body, fileName: `${conference.name}-${file}.csv`, conference, matrix };
}
