// What the relation pages read (docs/api-relations.md, "Reading"): the add-relation form's data,
// one relation with its people and what the viewer may do, its activity log, and the list of
// relations.
import type { PersonOption } from '@recuse/common';
import {
  findRelationType,
  messages,
  paperTypes,
  parseIdField,
  relationTypesOrderedWire,
  relationTypesWire,
} from '@recuse/common';
import type { AppContext } from '../../context.ts';
import type { SessionUser } from '../../http/authenticate.ts';
import { notFound } from '../../http/errors.ts';
import {
  getOwnInstitutionDropList,
  ownInstitutionDropListPart,
} from '../institutions/institutions.service.ts';
import { toPersonOption } from './relation-people.service.ts';
import type { RelationAction } from './relation-rules.ts';
import { decide, isActivePartyStatus, roleOf } from './relation-rules.ts';
import { relationFacts } from './relation-state.ts';
import type { NamedUser } from './relation-wire.ts';
import { dblpRecordBaseUrl, defaultSource, displayName, viewerStatus } from './relation-wire.ts';
import {
  listCommentsWithAuthors,
  listKnownPeople,
  findRelationWithParties,
  listPublicationsOfUser,
  listRelationAudit,
  relationForViewReader,
} from './relations-read.repo.ts';

/** A relation with everything its view shows, the viewer's own institutions included. */
const findRelationForView = relationForViewReader(ownInstitutionDropListPart.column);

/** At most this many people the user knows are sent with a form; the search finds the rest. */
export const knownPeopleLimit = 2000;

/** GET /v1/web/relation/data/addnew. */
export async function getAddNewData(context: AppContext, session: SessionUser) {
  const { user } = session;
  const [known, institutionDrop, publications] = await Promise.all([
    listKnownPeople(context.db, user.id, knownPeopleLimit),
    getOwnInstitutionDropList(context, session),
    listPublicationsOfUser(context.db, user.id),
  ]);
  return {
    relationTypes: relationTypesWire,
    relationTypesOrdered: relationTypesOrderedWire,
    usersDrp: known.map(toPersonOption),
    institutionDrop,
    paperTypes,
    allPublications: publications.map((publication) => ({
      label: publication.title,
      value: publication.id,
      year: publication.year,
      dblp_key: publication.dblpKey ?? '',
    })),
    publicationDBLPUrl: dblpRecordBaseUrl,
    LoggedInUserFullName: displayName(user),
    defaultSource: defaultSource(user),
  };
}

const flag = (value: boolean): 0 | 1 => (value ? 1 : 0);

const actions: RelationAction[] = [
  'accept',
  'reject',
  'requestChange',
  'contactAdmin',
  'modify',
  'delete',
];

/**
 * GET /v1/web/relation/data/view/{id} and .../pending_employment_view/{id}: the relation's
 * fields, its co-author rows, and flags saying what the viewer may do (the same rules the
 * actions enforce). Anyone who may not see it gets 404, whatever the id.
 */
