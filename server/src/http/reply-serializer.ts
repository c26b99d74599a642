// How replies are written: each route's declared zod reply schema is turned into a JSON schema
// once (z.toJSONSchema, the output side), and that into a fast-json-stringify function: in
// production on the route's first answer, under the reply checks (tests) at start-up. It writes only the declared fields, as zod did, in much less
// time than zod's encode followed by JSON.stringify (docs/benchmarks.md, "Reply
// serialisation").
//
// fast-json-stringify trusts the data: it writes what the schema says without checking it. So
// with `checkReplies` (NODE_ENV=test: the integration suites and the browser tests) every reply
// is also encoded by zod, as the routes' schemas demand, and written with JSON.stringify; a
// reply that does not match its schema, or that the compiled function writes differently,
// fails the call with 500 instead of going out (docs/architecture.md, "Replies").
import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify';
import { InvalidSchemaError, ResponseSerializationError } from 'fastify-type-provider-zod';
import { z } from 'zod';

type JsonSchema = { [keyword: string]: unknown };
type Write = (data: unknown) => string;

export interface ReplySerializerOptions {
  /** Also encode every reply with zod and compare: a wrong reply then fails with 500. */
  checkReplies: boolean;
  /**
   * Reply schemas some of whose top-level arrays and objects are written by `JSON.stringify`
   * (compileWithVerbatimFields): their services build each object in them with exactly its
   * declared fields. A schema's object, as the routes declare it.
   */
  verbatimFields?: ReadonlyArray<{ schema: z.ZodObject; fields: readonly string[] }>;
}

/**
 * The serializer compiler of every route (app.ts). A schema that several routes or statuses
 * declare (the refusals' errorReplySchema) is compiled once.
 */
export function createReplySerializerCompiler({
  checkReplies,
  verbatimFields = [],
}: ReplySerializerOptions): FastifySerializerCompiler<unknown> {
  const writers = new WeakMap<z.core.$ZodType, Write>();
  const verbatim = new Map<z.core.$ZodType, { schema: z.ZodObject; fields: readonly string[] }>(
    verbatimFields.map((entry) => [entry.schema, entry]),
  );
  const compile = (schema: z.core.$ZodType) => {
    const entry = verbatim.get(schema);
    return entry
      ? compileWithVerbatimFields(entry.schema, entry.fields)
      : compileReplySerializer(schema).write;
  };
  const writerOf = (schema: z.core.$ZodType) => {
    const write = writers.get(schema) ?? compile(schema);
    writers.set(schema, write);
    return write;
  };
  return ({ schema: declared, method, url }) => {
    const schema = zodSchemaOf(declared);
    if (!checkReplies) {
      // Compiled on the route's first answer rather than at start-up, where compiling every
      // reply schema was a tenth of a production server's start (docs/benchmarks.md,
      // "Production start").
      let write: Write | undefined;
      return (data) => (write ??= writerOf(schema))(data);
    }
    // With the checks (tests), compiled at once: a schema that cannot be written fails the start.
    const write = writerOf(schema);
    return (data) => {
      const encoded = z.safeEncode(schema, data);
      if (!encoded.success)
        throw new ResponseSerializationError(method, url, { cause: encoded.error });
      const expected = JSON.stringify(encoded.data);
      const written = write(data);
      if (written === expected) return written;
      const difference = firstDifference(JSON.parse(written), JSON.parse(expected));
      if (difference !== undefined) throw new ReplyMismatchError(method, url, difference);
      return written;
    };
  };
}

/**
 * The writer of one reply schema: fast-json-stringify compiled from the schema's JSON schema;
 * or, for a schema with a part that JSON schema cannot describe (a transform, a custom type, a
 * Map: `fast` false), zod's encode followed by JSON.stringify, as before.
 */
export function compileReplySerializer(schema: z.core.$ZodType): { write: Write; fast: boolean } {
  const jsonSchema = toWritableJsonSchema(schema);
  if (jsonSchema === undefined) return { write: encodeWithZod(schema), fast: false };
  return { write: fastJson(jsonSchema) as Write, fast: true };
}

