// The relation state machine as a table: role × action × state → allowed, or refused with the
// status code and message the API answers; and what each allowed answer does to a party row.
import { describe, expect, it } from 'vitest';
import { messages } from '@recuse/common';
import type { Caller, RelationAction, RelationFacts, Role } from './relation-rules.ts';
import {
  decide,
  roleOf,
  statusAfterChangeRequest,
  statusAfterModify,
  pendingEmploymentStatus,
} from './relation-rules.ts';

const active: RelationFacts = { status: 1, isDblpImported: false, isClosed: false };
const imported: RelationFacts = { ...active, isDblpImported: true };
const closed: RelationFacts = { ...active, isClosed: true };
const deleted: RelationFacts = { ...active, status: 2 };
const inactive: RelationFacts = { ...active, status: 0 };
const pendingType8: RelationFacts = { ...active, status: 3 };

const as = (role: Role, partyStatus: number | null = null): Caller => ({ role, partyStatus });
const creator = as('creator');
const admin = as('admin');
const stranger = as('stranger');
const pendingParty = as('party', 3);
const acceptedParty = as('party', 1);
const rejectedParty = as('party', 4);

type Expected = 'ok' | [403 | 404 | 409, string];
const ok = 'ok' as const;
const hidden: Expected = [404, messages.notFound];
const creatorCannotRespond: Expected = [403, messages.creatorCannotRespond];
const notNamed: Expected = [403, messages.onlyNamedPeopleRespond];
const onlyCreator: Expected = [403, messages.onlyCreatorModifies];
const readOnly: Expected = [409, messages.importedReadOnly];
const creatorSaves: Expected = [403, messages.creatorCommentsWithSave];
const isTheAdmin: Expected = [403, messages.administratorsAreTheAdmin];

const table: Array<[string, Caller, RelationFacts, Record<RelationAction, Expected>]> = [
  [
    'a stranger, on any relation',
    stranger,
    active,
    {
      view: hidden,
      accept: hidden,
      reject: hidden,
      requestChange: hidden,
      contactAdmin: hidden,
      modify: hidden,
      delete: hidden,
    },
  ],
  [
    'the creator, on an active relation',
    creator,
    active,
    {
      view: ok,
      accept: creatorCannotRespond,
      reject: creatorCannotRespond,
      requestChange: creatorSaves,
      contactAdmin: ok,
      modify: ok,
      delete: ok,
    },
  ],
  [
    'the creator, on an imported relation',
    creator,
    imported,
    {
      view: ok,
      accept: creatorCannotRespond,
      reject: creatorCannotRespond,
      requestChange: readOnly,
      contactAdmin: ok,
      modify: readOnly,
      delete: readOnly,
    },
  ],
  [
    'the creator, whose other person was deleted',
    creator,
    closed,
    {
      view: ok,
      accept: creatorCannotRespond,
      reject: creatorCannotRespond,
      requestChange: creatorSaves,
      contactAdmin: ok,
      modify: [409, messages.relationClosed],
      delete: ok,
    },
  ],
  [
    'the creator, on their pending application (type 8)',
    creator,
    pendingType8,
    {
      view: ok,
      accept: creatorCannotRespond,
      reject: creatorCannotRespond,
      requestChange: creatorSaves,
      contactAdmin: ok,
      modify: ok,
      delete: ok,
    },
  ],
  [
    'the creator, on a deleted relation',
    creator,
    deleted,
    {
      view: hidden,
      accept: hidden,
      reject: hidden,
      requestChange: hidden,
      contactAdmin: hidden,
      modify: hidden,
      delete: hidden,
    },
  ],
  [
    'a pending party',
    pendingParty,
    active,
    {
      view: ok,
      accept: ok,
      reject: ok,
      requestChange: ok,
      contactAdmin: ok,
      modify: onlyCreator,
      delete: onlyCreator,
    },
  ],
  [
    'a party who accepted',
    acceptedParty,
    active,
    {
      view: ok,
      accept: [409, messages.youAccepted],
      reject: ok,
      requestChange: ok,
      contactAdmin: ok,
      modify: onlyCreator,
      delete: onlyCreator,
    },
  ],
  [
    'a party who rejected',
    rejectedParty,
    active,
    {
      view: ok,
      accept: ok,
      reject: [409, messages.youRejected],
      requestChange: ok,
      contactAdmin: ok,
      modify: onlyCreator,
      delete: onlyCreator,
    },
  ],
  [
    'a party of an imported relation',
    acceptedParty,
    imported,
    {
      view: ok,
      accept: readOnly,
      reject: readOnly,
      requestChange: readOnly,
      contactAdmin: ok,
      modify: onlyCreator,
      delete: onlyCreator,
    },
  ],
  [
    'a party of a deleted relation',
    acceptedParty,
    deleted,
    {
      view: hidden,
      accept: hidden,
      reject: hidden,
      requestChange: hidden,
      contactAdmin: hidden,
      modify: hidden,
      delete: hidden,
    },
  ],
  [
    'an administrator not named on it',
    admin,
    active,
    {
      view: ok,
      accept: notNamed,
      reject: notNamed,
      requestChange: ok,
      contactAdmin: isTheAdmin,
      modify: onlyCreator,
      delete: ok,
    },
  ],
  [
    'an administrator, on an imported relation',
    admin,
    imported,
    {
      view: ok,
      accept: notNamed,
      reject: notNamed,
      requestChange: ok,
      contactAdmin: isTheAdmin,
      modify: onlyCreator,
      delete: ok,
    },
  ],
  [
    'an administrator, on a deleted relation',
    admin,
    deleted,
    {
      view: ok,
      accept: hidden,
      reject: hidden,
      requestChange: hidden,
      contactAdmin: hidden,
      modify: hidden,
      delete: hidden,
    },
  ],
  [
    'an administrator, on an inactive relation',
    admin,
    inactive,
    {
      view: ok,
      accept: hidden,
      reject: hidden,
      requestChange: hidden,
      contactAdmin: hidden,
      modify: hidden,
      delete: hidden,
    },
  ],
];

