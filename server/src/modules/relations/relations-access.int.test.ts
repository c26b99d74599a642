// Who may do what (docs/product.md, "Roles and permissions"), and bad input: the authorization
// matrix of every relation call for a stranger, a named person, the creator and an administrator;
// no token at all; and bodies no form would send, none of which may change anything or answer 500.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { messages } from '@recuse/common';
import type { TestApp } from '../../../test/build-test-app.ts';
import { buildTestApp } from '../../../test/build-test-app.ts';
import type { Tokens } from '../../../test/factories.ts';
import { bearer, buildRelation, buildUser } from '../../../test/factories.ts';
import { signedInUser } from '../../../test/profile-requests.ts';
import {
  accept,
  coauthorDetails,
  contactAdmin,
  deleteRelation,
  listComments,
  publicationForm,
  reject,
  requestToModify,
  saveCoauthorRelation,
  snapshotRelationTables,
  viewPendingEmployment,
  viewRelation,
} from '../../../test/relation-requests.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

type Who = 'stranger' | 'party' | 'creator' | 'administrator';
type Call = (
  session: Tokens,
  relationId: number,
  partyId: number,
  partyUserId: number,
) => Promise<LightMyRequestResponse>;

const calls: Record<string, Call> = {
  view: (session, id) => viewRelation(t, session, id),
  'pending employment view': (session, id) => viewPendingEmployment(t, session, id),
  'comments list': (session, id) => listComments(t, session, id),
  accept: (session, id) => accept(t, session, id),
  reject: (session, id) => reject(t, session, id, 'Not so.'),
  'request a change': (session, id) => requestToModify(t, session, id, 'Please fix the year.'),
  'contact the admin': (session, id) => contactAdmin(t, session, id, 'Please look at this.'),
  modify: (session, id, partyId, partyUserId) =>
    saveCoauthorRelation(
      t,
      session,
      publicationForm([], {
        GID: id,
        coAuthorDetails: coauthorDetails([{ id: partyUserId, relationId: partyId }]),
        sourceUserUpdateComment: 'Changed the year.',
        dateEndYear: 2019,
      }),
    ),
  delete: (session, id) => deleteRelation(t, session, id),
};

/** The answer each person gets: 200, or the refusal's status code. */
const matrix: Record<Who, Record<keyof typeof calls, number>> = {
  stranger: {
    view: 404,
    'pending employment view': 404,
    'comments list': 404,
    accept: 404,
    reject: 404,
    'request a change': 404,
    'contact the admin': 404,
    modify: 404,
    delete: 404,
  },
  party: {
    view: 200,
    'pending employment view': 200,
    'comments list': 200,
    accept: 200,
    reject: 200,
    'request a change': 200,
    'contact the admin': 200,
    modify: 403,
    delete: 403,
  },
  creator: {
    view: 200,
    'pending employment view': 200,
    'comments list': 200,
    accept: 403,
    reject: 403,
    'request a change': 403,
    'contact the admin': 200,
    modify: 200,
    delete: 200,
  },
  administrator: {
    view: 200,
    'pending employment view': 200,
    'comments list': 200,
    accept: 403,
    reject: 403,
    'request a change': 200,
    'contact the admin': 403,
    modify: 403,
    delete: 200,
  },
};

const cases = (Object.entries(matrix) as Array<[Who, Record<string, number>]>).flatMap(
  ([who, answers]) => Object.entries(answers).map(([call, status]) => ({ who, call, status })),
);

describe('the authorization matrix', () => {
  it.each(cases)('$who: $call → $status', async ({ who, call, status }) => {
    const creator = await signedInUser(t);
    const party = await signedInUser(t);
    const { relation, parties } = await buildRelation(t.db, {
      creator: creator.user,
      parties: [party.user],
    });
    const sessions: Record<Who, () => Promise<Tokens>> = {
      stranger: async () => (await signedInUser(t)).session,
      party: async () => party.session,
      creator: async () => creator.session,
      administrator: async () => (await signedInUser(t, { role: 'admin' })).session,
    };
    const session = await sessions[who]();
    const before = await snapshotRelationTables(t.db);
    const response = await calls[call]!(session, relation.id, parties[0]!.id, party.user.id);
    expect(response.statusCode).toBe(status);
    if (status === 404) expect(response.json()).toEqual({ message: messages.notFound });
    if (status !== 200) {
      expect(response.json()).toEqual({ message: expect.any(String) });
      expect(await snapshotRelationTables(t.db)).toEqual(before);
    }
  });

  it('treats a removed person as a stranger', async () => {
    const creator = await buildUser(t.db);
    const removed = await signedInUser(t);
    const other = await buildUser(t.db);
    const { relation } = await buildRelation(t.db, {
      creator,
      parties: [{ user: removed.user, status: 2 }, other],
    });
    for (const call of Object.values(calls)) {
      expect((await call(removed.session, relation.id, 0, other.id)).statusCode).toBe(404);
    }
  });

  it('answers a relation that does not exist like one the caller may not see', async () => {
    const someone = await signedInUser(t);
    for (const call of Object.values(calls)) {
      const response = await call(someone.session, 2_000_000_000, 0, 0);
      expect([404, 422]).toContain(response.statusCode);
      if (response.statusCode === 422) expect(response.json().errors).not.toHaveProperty('GID');
    }
  });
});