/**
 * The writer of an object schema whose `fields` (arrays, or objects such as a record of rows) go
 * out through `JSON.stringify`, the rest through the compiled writer. For the answers whose bulk
 * is many small objects: fast-json-stringify writes the output by appending to one string, and
 * on the matrix's 43,000 conflicts (37 MB) that took three to four times `JSON.stringify`'s
 * time, mostly in the garbage collector (docs/benchmarks.md, "The chair's committee ×
 * submissions matrix"); served, a generated researcher's conflict list (30 KB) cost a tenth
 * more of the server's CPU written by the compiled function (docs/benchmarks.md, eleventh
 * session). `JSON.stringify` writes every field an object holds: the service must build each
 * one with exactly the declared fields (under `checkReplies`, every reply of the tests is
 * compared with zod's encoding, which leaves undeclared fields out). The verbatim fields come
 * first.
 *
 * A value frozen through (items and fields included) cannot change, so its text is written the
 * first time it goes out and reused after: the relation types that the relations list and the
 * relation form send with every answer (relationTypesWire in @recuse/common), a third of a
 * conflict list's bytes.
 */
export function compileWithVerbatimFields(schema: z.ZodObject, fields: readonly string[]): Write {
  const omitted = Object.fromEntries(fields.map((field) => [field, true] as const));
  const writeRest = compileReplySerializer(schema.omit(omitted as Record<string, true>)).write;
  const names = new Set(fields);
  return (data) => {
    const record = data as Record<string, unknown>;
    const rest: Record<string, unknown> = {};
    for (const key of Object.keys(record)) if (!names.has(key)) rest[key] = record[key];
    const parts = fields.map((field) => {
      const value = record[field];
      if (typeof value !== 'object' || value === null)
        throw new TypeError(`"${field}" is required and is an array or an object`);
      return `${JSON.stringify(field)}:${verbatimText(value)}`;
    });
    const written = writeRest(rest);
    return `{${parts.join(',')}${written === '{}' ? '' : ','}${written.slice(1)}`;
  };
}

/** The text of each value frozen through written so far (compileWithVerbatimFields). */
const frozenTexts = new WeakMap<object, string>();

function verbatimText(value: object): string {
  const known = frozenTexts.get(value);
  if (known !== undefined) return known;
  const text = JSON.stringify(value);
  if (isFrozenThrough(value)) frozenTexts.set(value, text);
  return text;
}

/** Whether a value and everything in it are frozen (primitives are). */
function isFrozenThrough(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return true;
  return Object.isFrozen(value) && Object.values(value).every(isFrozenThrough);
}

function encodeWithZod(schema: z.core.$ZodType): Write {
  return (data) => JSON.stringify(z.encode(schema, data));
}

/** Zod types that z.toJSONSchema cannot describe (it would write `{}`, "anything"). */
const unrepresentable = new Set([
  'bigint',
  'symbol',
  'undefined',
  'void',
  'map',
  'set',
  'transform',
  'nan',
  'custom',
  'function',
  'promise',
]);

/** The JSON schema fast-json-stringify is compiled from, or undefined if zod has none. */
export function toWritableJsonSchema(schema: z.core.$ZodType): JsonSchema | undefined {
  let isDescribable = true;
  const jsonSchema = z.toJSONSchema(schema, {
    io: 'output',
    target: 'draft-7',
    unrepresentable: 'any',
    override: ({ zodSchema, jsonSchema: node }) => {
      const type = zodSchema._zod.def.type;
      // A Date goes out as JSON.stringify writes it; fast-json-stringify does the same for
      // strings of format date-time.
      if (type === 'date') Object.assign(node, { type: 'string', format: 'date-time' });
      else if (unrepresentable.has(type)) isDescribable = false;
    },
  });
  return isDescribable ? (forWriting(jsonSchema) as JsonSchema) : undefined;
}

// Keywords whose value is a schema, a list of schemas, or schemas by name: forWriting walks
// into these only, so a property that happens to be called `const` or `default` stays.
const schemaKeywords = new Set([
  ...['items', 'additionalItems', 'additionalProperties', 'not', 'contains'],
  ...['anyOf', 'oneOf', 'allOf', 'if', 'then', 'else'],
]);
const namedSchemaKeywords = new Set(['properties', 'patternProperties', '$defs', 'definitions']);

/**
 * Zod's JSON schema, changed where fast-json-stringify would write something else than zod's
 * parse and JSON.stringify:
 * - `additionalProperties: false` (every z.object) goes: fast-json-stringify leaves undeclared
 *   fields out without it, and with it a union member carrying one extra field would match no
 *   branch of its anyOf (an error) where zod strips the field;
 * - `const` becomes a one-value `enum`: fast-json-stringify writes a const's value, not the
 *   data's;
 * - `default` goes: fast-json-stringify would write it for a missing field, zod does not;
 * - `$schema` and `propertyNames` (records' keys are strings anyway) go;
 * - a nullable value (zod: `anyOf: [X, {type: 'null'}]`) becomes X with `null` among its types:
 *   fast-json-stringify picks an `anyOf` branch by validating the value against each branch
 *   with Ajv, for every value it writes, where a list of types costs one `=== null`. A matrix
 *   answer of 43,000 conflicts has four such fields a reason: its write took five times a bare
 *   `JSON.stringify` (docs/benchmarks.md, "The chair's committee × submissions matrix").
 */
