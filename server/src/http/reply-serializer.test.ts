// The compiled reply writers (reply-serializer.ts) against zod: for each shape the routes'
// reply schemas use, the same JSON as zod's encode and JSON.stringify, and never a field the
// schema does not declare.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as common from '@recuse/common';
import { relationListReplySchema } from '@recuse/common';
import {
  compileReplySerializer,
  compileWithVerbatimFields,
  createReplySerializerCompiler,
  toWritableJsonSchema,
} from './reply-serializer.ts';

/** What the routes wrote before: zod's encode, then JSON.stringify. */
const zodWrites = (schema: z.ZodType, reply: unknown) => JSON.stringify(z.encode(schema, reply));

/** The same JSON: the same values, keys in any order (required fields come out first). */
const expectSameJson = (written: string, expected: string) =>
  expect(JSON.parse(written)).toStrictEqual(JSON.parse(expected));

const flag = z.union([z.literal(0), z.literal(1)]);
const person = z.object({ id: z.number(), name: z.string(), email: z.string().optional() });
const paper = z.object({ title: z.string(), year: z.number().nullable() });

/** Each shape, with replies that carry an undeclared `secret` wherever an object is. */
const shapes: Array<{ shape: string; schema: z.ZodType; replies: unknown[] }> = [
  {
    shape: 'nested objects',
    schema: z.object({ user: z.object({ profile: person, flags: z.array(flag) }) }),
    replies: [
      { user: { profile: { id: 1, name: 'Ada', secret: 'h' }, flags: [0, 1], secret: 2 } },
      { user: { profile: { id: 2, name: 'a "quoted"\n\u2028 name' }, flags: [] }, secret: [] },
    ],
  },
  {
    shape: 'records of arrays',
    schema: z.object({ errors: z.record(z.string(), z.array(z.string())) }),
    replies: [
      { errors: {} },
      { errors: { email: ['Taken.', 'Too long.'], '2': [], password: ['Weak.'] }, secret: 1 },
    ],
  },
  {
    shape: 'records of objects',
    schema: z.record(z.string(), z.object({ status: z.number(), people: z.array(person) })),
    replies: [
      {
        '2024': { status: 1, people: [{ id: 3, name: 'B', secret: 'x' }], secret: true },
        ongoing: { status: 3, people: [] },
      },
    ],
  },
  {
    shape: 'unions of objects (the relations list rows)',
    schema: z.array(z.union([person, paper, z.object({ institution: z.string() })])),
    replies: [
      [
        { id: 1, name: 'A', secret: 'x' },
        { title: 'T', year: null, secret: 'x' },
        { title: 'U', year: 2020 },
        { institution: 'ETH', secret: 'x' },
      ],
    ],
  },
  {
    shape: 'discriminated unions',
    schema: z.object({
      answer: z.discriminatedUnion('kind', [
        z.object({ kind: z.literal('person'), person }),
        z.object({ kind: z.literal('paper'), paper }),
      ]),
    }),
    replies: [
      { answer: { kind: 'person', person: { id: 1, name: 'A', secret: 1 }, secret: 1 } },
      { answer: { kind: 'paper', paper: { title: 'T', year: 1999 }, secret: 1 } },
    ],
  },
  {
    shape: 'nullable fields, objects and arrays',
    schema: z.object({
      year: z.number().nullable(),
      note: z.string().nullable(),
      owner: person.nullable(),
      tags: z.array(z.string()).nullable(),
      state: z.literal('done').nullable(),
    }),
    replies: [
      { year: null, note: null, owner: null, tags: null, state: null },
      { year: 0, note: '', owner: { id: 1, name: 'A', secret: 1 }, tags: ['x'], state: 'done' },
    ],
  },
  {
    shape: 'optional fields',
    schema: z.object({
      name: z.string(),
      email: z.string().optional(),
      person: person.optional(),
      last: z.number(),
    }),
    replies: [
      { name: 'A', last: 1 },
      { name: 'A', email: undefined, person: undefined, last: 1, secret: 1 },
      {
        name: 'A',
        email: 'a@b.c',
        person: { id: 1, name: 'B', email: 'b@c.d', secret: 1 },
        last: 2,
      },
    ],
  },
  {
    shape: 'literals and enums',
    schema: z.object({
      message: z.literal('SUCCESS'),
      dateFormat: z.union([z.literal(1), z.literal(2)]),
      contactAdmin: z.enum(['Y', 'N']),
      isOn: flag,
      active: z.boolean(),
    }),
    replies: [
      { message: 'SUCCESS', dateFormat: 2, contactAdmin: 'N', isOn: 0, active: false },
      { message: 'SUCCESS', dateFormat: 1, contactAdmin: 'Y', isOn: 1, active: true, secret: 1 },
    ],
  },
  {
    shape: 'dates, unknown values, never-filled arrays, tuples and loose objects',
    schema: z.object({
      at: z.date(),
      extra: z.unknown(),
      none: z.array(z.never()),
      pair: z.tuple([z.number(), z.string()]),
      loose: z.looseObject({ id: z.number() }),
    }),
    replies: [
      {
        at: new Date(Date.UTC(2026, 0, 2, 3, 4, 5)),
        extra: { any: ['thing', 1, null] },
        none: [],
        pair: [1, 'one'],
        loose: { id: 1, kept: 'passthrough' },
        secret: 1,
      },
    ],
  },
];