export async function getRelationView(context: AppContext, session: SessionUser, idText: string) {
  const { db } = context;
  const viewer = session.user;
  const id = parseIdField(idText);
  if (typeof id !== 'number') throw notFound();
  // One statement, whatever the viewer turns out to be allowed.
  const found = await findRelationForView(db, {
    relationId: id,
    viewerId: viewer.id,
    knownLimit: knownPeopleLimit,
  });
  if (!found) throw notFound();
  const { relation, parties } = found;
  const partyUsers = new Map(parties.map((party) => [party.userId, party.user]));
  const caller = roleOf({ userId: viewer.id, isAdmin: viewer.role === 'admin' }, relation, parties);
  const facts = relationFacts(relation, parties, partyUsers);
  if (!decide.view(caller, facts).isAllowed) throw notFound();

  const type = findRelationType(relation.typeId)!;
  // The statement reads the creator only when the viewer is someone else.
  const creator: NamedUser = relation.creatorUserId === viewer.id ? viewer : found.creator!;
  const institution = found.institution ?? undefined;
  const { unreadNotificationId: unreadId, changeComment, known } = found;
  const may = Object.fromEntries(
    actions.map((action) => [action, flag(decide[action](caller, facts).isAllowed)]),
  ) as Record<RelationAction, 0 | 1>;
  const activeParties = parties.filter((party) => isActivePartyStatus(party.status));
  // Person types name one other person: the row still active (an earlier person the creator
  // replaced is removed), else the latest.
  const otherPerson = type.kind === 'person' ? (activeParties.at(-1) ?? parties.at(-1)) : undefined;
  const ownParty = parties.find((party) => party.userId === viewer.id);
  const status = viewerStatus(
    relation,
    parties.map((party) => party.status),
    caller.role === 'party' ? caller.partyStatus : null,
  );
  const coauthorStatusOf = (party: (typeof parties)[number]) =>
    party.user.kind === 'deleted' ? 2 : party.status;

  const usersDrp = mergeOptions(
    known.map(toPersonOption),
    [creator, ...parties.map((party) => party.user)].filter((user) => user.id !== viewer.id),
  );
  return {
    GID: relation.id,
    UId: relation.creatorUserId,
    UName: displayName(creator),
    relationType: relation.typeId,
    relationTypeName: type.name,
    rUserId: otherPerson?.userId ?? (caller.role === 'party' ? viewer.id : 0),
    rUserName: otherPerson ? displayName(otherPerson.user) : '',
    source: relation.source,
    notes: relation.notes,
    paperType: relation.paperType,
    dateStartYear: relation.startYear,
    dateStartMonth: relation.startMonth,
    dateEndYear: relation.endYear,
    dateEndMonth: relation.endMonth,
    isOngoing: flag(type.showEndDate && !type.isEndDateMandatory && relation.endYear === null),
    Status: status,
    allowModify: may.modify,
    sourceUserIsLoggedInUser: flag(caller.role === 'creator'),
    relUserIsLoggedInUser: flag(caller.role === 'party'),
    publicationId: relation.publicationId,
    publicationName: relation.title ?? '',
    publicationDBLPUrl: found.publicationDblpKey
      ? `${dblpRecordBaseUrl}${found.publicationDblpKey}`
      : '',
    DBLPImportedEntry: flag(relation.isDblpImported),
    communityPaper: flag(relation.isCommunityPaper),
    coauthor_status: otherPerson ? coauthorStatusOf(otherPerson) : (ownParty?.status ?? 0),
    rInstitutionId: relation.institutionId,
    rInstitutionName: institution?.name ?? '',
    institutionStatus: institution?.status ?? null,
    sourceUserUpdateComment: changeComment,
    latest_unread_notification_id: unreadId,
    LoggedInUserFullName: displayName(viewer),
    rejectReason: caller.role === 'party' ? (ownParty?.reason ?? '') : '',
    permissions: may,
    coAuthors:
      type.kind === 'publication'
        ? parties.map((party) => ({
            relation_id: party.id,
            relation_parent_id: relation.id,
            coauthor_id: party.userId,
            coauthor_name: displayName(party.user),
            status: coauthorStatusOf(party),
            reject_reason: party.reason ?? '',
            allowModify: flag(may.modify === 1 && isActivePartyStatus(party.status)),
          }))
        : [],
    numberOfCoAuthors: activeParties.length,
    relationTypes: relationTypesWire,
    paperTypes,
    usersDrp,
    institutionDrop: ownInstitutionDropListPart.toDropList(found.alongside),
  };
}

/** GET /v1/web/relation/data/pending_employment_view/{id}: the view, naming its institution twice. */
export async function getPendingEmploymentView(
  context: AppContext,
  session: SessionUser,
  idText: string,
) {
  const view = await getRelationView(context, session, idText);
  return { ...view, institutionId: view.rInstitutionId, institutionName: view.rInstitutionName };
}

/** The known people plus the people on this relation, each once, by label. */
function mergeOptions(
  known: PersonOption[],
  onRelation: Parameters<typeof toPersonOption>[0][],
): PersonOption[] {
  const byId = new Map(known.map((option) => [option.value, option]));
  for (const user of onRelation) {
    if (user.kind !== 'deleted' && !byId.has(user.id)) byId.set(user.id, toPersonOption(user));
  }
  return [...byId.values()].sort((first, second) => first.label.localeCompare(second.label));
}

