// Where the relation calls' wire names meet ours: the action forms read into what the services
// take (a relation id and a comment), and what the services did written as the answers the
// API documents (docs/api-relations.md). The services never see a wire field name.
import type {
  AcceptRelation,
  RejectRelation,
  RelationActionReply,
  RelationSaveReply,
  RequestToModify,
} from '@recuse/common';
import { messages } from '@recuse/common';

/** A party's answer: accept (the comment is optional) or reject (the comment is the reason). */
export interface PartyAnswer {
  relationId: number;
  comment: string;
}

/** A comment on a relation: to the others on it, or to the administrators only. */
export interface RelationComment {
  relationId: number;
  comment: string;
  isToAdministrators: boolean;
}

/** What an action on a relation did. */
export interface ActionOutcome {
  relationId: number;
  kind: 'updated' | 'commented' | 'deleted';
}

/** What a save did; a co-authored relation's modification answers in its own words. */
export interface SaveOutcome {
  relationId: number;
  kind: 'created' | 'updated' | 'updatedPublication';
}

/** The accept and reject forms carry the comment under `rejectionComment`, whichever it is. */
export function readPartyAnswer(form: AcceptRelation | RejectRelation): PartyAnswer {
  return { relationId: form.GID, comment: form.rejectionComment };
}

export function readRelationComment(form: RequestToModify): RelationComment {
  return {
    relationId: form.GID,
    comment: form.modificationsComment,
    isToAdministrators: form.contactAdmin,
  };
}

const actionReplies: Record<ActionOutcome['kind'], Omit<RelationActionReply, 'GID'>> = {
  updated: { status: 'UPDATED', message: messages.recordUpdated },
  commented: { status: 'SUCCESS', message: messages.commentsSent },
  deleted: { status: 'DELETED', message: messages.relationDeleted },
};

export function toActionReply(outcome: ActionOutcome): RelationActionReply {
  return { GID: outcome.relationId, ...actionReplies[outcome.kind] };
}

const saveReplies: Record<SaveOutcome['kind'], Omit<RelationSaveReply, 'GID'>> = {
  created: { status: 'CREATED', message: messages.relationSaved },
  updated: { status: 'UPDATED', message: messages.relationUpdated },
  updatedPublication: { status: 'UPDATED COAUTHOR', message: messages.relationUpdated },
};

export function toSaveReply(outcome: SaveOutcome): RelationSaveReply {
  return { GID: outcome.relationId, ...saveReplies[outcome.kind] };
}