const endpoints: Array<['GET' | 'POST', string]> = [
  ['GET', '/v1/web/relation/data/addnew'],
  ['GET', '/v1/web/relation/data/view/1'],
  ['GET', '/v1/web/relation/data/pending_employment_view/1'],
  ['POST', '/v1/web/relation/data/coauthor_save'],
  ['POST', '/v1/web/relation/data/pending_employment_save'],
  ['POST', '/v1/web/relation/data/save'],
  ['POST', '/v1/web/relation/data/delete'],
  ['POST', '/v1/web/relation_accept_relation'],
  ['POST', '/v1/web/relation_accept_coauthor_relation'],
  ['POST', '/v1/web/relation_reject_relation'],
  ['POST', '/v1/web/relation_reject_coauthor_relation'],
  ['POST', '/v1/web/relation_request_to_modify'],
  ['POST', '/v1/web/relation_request_to_modify_pending_emp'],
  ['GET', '/v1/web/relation_modify_request_comments_list?relationId=1'],
  ['POST', '/v1/web/relations/data/list'],
  ['GET', '/v1/web/users/search?q=ada'],
];

describe('without a token', () => {
  it.each(endpoints)('answers %s %s with 401 Unauthorized', async (method, url) => {
    const response = await t.app.inject({ method, url });
    expect(response.statusCode).toBe(401);
    expect(response.body).toBe(messages.unauthorized);
  });

  it('lists every relation call in the OpenAPI document', async () => {
    const paths = Object.keys((await t.app.inject({ url: '/docs/json' })).json().paths);
    for (const [, url] of endpoints) {
      expect(paths).toContain(url.split('?')[0]!.replace(/\/1$/, '/{id}'));
    }
  });
});

describe('bodies no form would send', () => {
  const boundary = 'RecuseBoundary';
  const bodies: Array<[string, string, string, number]> = [
    ['invalid JSON', 'application/json', '{"GID": 1,', 400],
    ['JSON null', 'application/json', 'null', 422],
    ['a JSON array', 'application/json', '[1, 2]', 422],
    [
      'JSON with every field an object',
      'application/json',
      JSON.stringify(
        Object.fromEntries(
          [
            'GID',
            'relationType',
            'rUserId',
            'coAuthorDetails',
            'rejectionComment',
            'modificationsComment',
            'relationTypeName',
            'contactAdmin',
          ].map((field) => [field, { nested: [field] }]),
        ),
      ),
      422,
    ],
    ['XML', 'application/xml', '<relation/>', 415],
    [
      'a form with each field twice',
      'application/x-www-form-urlencoded',
      'GID=1&GID=2&relationType=3&relationType=2&rejectionComment=a&rejectionComment=b&modificationsComment=a&modificationsComment=b&relationTypeName=x&relationTypeName=y',
      422,
    ],
    [
      'multipart cut short',
      `multipart/form-data; boundary=${boundary}`,
      `--${boundary}\r\nContent-Disposition: form-data; na`,
      400,
    ],
  ];
  const posts = endpoints.filter(
    ([method, url]) => method === 'POST' && url !== '/v1/web/relations/data/list',
  );
  const cases = posts.flatMap(([, url]) =>
    bodies.map(([body, contentType, payload, status]) => ({
      url,
      body,
      contentType,
      payload,
      status,
    })),
  );
  let session: Tokens;
  beforeAll(async () => {
    session = (await signedInUser(t)).session;
  });

  it.each(cases)(
    'answers $body sent to $url with $status and a message',
    async ({ url, contentType, payload, status }) => {
      const response = await t.app.inject({
        method: 'POST',
        url,
        payload,
        headers: { ...bearer(session), 'content-type': contentType },
      });
      expect(response.statusCode).toBe(status);
      expect(response.json()).toEqual(expect.objectContaining({ message: expect.any(String) }));
    },
  );
});