const auditLabels: Record<string, string> = {
  'relation.create': 'CREATED',
  'relation.accept': 'ACCEPTED',
  'relation.reject': 'REJECTED',
  'relation.update': 'UPDATED',
  'relation.request-change': 'COMMENTED',
  'relation.contact-admin': 'CONTACTED ADMIN',
  'relation.admin-answer': 'ADMIN ANSWERED',
  'relation.delete': 'DELETED',
  'relation.validate': 'VALIDATED',
};

const answerActions: ReadonlySet<string> = new Set([
  'relation.accept',
  'relation.reject',
  'relation.request-change',
  'relation.validate',
]);

/**
 * GET /v1/web/relation_modify_request_comments_list: the activity log (the contract's Comment:
 * submittedBy, contactAdmin Y/N, Comments, createdAt) and, in user_action_data, who did what when,
 * from the audit log. Messages to the administrators are shown to administrators and to their
 * author only.
 */
export async function getRelationComments(
  context: AppContext,
  session: SessionUser,
  relationIdText: string | undefined,
) {
  const { db } = context;
  const viewer = session.user;
  const id = parseIdField(relationIdText);
  const found = typeof id === 'number' ? await findRelationWithParties(db, id) : undefined;
  if (!found) throw notFound();
  const { relation, parties } = found;
  const isAdmin = viewer.role === 'admin';
  const caller = roleOf({ userId: viewer.id, isAdmin }, relation, parties);
  const facts = relationFacts(relation, parties, new Map(parties.map((p) => [p.userId, p.user])));
  if (!decide.view(caller, facts).isAllowed) throw notFound();

  const [comments, audit] = await Promise.all([
    listCommentsWithAuthors(db, relation.id),
    listRelationAudit(db, relation.id),
  ]);
  const nameOf = (user: Parameters<typeof displayName>[0] | null) =>
    user ? displayName(user) : messages.deletedUser;
  const mayRead = (isToAdmin: boolean, authorId: number | null) =>
    !isToAdmin || isAdmin || authorId === viewer.id;
  // An administrator's answer to a message to the administrators is read by its author too.
  const authorOf = new Map(comments.map(({ comment }) => [comment.id, comment.userId]));
  const mayReadComment = (comment: (typeof comments)[number]['comment']) =>
    mayRead(comment.isToAdmin, comment.userId) ||
    (comment.answersCommentId !== null && authorOf.get(comment.answersCommentId) === viewer.id);
  const mayReadEntry = (entry: (typeof audit)[number]['entry']) =>
    entry.action === 'relation.admin-answer'
      ? isAdmin || (entry.after as { requesterId?: unknown } | null)?.requesterId === viewer.id
      : mayRead(entry.action === 'relation.contact-admin', entry.actorUserId);
  return {
    data: comments
      .filter(({ comment }) => mayReadComment(comment))
      .map(({ comment, author }) => ({
        id: comment.id,
        submittedBy: nameOf(author),
        contactAdmin: comment.isToAdmin ? ('Y' as const) : ('N' as const),
        Comments: comment.text,
        isChangeComment: flag(comment.isChangeComment),
        isAdminAnswer: flag(comment.answersCommentId !== null),
        createdAt: comment.createdAt.toISOString(),
      })),
    user_action_data: audit
      .filter(({ entry }) => mayReadEntry(entry))
      .map(({ entry, actor }) => {
        const after = (entry.after ?? {}) as { status?: unknown; reason?: unknown };
        const hasStatus = answerActions.has(entry.action) && typeof after.status === 'number';
        return {
          submittedBy: actor ? displayName(actor) : 'Recuse',
          action: auditLabels[entry.action] ?? entry.action,
          /** The actor's status after an answer (accept, reject, change request) or a validation. */
          status: hasStatus ? (after.status as number) : null,
          reason: typeof after.reason === 'string' ? after.reason : '',
          createdAt: entry.createdAt.toISOString(),
        };
      }),
  };
}