const cases = table.flatMap(([who, caller, facts, expectations]) =>
  (Object.entries(expectations) as Array<[RelationAction, Expected]>).map(([action, expected]) => ({
    who,
    caller,
    facts,
    action,
    expected,
  })),
);

describe('who may do what to a relation', () => {
  it.each(cases)('$who: $action → $expected', ({ caller, facts, action, expected }) => {
    const decision = decide[action](caller, facts);
    if (expected === 'ok') {
      expect(decision).toEqual({ isAllowed: true });
    } else {
      expect(decision).toEqual({
        isAllowed: false,
        refusal: { statusCode: expected[0], message: expected[1] },
      });
    }
  });
});

describe('roleOf', () => {
  const relation = { creatorUserId: 1 };
  const parties = [
    { userId: 2, status: 3 },
    { userId: 3, status: 2 },
    { userId: 4, status: 4 },
  ];
  it.each([
    ['the creator', { userId: 1, isAdmin: false }, as('creator')],
    ['the creator who is an administrator', { userId: 1, isAdmin: true }, as('creator')],
    ['a pending party', { userId: 2, isAdmin: false }, as('party', 3)],
    ['a party who rejected', { userId: 4, isAdmin: true }, as('party', 4)],
    ['a removed party', { userId: 3, isAdmin: false }, as('stranger')],
    ['a removed party who is an administrator', { userId: 3, isAdmin: true }, as('admin')],
    ['an administrator', { userId: 9, isAdmin: true }, as('admin')],
    ['anyone else', { userId: 9, isAdmin: false }, as('stranger')],
  ])('reads %s', (_case, caller, expected) => {
    expect(roleOf(caller, relation, parties)).toEqual(expected);
  });
});

describe('what an answer does to the caller’s party row', () => {
  it.each([
    ['a party who accepted goes back to pending', acceptedParty, 3],
    ['a pending party stays pending', pendingParty, 3],
    ['a party who rejected stays rejected', rejectedParty, 4],
    ['the creator changes no status', creator, null],
    ['an administrator changes no status', admin, null],
  ])('asking for a change: %s', (_case, caller, expected) => {
    expect(statusAfterChangeRequest(caller)).toBe(expected);
  });

  it.each([
    [1, { isRemoved: false, isSubstantive: true }, 3],
    [4, { isRemoved: false, isSubstantive: true }, 3],
    [3, { isRemoved: false, isSubstantive: true }, 3],
    [1, { isRemoved: false, isSubstantive: false }, 1],
    [4, { isRemoved: false, isSubstantive: false }, 4],
    [2, { isRemoved: false, isSubstantive: false }, 3],
    [1, { isRemoved: true, isSubstantive: false }, 2],
    [3, { isRemoved: true, isSubstantive: true }, 2],
  ])('a modification takes a row in status %i with %j to %i', (current, change, expected) => {
    expect(statusAfterModify(current, change)).toBe(expected);
  });

  it('validates a pending application once its institution is approved', () => {
    expect([pendingEmploymentStatus(true), pendingEmploymentStatus(false)]).toEqual([1, 3]);
  });
});
