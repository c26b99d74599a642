// POST /v1/web/relations/data/list: every relation the user is on, grouped by type in the
// contract's list rows (docs/api-relations.md), with the institutions of their affiliations.
// Without selected rules the answer's `user_conflicts` is empty; with rules, the conflicts
// module answers the call, building the same rows with relationsPageOf (docs/api-conflicts.md).
// The rows go out through JSON.stringify (app.ts, verbatimFields): each is one object literal
// with exactly the fields its schema declares.
import { findRelationType, relationStatus, relationTypes, relationTypesWire } from '@recuse/common';
import type { ConflictPersonWire } from '@recuse/common';
import { formatYears } from '../../conflicts/exports.ts';
import type { AppContext } from '../../context.ts';
import type { SessionUser } from '../../http/authenticate.ts';
import { isActivePartyStatus } from './relation-rules.ts';
import type { NamedUser } from './relation-wire.ts';
import { displayName, viewerStatus } from './relation-wire.ts';
import type {
  CountedRelations,
  CountingAsk,
  ListedAffiliation,
  ListedParty,
  ListedRelation,
  ListedRelations,
} from './relations-read.repo.ts';
import { listRelationsCounting, listRelationsForList } from './relations-read.repo.ts';

interface PersonRow {
  display_coauthor_name: string;
  co_author_id: number;
  co_author_status: number;
  start_date: number | null;
  start_date_month: number | null;
  end_date: number | null;
  end_date_month: number | null;
  status: number;
  modify_id: number;
}

interface CoauthorListRow {
  coauthor_id: number;
  coauthor_name: string;
  status: number;
  alow_modify: 0 | 1;
  relationId: number;
}

/**
 * The contract's fields and the co-author entries, nothing more: a prolific author has thousands of
 * these, and no client reads the start year or the import flag here (the view has both).
 */
interface PublicationYear {
  date_end_year: number | null;
  status: number;
  co_author_names: string;
  parent_id: number;
  co_authors: CoauthorListRow[];
}

interface PublicationRow {
  publication_name: string;
  publication_years: Record<string, PublicationYear>;
}

interface InstitutionRow extends Omit<
  PersonRow,
  'display_coauthor_name' | 'co_author_id' | 'co_author_status'
> {
  institution_name: string;
  institution_id: number | null;
  institution_status: number | null;
}

type ListRow = PersonRow | PublicationRow | InstitutionRow;

/** A person on the list, named once however many of the user's relations they are on. */
interface ListedPerson {
  id: number;
  name: string;
  isDeleted: boolean;
}

const listedPerson = (person: NamedUser): ListedPerson => ({
  id: person.id,
  name: displayName(person),
  isDeleted: person.kind === 'deleted',
});

/** A person whose account was deleted reads as status 2 in lists ('(Deleted user)'). */
const statusOfPerson = (person: ListedPerson, status: number) => (person.isDeleted ? 2 : status);

/**
 * The list, in plain words:
 * - Relations the user created or is named on (not removed), neither deleted nor inactive.
 * - The status of a row is the user's own answer when they are named, else the relation's
 *   as a whole (relation-wire's viewerStatus). The pending page keeps the rows whose status is
 *   pending (3) or disputed (4): those waiting for someone.
 * - Person types: the other person (for the creator, the person named; for the person named,
 *   the creator) with their status, 2 when their account was deleted.
 * - Publication-like types: one row per title, its relations keyed by year (an ongoing grant
 *   under 'ongoing'; a second relation of the same title and year under 'year-id'), each with
 *   everyone else on it.
 * - Type 8: the institution.
 * tot_relations counts the relations listed; institution_list is the user's affiliations.
 */
export async function listRelationsPage(
  context: AppContext,
  session: SessionUser,
  form: { pageName?: string | undefined },
) {
  const me = session.user.id;
  const listed = await listRelationsForList(context.db, me);
  return relationsPageOf(me, form, listed, listed.affiliations);
}

/**
 * The list's answer for a conflict list (conflicts.service), and what its statement read: that
 * statement also answers the conflict list's question (relations-read.repo's
 * listRelationsCounting). institution_list is left empty: the conflict list's replaces it.
 */
export async function listRelationsPageCounting<Alongside>(
  context: AppContext,
  me: number,
  form: { pageName?: string | undefined },
  question: CountingAsk,
): Promise<{ page: ReturnType<typeof relationsPageOf>; listed: CountedRelations<Alongside> }> {
  const listed = await listRelationsCounting<Alongside>(context.db, me, question);
  return { page: relationsPageOf(me, form, listed, []), listed };
}