describe('compiled reply writers', () => {
  for (const { shape, schema, replies } of shapes) {
    it(`write ${shape} as zod does, leaving undeclared fields out`, () => {
      const { write, fast } = compileReplySerializer(schema);
      expect(fast).toBe(true);
      for (const reply of replies) {
        const written = write(reply);
        expectSameJson(written, zodWrites(schema, reply));
        expect(written).not.toContain('secret');
      }
    });
  }

  it('write a relations list answer as zod does', () => {
    const dates = { start_date: 2020, start_date_month: null, end_date: null, end_date_month: 3 };
    const reply = {
      errors: {},
      tot_relations: 3,
      institution_list: [],
      user_conflicts: [],
      relation_types: [],
      relations: {
        '1': [{ display_coauthor_name: 'A', co_author_id: 2, co_author_status: 1, ...dates }].map(
          (row) => ({ ...row, status: 1, modify_id: 7, secret: 'x' }),
        ),
        '3': [
          {
            publication_name: 'On Things',
            publication_years: {
              '2021': {
                date_end_year: 2021,
                status: 3,
                co_author_names: 'A, B',
                parent_id: 9,
                co_authors: [
                  { coauthor_id: 2, coauthor_name: 'A', status: 1, alow_modify: 0, relationId: 0 },
                ],
                secret: 'x',
              },
            },
            secret: 'x',
          },
        ],
        '8': [
          { institution_name: 'ETH', institution_id: null, institution_status: null, ...dates },
        ].map((row) => ({ ...row, status: 3, modify_id: 8 })),
      },
    };
    const written = compileReplySerializer(relationListReplySchema).write(reply);
    expectSameJson(written, zodWrites(relationListReplySchema, reply));
    expect(written).not.toContain('secret');
  });

  it('compile every reply schema of @recuse/common to fast-json-stringify', () => {
    const replySchemas = Object.entries(common).filter(
      ([name, value]) => name.endsWith('ReplySchema') && value instanceof z.ZodType,
    );
    expect(replySchemas.length).toBeGreaterThan(10);
    for (const [name, schema] of replySchemas)
      expect([name, compileReplySerializer(schema as z.ZodType).fast]).toEqual([name, true]);
  });

  it('write nullable values with a list of types, not a union to validate', () => {
    const schema = z.object({
      owner: person.nullable(),
      state: z.enum(['done', 'open']).nullable(),
      year: z.number().nullable(),
    });
    const written = JSON.stringify(toWritableJsonSchema(schema));
    expect(written).not.toContain('anyOf');
    expect(toWritableJsonSchema(schema)).toMatchObject({
      properties: {
        owner: { type: ['object', 'null'] },
        state: { type: ['string', 'null'], enum: ['done', 'open', null] },
        year: { type: ['number', 'null'] },
      },
    });
  });

  it('write verbatim arrays and records as zod does when their objects hold the declared fields only', () => {
    const row = z.object({ id: z.number(), note: z.string().nullable() });
    const schema = z.object({
      title: z.string(),
      rows: z.array(row),
      byType: z.record(z.string(), z.array(row)),
      count: z.number(),
    });
    const write = compileWithVerbatimFields(schema, ['rows', 'byType']);
    for (const rows of [
      [],
      [
        { id: 1, note: null },
        { id: 2, note: 'a "b"\n' },
      ],
    ]) {
      const reply = { title: 'T', rows, byType: { '3': rows }, count: rows.length, secret: 1 };
      const written = write(reply);
      expectSameJson(written, zodWrites(schema, reply));
      expect(written).not.toContain('secret');
    }
    // Required, as in the schema.
    expect(() => write({ title: 'T', byType: {}, count: 0 })).toThrow('"rows" is required');
    expect(() => write({ title: 'T', rows: [], byType: null, count: 0 })).toThrow(
      '"byType" is required',
    );
    // Outside the verbatim fields, the compiled writer still leaves undeclared fields out; in
    // them, what the service built goes out: the checks of the tests compare it with zod's.
    const checked = createReplySerializerCompiler({
      checkReplies: true,
      verbatimFields: [{ schema, fields: ['rows', 'byType'] }],
    })({ method: 'GET', url: '/v1/example', schema });
    expect(() =>
      checked({
        title: 'T',
        rows: [],
        byType: { '3': [{ id: 1, note: null, secret: 1 }] },
        count: 1,
      }),
    ).toThrow(
      "The reply of GET /v1/example was written differently from its schema's encoding, at byType.3[0].secret",
    );
  });

  it('write a frozen verbatim array once, and any other as it is at each answer', () => {
    const schema = z.object({ rows: z.array(z.object({ id: z.number() })) });
    const write = compileWithVerbatimFields(schema, ['rows']);
    let reads = 0;
    // Each write of the item reads its id (JSON.stringify calls toJSON): counts the writes.
    const counted = (id: number) => ({
      toJSON: () => {
        reads += 1;
        return { id };
      },
    });

    const constant = Object.freeze([Object.freeze(counted(1))]);
    expect([write({ rows: constant }), write({ rows: constant })]).toEqual([
      '{"rows":[{"id":1}]}',
      '{"rows":[{"id":1}]}',
    ]);
    expect(reads).toBe(1);

    // A frozen array of items that can change, and an array that can, are written each time.
    const item = { id: 1 };
    const frozenOfLive = Object.freeze([item]);
    const live = [{ id: 1 }];
    expect([write({ rows: frozenOfLive }), write({ rows: live })]).toEqual([
      '{"rows":[{"id":1}]}',
      '{"rows":[{"id":1}]}',
    ]);
    item.id = 2;
    live.push({ id: 3 });
    expect([write({ rows: frozenOfLive }), write({ rows: live })]).toEqual([
      '{"rows":[{"id":2}]}',
      '{"rows":[{"id":1},{"id":3}]}',
    ]);
  });

  it('write the relation types the answers share as zod does', () => {
    const reply = { relationTypes: common.relationTypesWire };
    const schema = common.relationViewReplySchema.pick({ relationTypes: true });
    const write = compileWithVerbatimFields(schema, ['relationTypes']);
    expect(Object.isFrozen(common.relationTypesWire[0])).toBe(true);
    for (const written of [write(reply), write(reply)]) {
      expect(written).toBe(zodWrites(schema, reply));
    }
  });

  it('fall back to zod for what JSON schema cannot describe', () => {
    const lengthOf = z.object({ n: z.string().transform((text) => text.length) });
    expect(compileReplySerializer(lengthOf).fast).toBe(false);
    // As before: zod cannot encode through a transform, so such a reply is an error.
    expect(() => compileReplySerializer(lengthOf).write({ n: 3 })).toThrow();

    const link = z.object({ url: z.instanceof(URL) });
    const { write, fast } = compileReplySerializer(link);
    expect(fast).toBe(false);
    expect(write({ url: new URL('https://dblp.org/pid/1') })).toBe(
      '{"url":"https://dblp.org/pid/1"}',
    );
  });
});

