// What a relation save names, checked against the database before anything is written: the
// people (found or invited), the publication, the institution, the columns to store, and
// whether the same relation exists already.
import type { RelationSave, RelationType } from '@recuse/common';
import { institutionKey, institutionStatus, messages } from '@recuse/common';
import type { Db } from '../../db/client.ts';
import type { User } from '../../db/schema.ts';
import { HttpError, validationFailed } from '../../http/errors.ts';
import {
  findOrProposeInstitution,
  isSelectableInstitution,
  resolveInstitutionIds,
} from '../institutions/institutions.service.ts';
import { resolvePeople } from './relation-people.service.ts';
import { pendingEmploymentStatus } from './relation-rules.ts';
import { defaultSource } from './relation-wire.ts';
import { findInstitutionsById, findPublication } from './relations-read.repo.ts';
import type { NewRelation, Relation } from './relations.repo.ts';
import {
  findInstitutionDuplicate,
  findPersonDuplicate,
  findTitleDuplicate,
  lockKey,
} from './relations.repo.ts';

/** What the form names, resolved against the database. */
export interface ResolvedFields {
  people: User[];
  title: string | null;
  publicationId: number | null;
  institution: { id: number; name: string; isApproved: boolean } | null;
}

/**
 * Resolves the people, the publication and the institution of a save, in plain words:
 * - People as relation-people's resolvePeople (ids known, e-mails found or invited); the
 *   creator may not name themselves, nor anyone twice (an id and an e-mail can be one person).
 * - A picked publication must exist and not be retired; its title is used when none is typed.
 * - Type 8: a picked institution must be approved or awaiting approval (merged ones stand for
 *   their target); a typed name finds the institution of that name or proposes a new one.
 */
export async function resolveFields(
  db: Db,
  creator: User,
  type: RelationType,
  save: RelationSave,
): Promise<ResolvedFields> {
  const fields: ResolvedFields = {
    people: [],
    title: null,
    publicationId: null,
    institution: null,
  };
  if (type.kind === 'person' && save.person) {
    fields.people = await resolvePeople(db, [save.person], 'rUserId');
    if (fields.people[0]!.id === creator.id) {
      throw validationFailed({ rUserId: [messages.relationWithYourself] });
    }
  }
  if (type.kind === 'publication') {
    const active = save.coauthors.filter((row) => !row.isRemoved);
    fields.people = await resolvePeople(
      db,
      active.map((row) => row.person),
      'coAuthorDetails',
    );
    if (fields.people.some((user) => user.id === creator.id)) {
      throw validationFailed({ coAuthorDetails: [messages.coauthorIsYourself] });
    }
    if (new Set(fields.people.map((user) => user.id)).size !== fields.people.length) {
      throw validationFailed({ coAuthorDetails: [messages.coauthorListedTwice] });
    }
    fields.title = save.title;
    if (save.publicationId !== undefined) {
      const publication = await findPublication(db, save.publicationId);
      if (!publication || publication.isRetired) {
        throw validationFailed({ publicationId: [messages.publicationUnknown] });
      }
      fields.publicationId = publication.id;
      if (fields.title === '') fields.title = publication.title;
    }
  }
  if (type.kind === 'institution' && save.institution) {
    let institutionId: number;
    if ('id' in save.institution) {
      const resolved = (await resolveInstitutionIds(db, [save.institution.id])).get(
        save.institution.id,
      );
      if (resolved === undefined) {
        throw validationFailed({ rInstitutionId: [messages.institutionUnknown] });
      }
      institutionId = resolved;
    } else {
      institutionId = await findOrProposeInstitution(db, creator.id, {
        name: save.institution.name,
        aliases: [],
      });
    }
    const institution = (await findInstitutionsById(db, [institutionId])).get(institutionId)!;
    // An institution awaiting approval that the drop list does not offer this person (another
    // user's proposal they have no affiliation with) answers as if it did not exist
    // (docs/security.md section 9).
    const isOffered =
      !('id' in save.institution) ||
      creator.role === 'admin' ||
      (await isSelectableInstitution(db, creator.id, institution.id));
    if (!isOffered) throw validationFailed({ rInstitutionId: [messages.institutionUnknown] });
    fields.institution = {
      id: institution.id,
      name: institution.name,
      isApproved: institution.status === institutionStatus.approved,
    };
  }
  return fields;
}

/** The relation's columns a save sets. */
export type RelationValues = Omit<NewRelation, 'creatorUserId' | 'typeId'>;

export function relationValues(
  creator: User,
  save: RelationSave,
  fields: ResolvedFields,
): RelationValues {
  return {
    startYear: save.start?.year ?? null,
    startMonth: save.start?.month ?? null,
    endYear: save.end?.year ?? null,
    endMonth: save.end?.month ?? null,
    title: fields.title,
    titleKey: fields.title === null ? null : institutionKey(fields.title),
    publicationId: fields.publicationId,
    institutionId: fields.institution?.id ?? null,
    status: fields.institution ? pendingEmploymentStatus(fields.institution.isApproved) : 1,
    paperType: save.paperType,
    isCommunityPaper: save.isCommunityPaper,
    source: save.source || defaultSource(creator),
    notes: save.notes,
  };
}

/**
 * Refuses the same relation recorded twice ('DUPLICATE ENTRY', 409), in plain words:
 * - person types: the same two people (whoever created it) with the same type and dates;
 * - publication-like types: the same type, title (ignoring case, accents and punctuation) and
 *   year, on a relation the creator is already on;
 * - type 8: the creator's own relation with the same institution and application date.
 * Deleted relations do not count. An advisory lock on the same key serialises two saves of
 * the same relation, so two clicks create it once.
 */
export async function refuseDuplicate(
  db: Db,
  creator: User,
  type: RelationType,
  values: RelationValues,
  people: readonly User[],
  excludeRelationId?: number,
): Promise<void> {
  let duplicate: Relation | undefined;
  if (type.kind === 'person') {
    const other = people[0]!.id;
    await lockKey(
      db,
      `relation:${type.id}:${Math.min(creator.id, other)}:${Math.max(creator.id, other)}`,
    );
    duplicate = await findPersonDuplicate(db, {
      typeId: type.id,
      creatorUserId: creator.id,
      otherUserId: other,
      startYear: values.startYear ?? null,
      startMonth: values.startMonth ?? null,
      endYear: values.endYear ?? null,
      endMonth: values.endMonth ?? null,
      excludeRelationId,
    });
  } else if (type.kind === 'publication') {
    await lockKey(db, `relation:${type.id}:${values.titleKey}`);
    duplicate = await findTitleDuplicate(db, {
      typeId: type.id,
      titleKey: values.titleKey!,
      endYear: values.endYear ?? null,
      userId: creator.id,
      excludeRelationId,
    });
  } else {
    await lockKey(db, `relation:8:${creator.id}`);
    duplicate = await findInstitutionDuplicate(db, {
      creatorUserId: creator.id,
      institutionId: values.institutionId!,
      startYear: values.startYear ?? null,
      startMonth: values.startMonth ?? null,
      excludeRelationId,
    });
  }
  if (duplicate) {
    throw new HttpError(409, {
      GID: duplicate.id,
      status: 'DUPLICATE ENTRY',
      message: messages.relationExists,
    });
  }
}