/** The list's answer from what its statement read. */
function relationsPageOf(
  me: number,
  form: { pageName?: string | undefined },
  { relations, parties, people: named }: ListedRelations,
  affiliations: readonly ListedAffiliation[],
) {
  const isPendingPage = form.pageName === 'pending';
  const people = new Map<number, ListedPerson>();
  for (const [id, person] of named) people.set(id, listedPerson(person));
  const partiesOf = new Map<number, ListedParty[]>();
  for (const party of parties) {
    const list = partiesOf.get(party.relationId);
    if (list) list.push(party);
    else partiesOf.set(party.relationId, [party]);
  }

  const rows: Record<string, ListRow[]> = Object.fromEntries(
    relationTypes.map((type) => [String(type.id), [] as ListRow[]]),
  );
  const publicationRows = new Map<string, PublicationRow>();
  let total = 0;
  for (const relation of relations) {
    const type = findRelationType(relation.typeId);
    if (!type) continue;
    const onIt = partiesOf.get(relation.id) ?? [];
    const own = onIt.find((party) => party.userId === me);
    const isCreator = relation.creatorUserId === me;
    const status = viewerStatus(
      relation,
      onIt.map((party) => party.status),
      isCreator ? null : (own?.status ?? null),
    );
    if (isPendingPage && status !== relationStatus.pending && status !== relationStatus.disputed) {
      continue;
    }
    const creator = people.get(relation.creatorUserId)!;
    total += 1;
    const list = rows[String(type.id)]!;
    if (type.kind === 'person') {
      list.push(personRow(relation, status, isCreator, creator, onIt, people));
    } else if (type.kind === 'institution') {
      list.push({
        institution_name: relation.institutionName ?? '',
        institution_id: relation.institutionId,
        institution_status: relation.institutionStatus,
        ...dates(relation),
        status,
        modify_id: relation.id,
      });
    } else {
      addPublication(list, publicationRows, relation, status, { me, creator, onIt, people });
    }
  }

  return {
    errors: {},
    tot_relations: total,
    institution_list: affiliations.map((affiliation) => {
      const startYear = affiliation.startDate ? Number(affiliation.startDate.slice(0, 4)) : null;
      // A current affiliation has no end, whatever end date it holds.
      const endYear =
        !affiliation.isCurrent && affiliation.endDate
          ? Number(affiliation.endDate.slice(0, 4))
          : null;
      return {
        institution_name: affiliation.institutionName,
        institution_id: affiliation.institutionId,
        institution_status: affiliation.institutionStatus,
        type_of_position: affiliation.positionLabel,
        year: startYear ?? endYear,
        years: formatYears(startYear, endYear),
      };
    }),
    user_conflicts: [] as ConflictPersonWire[],
    relation_types: relationTypesWire,
    relations: rows,
  };
}

function dates(relation: ListedRelation) {
  return {
    start_date: relation.startYear,
    start_date_month: relation.startMonth,
    end_date: relation.endYear,
    end_date_month: relation.endMonth,
  };
}

function personRow(
  relation: ListedRelation,
  status: number,
  isCreator: boolean,
  creator: ListedPerson,
  onIt: ListedParty[],
  people: Map<number, ListedPerson>,
): PersonRow {
  const party = [...onIt].reverse().find((row) => isActivePartyStatus(row.status)) ?? onIt.at(-1);
  const other = isCreator ? party && people.get(party.userId) : creator;
  // The creator stands behind their own relation, so from the party's side it reads validated.
  const otherStatus = isCreator ? (party?.status ?? 2) : relationStatus.validated;
  return {
    display_coauthor_name: other?.name ?? '',
    co_author_id: other?.id ?? 0,
    co_author_status: other ? statusOfPerson(other, otherStatus) : 2,
    ...dates(relation),
    status,
    modify_id: relation.id,
  };
}

function addPublication(
  list: ListRow[],
  byTitle: Map<string, PublicationRow>,
  relation: ListedRelation,
  status: number,
  {
    me,
    creator,
    onIt,
    people,
  }: { me: number; creator: ListedPerson; onIt: ListedParty[]; people: Map<number, ListedPerson> },
) {
  const key = `${relation.typeId}:${relation.titleKey ?? relation.title ?? ''}`;
  let row = byTitle.get(key);
  if (!row) {
    row = { publication_name: relation.title ?? '', publication_years: {} };
    byTitle.set(key, row);
    list.push(row);
  }
  const canModify = creator.id === me && !relation.isDblpImported ? 1 : 0;
  const coauthors: CoauthorListRow[] = [];
  if (creator.id !== me) {
    coauthors.push({
      coauthor_id: creator.id,
      coauthor_name: creator.name,
      status: statusOfPerson(creator, relationStatus.validated),
      alow_modify: 0,
      relationId: 0,
    });
  }
  for (const party of onIt) {
    if (party.userId === me || !isActivePartyStatus(party.status)) continue;
    const person = people.get(party.userId)!;
    coauthors.push({
      coauthor_id: person.id,
      coauthor_name: person.name,
      status: statusOfPerson(person, party.status),
      alow_modify: canModify,
      relationId: party.id,
    });
  }
  const yearKey = relation.endYear === null ? 'ongoing' : String(relation.endYear);
  const slot = yearKey in row.publication_years ? `${yearKey}-${relation.id}` : yearKey;
  row.publication_years[slot] = {
    date_end_year: relation.endYear,
    status,
    co_author_names: coauthors.map((coauthor) => coauthor.coauthor_name).join(', '),
    parent_id: relation.id,
    co_authors: coauthors,
  };
}