describe('the checks of NODE_ENV=test', () => {
  const route = { method: 'GET', url: '/v1/example' };
  const compile = (schema: z.ZodType, checkReplies: boolean) =>
    createReplySerializerCompiler({ checkReplies })({ ...route, schema });

  it('refuse a reply that does not match its schema', () => {
    const write = compile(person, true);
    expect(() => write({ id: '1', name: 'A' })).toThrow("Response doesn't match the schema");
    expect(() => write({ id: 1 })).toThrow("Response doesn't match the schema");
    expect(write({ id: 1, name: 'A', secret: 1 })).toBe('{"id":1,"name":"A"}');
  });

  it('refuse a reply that the compiled writer would write differently from zod', () => {
    // A refinement is no part of JSON schema: fast-json-stringify takes the first branch by
    // shape, zod the first branch whose refinement passes.
    const schema = z.union([
      z.object({ code: z.string().refine((code) => code.startsWith('A')) }),
      z.object({ code: z.string(), detail: z.number() }),
    ]);
    expect(() => compile(schema, true)({ code: 'B', detail: 1 })).toThrow(
      "The reply of GET /v1/example was written differently from its schema's encoding, at detail",
    );
    expect(compile(schema, true)({ code: 'A1' })).toBe('{"code":"A1"}');
  });

  it('are left out in production: the compiled writer alone', () => {
    const write = compile(person, false);
    expect(write({ id: 1, name: 'A', secret: 1 })).toBe('{"id":1,"name":"A"}');
    // Unchecked, a wrong type is written as the schema's type.
    expect(write({ id: '1', name: 'A' })).toBe('{"id":1,"name":"A"}');
  });
});
