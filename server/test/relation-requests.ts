// Requests of the relation calls for API tests: valid forms of every type to start from, and the
// calls themselves in the contract's encodings (multipart for the co-author save, forms for the
// answers), each answering what a client would see.
import { count } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { LightMyRequestResponse } from 'fastify';
import type { Db } from '../src/db/client.ts';
import {
  auditLog,
  institutions,
  notifications,
  outbox,
  relationComments,
  relationParties,
  relations,
  tokens,
  users,
} from '../src/db/schema.ts';
import type { TestApp } from './build-test-app.ts';
import type { Tokens } from './factories.ts';
import { bearer } from './factories.ts';

export type Fields = Record<string, string | number | undefined>;
export type Encoding = 'form' | 'multipart' | 'json';

const boundary = 'RecuseRelationBoundary';

function encode(fields: Fields | Record<string, unknown>, encoding: Encoding) {
  if (encoding === 'json') {
    return { payload: JSON.stringify(fields), contentType: 'application/json' };
  }
  const entries = Object.entries(fields).filter(([, value]) => value !== undefined);
  if (encoding === 'form') {
    const body = new URLSearchParams();
    for (const [key, value] of entries) body.set(key, String(value));
    return { payload: body.toString(), contentType: 'application/x-www-form-urlencoded' };
  }
  const parts = entries.map(
    ([key, value]) =>
      `--${boundary}\r\nContent-Disposition: form-data; name="${key}"\r\n\r\n${String(value)}\r\n`,
  );
  return {
    payload: `${parts.join('')}--${boundary}--\r\n`,
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

export function post(
  t: TestApp,
  url: string,
  session: Tokens | null,
  fields: Fields | Record<string, unknown>,
  encoding: Encoding = 'form',
): Promise<LightMyRequestResponse> {
  const { payload, contentType } = encode(fields, encoding);
  return t.app.inject({
    method: 'POST',
    url,
    payload,
    headers: { ...(session ? bearer(session) : {}), 'content-type': contentType },
  });
}

export const get = (t: TestApp, url: string, session: Tokens | null) =>
  t.app.inject({ method: 'GET', url, headers: session ? bearer(session) : {} });

export const saveUrls = {
  coauthor: '/v1/web/relation/data/coauthor_save',
  pendingEmployment: '/v1/web/relation/data/pending_employment_save',
  person: '/v1/web/relation/data/save',
} as const;

/** The co-author list as the browser sends it: a JSON string of rows. */
export const coauthorDetails = (
  rows: Array<{ id?: number | string; name?: string; relationId?: number; status?: number }>,
) =>
  JSON.stringify(
    rows.map((row) => ({
      relation_id: row.relationId ?? '',
      coauthor_id: row.id ?? '',
      coauthor_name: row.name ?? '',
      status: row.status ?? 3,
    })),
  );

/** A valid new co-authored publication (type 3) with the given co-authors. */
export function publicationForm(coauthors: Array<number | string>, overrides: Fields = {}): Fields {
  return {
    relationType: 3,
    relationTypeName: 'Co-authored publication',
    publicationName: `On Testing Relations ${Math.random().toString(36).slice(2, 8)}`,
    coAuthorDetails: coauthorDetails(
      coauthors.map((person) => (typeof person === 'number' ? { id: person } : { name: person })),
    ),
    dateEndYear: 2023,
    paperType: 1,
    communityPaperId: 0,
    ...overrides,
  };
}

/** A valid new person relation (type 2 unless told) with one other person. */
export function personForm(person: number | string, overrides: Fields = {}): Fields {
  return {
    relationType: 2,
    relationTypeName: 'Collaboration (joint project or grant)',
    ...(typeof person === 'number' ? { rUserId: person } : { rUserName: person }),
    dateStartYear: 2020,
    dateStartMonth: 4,
    paperType: 1,
    ...overrides,
  };
}

/** A valid new pending application (type 8) with an institution picked or typed. */
export function pendingEmploymentForm(
  institution: number | string,
  overrides: Fields = {},
): Fields {
  return {
    relationType: 8,
    relationTypeName: 'Pending employment or graduate-school application',
    ...(typeof institution === 'number'
      ? { rInstitutionId: institution }
      : { rInstitutionName: institution }),
    dateStartYear: 2025,
    dateStartMonth: 11,
    paperType: 1,
    ...overrides,
  };
}

export const saveCoauthorRelation = (t: TestApp, session: Tokens, fields: Fields) =>
  post(t, saveUrls.coauthor, session, fields, 'multipart');
export const savePersonRelation = (t: TestApp, session: Tokens, fields: Fields) =>
  post(t, saveUrls.person, session, fields, 'form');
export const savePendingEmployment = (t: TestApp, session: Tokens, fields: Fields) =>
  post(t, saveUrls.pendingEmployment, session, fields, 'multipart');

/** The contract's accept payload: the GID and the descriptive fields the browser sends along. */
export const accept = (t: TestApp, session: Tokens, gid: number, extra: Fields = {}) =>
  post(t, '/v1/web/relation_accept_relation', session, {
    GID: gid,
    relationTypeId: 2,
    relationTypeName: 'Collaboration (joint project or grant)',
    rUserName: '',
    rejectionComment: '',
    ...extra,
  });

export const reject = (
  t: TestApp,
  session: Tokens,
  gid: number,
  reason: string,
  extra: Fields = {},
) =>
  post(t, '/v1/web/relation_reject_relation', session, {
    GID: gid,
    relationTypeId: 2,
    relationTypeName: 'Collaboration (joint project or grant)',
    rejectionComment: reason,
    ...extra,
  });

export const requestToModify = (
  t: TestApp,
  session: Tokens,
  gid: number,
  comment: string,
  extra: Fields = {},
) =>
  post(t, '/v1/web/relation_request_to_modify', session, {
    GID: gid,
    modificationsComment: comment,
    relationTypeId: 2,
    relationTypeName: 'Collaboration (joint project or grant)',
    changeRelationToPending: 1,
    contactAdmin: 0,
    ...extra,
  });

export const contactAdmin = (t: TestApp, session: Tokens, gid: number, comment: string) =>
  requestToModify(t, session, gid, comment, { contactAdmin: 1, changeRelationToPending: 0 });

export const deleteRelation = (t: TestApp, session: Tokens, gid: number) =>
  post(t, '/v1/web/relation/data/delete', session, { GID: gid });

export const viewRelation = (t: TestApp, session: Tokens, id: number | string) =>
  get(t, `/v1/web/relation/data/view/${id}`, session);

export const viewPendingEmployment = (t: TestApp, session: Tokens, id: number | string) =>
  get(t, `/v1/web/relation/data/pending_employment_view/${id}`, session);

export const listComments = (t: TestApp, session: Tokens, id: number | string) =>
  get(t, `/v1/web/relation_modify_request_comments_list?relationId=${id}&relationType=3`, session);

export const listRelations = (t: TestApp, session: Tokens, pageName = 'all') =>
  post(t, '/v1/web/relations/data/list', session, {
    conflictRules: '[]',
    conflictRulesPendingEmp: '[]',
    conflictInstiRules: '[]',
    pageName,
    filterBy: 'type',
  });

export const searchPeople = (t: TestApp, session: Tokens, q: string) =>
  get(t, `/v1/web/users/search?q=${encodeURIComponent(q)}`, session);

/**
 * Counts of everything a relation call could change, to show that a refused one changed
 * nothing: relations, parties, comments, notifications, people, institutions, tokens, mails,
 * audit rows.
 */
export async function snapshotRelationTables(db: Db) {
  const counter = async (table: PgTable) => (await db.select({ n: count() }).from(table))[0]!.n;
  const entries = await Promise.all(
    Object.entries({
      relations,
      relationParties,
      relationComments,
      notifications,
      users,
      institutions,
      tokens,
      outbox,
      auditLog,
    }).map(async ([name, table]) => [name, await counter(table)] as const),
  );
  const states = await db
    .select({ id: relationParties.id, status: relationParties.status })
    .from(relationParties)
    .orderBy(relationParties.id);
  return { counts: Object.fromEntries(entries) as Record<string, number>, partyStates: states };
}
