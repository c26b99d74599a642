// Who may do what to a relation, and what each answer does to a party's status (docs/product.md,
// "States and transitions" and "Roles and permissions"). Pure: the service locks the rows, asks
// here, and applies the answer; the view asks the same questions to tell the page which buttons to
// offer. Every rule is table-tested in relation-rules.test.ts.
import { messages, relationStatus } from '@recuse/common';

/** How the caller stands to a relation; a creator or party who is also an admin acts as such. */
export type Role = 'creator' | 'party' | 'admin' | 'stranger';

export type RelationAction =
  'view' | 'accept' | 'reject' | 'requestChange' | 'contactAdmin' | 'modify' | 'delete';

export interface RelationFacts {
  /** The relation's own status: 1 active, 3 pending (type 8), 0 inactive, 2 deleted. */
  status: number;
  isDblpImported: boolean;
  /** A person relation whose other person's account was deleted: closed for the creator. */
  isClosed: boolean;
}

export interface Caller {
  role: Role;
  /** The caller's own party status, when they are a party. */
  partyStatus: number | null;
}

export interface Refusal {
  statusCode: 403 | 404 | 409;
  message: string;
}

export type Decision = { isAllowed: true } | { isAllowed: false; refusal: Refusal };

const allowed: Decision = { isAllowed: true };
const refuse = (statusCode: Refusal['statusCode'], message: string): Decision => ({
  isAllowed: false,
  refusal: { statusCode, message },
});
const hidden = refuse(404, messages.notFound);

const isRetired = (facts: RelationFacts) =>
  facts.status === relationStatus.inactive || facts.status === relationStatus.setForDeletion;

/**
 * A party row counts while it is pending, accepted or rejected; a removed one (2) is as good
 * as gone: that person no longer sees the relation.
 */
export function isActivePartyStatus(status: number): boolean {
  return (
    status === relationStatus.pending ||
    status === relationStatus.validated ||
    status === relationStatus.disputed
  );
}

/** The caller's role from who they are and the relation's rows. */
export function roleOf(
  caller: { userId: number; isAdmin: boolean },
  relation: { creatorUserId: number },
  parties: ReadonlyArray<{ userId: number; status: number }>,
): Caller {
  if (relation.creatorUserId === caller.userId) return { role: 'creator', partyStatus: null };
  const own = parties.find((party) => party.userId === caller.userId);
  if (own && isActivePartyStatus(own.status)) return { role: 'party', partyStatus: own.status };
  return { role: caller.isAdmin ? 'admin' : 'stranger', partyStatus: null };
}

/**
 * Seeing a relation: its creator, the people named on it (not removed) and administrators. A
 * deleted or inactive relation is seen by administrators only. Everyone else is told it does
 * not exist (404), for the view and for every action alike.
 */
export function canView(caller: Caller, facts: RelationFacts): Decision {
  if (caller.role === 'stranger') return hidden;
  if (isRetired(facts) && caller.role !== 'admin') return hidden;
  return allowed;
}

/** Every action but viewing needs a relation that is still there. */
function canAct(caller: Caller, facts: RelationFacts): Decision {
  const view = canView(caller, facts);
  if (!view.isAllowed) return view;
  return isRetired(facts) ? hidden : allowed;
}

/**
 * Accepting: only a person named on the relation, never its creator (nor an administrator who
 * is not named). Imported DBLP relations are validated public record: nobody answers them. A
 * pending (3) or rejected (4) party may accept; one who accepted already is told so.
 */
export function canAccept(caller: Caller, facts: RelationFacts): Decision {
  const act = canAct(caller, facts);
  if (!act.isAllowed) return act;
  if (caller.role === 'creator') return refuse(403, messages.creatorCannotRespond);
  if (caller.role !== 'party') return refuse(403, messages.onlyNamedPeopleRespond);
  if (facts.isDblpImported) return refuse(409, messages.importedReadOnly);
  if (caller.partyStatus === relationStatus.validated) return refuse(409, messages.youAccepted);
  return allowed;
}

/**
 * Rejecting (with a reason): the same people as accepting. A pending (3) or accepted (1) party
 * may reject; one who rejected already is told so (they may accept later, or comment).
 */
export function canReject(caller: Caller, facts: RelationFacts): Decision {
  const act = canAct(caller, facts);
  if (!act.isAllowed) return act;
  if (caller.role === 'creator') return refuse(403, messages.creatorCannotRespond);
  if (caller.role !== 'party') return refuse(403, messages.onlyNamedPeopleRespond);
  if (facts.isDblpImported) return refuse(409, messages.importedReadOnly);
  if (caller.partyStatus === relationStatus.disputed) return refuse(409, messages.youRejected);
  return allowed;
}