function forWriting(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(forWriting);
  if (node === null || typeof node !== 'object') return node;
  const nullable = asNullable(node as JsonSchema);
  if (nullable) return forWriting(nullable);
  const result: JsonSchema = {};
  for (const [keyword, value] of Object.entries(node)) {
    if (keyword === '$schema' || keyword === 'propertyNames' || keyword === 'default') continue;
    if (keyword === 'additionalProperties' && value === false) continue;
    if (keyword === 'const') result.enum = [value];
    else if (namedSchemaKeywords.has(keyword) && value !== null && typeof value === 'object')
      result[keyword] = Object.fromEntries(
        Object.entries(value).map(([name, schema]) => [name, forWriting(schema)]),
      );
    else if (schemaKeywords.has(keyword)) result[keyword] = forWriting(value);
    else result[keyword] = value;
  }
  return result;
}

const isNullType = (schema: unknown) =>
  schema !== null &&
  typeof schema === 'object' &&
  Object.keys(schema).length === 1 &&
  (schema as JsonSchema).type === 'null';

/**
 * `{anyOf: [X, {type: 'null'}]}` (either order) as X with `null` among its types (and its
 * values, when X lists them), for an X of one named type; undefined for any other node.
 */
function asNullable(node: JsonSchema): JsonSchema | undefined {
  const { anyOf, ...rest } = node;
  if (!Array.isArray(anyOf) || anyOf.length !== 2) return undefined;
  const other = isNullType(anyOf[0]) ? anyOf[1] : isNullType(anyOf[1]) ? anyOf[0] : undefined;
  if (other === null || typeof other !== 'object') return undefined;
  const branch = other as JsonSchema;
  if (typeof branch.type !== 'string' || branch.type === 'null' || 'anyOf' in branch)
    return undefined;
  // Keys of both (a description beside the anyOf) would clash only on a schema keyword.
  if (Object.keys(rest).some((key) => key in branch)) return undefined;
  const merged: JsonSchema = { ...rest, ...branch, type: [branch.type, 'null'] };
  if (Array.isArray(branch.enum)) merged.enum = [...(branch.enum as unknown[]), null];
  if ('const' in branch) {
    delete merged.const;
    merged.enum = [branch.const, null];
  }
  return merged;
}

/** What a route declares: a zod schema, or one under `properties` (fastify-type-provider-zod). */
function zodSchemaOf(declared: unknown): z.core.$ZodType {
  if (declared instanceof z.core.$ZodType) return declared;
  const properties = (declared as { properties?: unknown } | null)?.properties;
  if (properties instanceof z.core.$ZodType) return properties;
  throw new InvalidSchemaError(JSON.stringify(declared));
}

/**
 * Where two JSON values first differ, as a path ('relations.3[0].publication_name'), or
 * undefined when they are equal. Objects compare without regard to the order of their keys:
 * fast-json-stringify writes an object's required fields before its optional ones.
 */
export function firstDifference(left: unknown, right: unknown, path = ''): string | undefined {
  if (Object.is(left, right)) return undefined;
  const isObject = (value: unknown): value is Record<string, unknown> =>
    value !== null && typeof value === 'object';
  if (!isObject(left) || !isObject(right) || Array.isArray(left) !== Array.isArray(right))
    return path || '(the whole reply)';
  const keys = new Set([...Object.keys(left), ...Object.keys(right)]);
  for (const key of keys) {
    const inner = Array.isArray(left) ? `${path}[${key}]` : path ? `${path}.${key}` : key;
    const difference = firstDifference(left[key], right[key], inner);
    if (difference !== undefined) return difference;
  }
  return undefined;
}

/** The compiled writer and zod disagree about a reply: the writer needs a fix for this shape. */
export class ReplyMismatchError extends Error {
  constructor(method: string, url: string, difference: string) {
    super(
      `The reply of ${method} ${url} was written differently from its schema's encoding, ` +
        `at ${difference}`,
    );
    this.name = 'ReplyMismatchError';
  }
}