/**
 * Commenting to ask for a change: the people named on it, and administrators answering. An
 * imported relation cannot be changed by users, so its people contact the admin instead. The
 * creator does not ask anyone for a change: they make it, and leave their comment with the
 * save (docs/decisions/relations.md, "Answers"); a type 8 relation has nobody else to ask.
 */
export function canRequestChange(caller: Caller, facts: RelationFacts): Decision {
  const act = canAct(caller, facts);
  if (!act.isAllowed) return act;
  if (facts.isDblpImported && caller.role !== 'admin') {
    return refuse(409, messages.importedReadOnly);
  }
  if (caller.role === 'creator') return refuse(403, messages.creatorCommentsWithSave);
  return allowed;
}

/**
 * Contacting the admin: anyone who sees the relation, imported ones included, but an
 * administrator who is not named on it: the comment would go to themselves and their peers.
 */
export function canContactAdmin(caller: Caller, facts: RelationFacts): Decision {
  const act = canAct(caller, facts);
  if (!act.isAllowed) return act;
  if (caller.role === 'admin') return refuse(403, messages.administratorsAreTheAdmin);
  return allowed;
}

/**
 * Modifying the fields (docs/product.md, "Roles and permissions"): the creator only; named people
 * and administrators get read-only fields. Not an imported relation, and not a person relation
 * closed because the other person's account was deleted.
 */
export function canModify(caller: Caller, facts: RelationFacts): Decision {
  const act = canAct(caller, facts);
  if (!act.isAllowed) return act;
  if (caller.role !== 'creator') return refuse(403, messages.onlyCreatorModifies);
  if (facts.isDblpImported) return refuse(409, messages.importedReadOnly);
  if (facts.isClosed) return refuse(409, messages.relationClosed);
  return allowed;
}

/**
 * Deleting: the creator (not of an imported relation), or an administrator (they may delete any
 * relation, imported ones included: docs/product.md, "Roles and permissions").
 */
export function canDelete(caller: Caller, facts: RelationFacts): Decision {
  const act = canAct(caller, facts);
  if (!act.isAllowed) return act;
  if (caller.role === 'admin') return allowed;
  if (caller.role !== 'creator') return refuse(403, messages.onlyCreatorModifies);
  if (facts.isDblpImported) return refuse(409, messages.importedReadOnly);
  return allowed;
}

export const decide: Record<RelationAction, (caller: Caller, facts: RelationFacts) => Decision> = {
  view: canView,
  accept: canAccept,
  reject: canReject,
  requestChange: canRequestChange,
  contactAdmin: canContactAdmin,
  modify: canModify,
  delete: canDelete,
};

// ---- What an allowed answer does to the caller's party row ----

/** Accepting validates the caller's row: 3 or 4 become 1. */
export function statusAfterAccept(): number {
  return relationStatus.validated;
}

/** Rejecting disputes the caller's row: 3 or 1 become 4, with the reason. */
export function statusAfterReject(): number {
  return relationStatus.disputed;
}

/**
 * Asking for a change (`changeRelationToPending` on the wire): a party who had accepted no longer
 * accepts the relation as it stands, so their row goes back to pending until they answer again; a
 * pending or rejected row stays as it is. Administrators' comments change no status.
 */
export function statusAfterChangeRequest(caller: Caller): number | null {
  if (caller.role !== 'party' || caller.partyStatus === null) return null;
  return caller.partyStatus === relationStatus.validated
    ? relationStatus.pending
    : caller.partyStatus;
}

/**
 * A creator's modification, per party row: a row the creator removed (or left out) becomes 2;
 * when dates, title or people changed, every remaining row goes back to pending (3), a removed
 * row named again included; otherwise rows keep their status.
 */
export function statusAfterModify(
  current: number,
  change: { isRemoved: boolean; isSubstantive: boolean },
): number {
  if (change.isRemoved) return relationStatus.setForDeletion;
  if (change.isSubstantive || !isActivePartyStatus(current)) return relationStatus.pending;
  return current;
}

/**
 * Type 8 names an institution, not a person, so nobody answers it: it is validated when its
 * institution is approved and stays pending while the institution awaits approval.
 */
export function pendingEmploymentStatus(isInstitutionApproved: boolean): number {
  return isInstitutionApproved ? relationStatus.validated : relationStatus.pending;
}
