// Text that cannot be stored or is not text at all: a NUL character (PostgreSQL refuses it in
// text and jsonb) or a lone UTF-16 surrogate (not a Unicode character; it cannot be encoded
// as UTF-8). The server refuses such text in every field at once, before any schema runs
// (docs/security.md section 4); forms may use the same test.

// eslint-disable-next-line no-control-regex -- the NUL is what this looks for
const unstorable = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export function isStorableText(text: string): boolean {
  return !unstorable.test(text);
}

/** How deep a request's values are searched; deeper values are refused by the schemas anyway. */
const maxDepth = 64;

/**
 * The top-level field of every value (keys included) that holds unstorable text, searching
 * nested objects and arrays, and JSON that a form field carries as a string (a list of rows,
 * rules) once parsed, where an escaped NUL (\u0000) becomes a real one.
 */
export function fieldsWithUnstorableText(data: unknown): string[] {
  const fields = new Set<string>();
  const search = (value: unknown, field: string, depth: number): void => {
    if (depth > maxDepth || fields.has(field)) return;
    if (typeof value === 'string') {
      if (!isStorableText(value)) fields.add(field);
      else if (/^\s*[[{]/.test(value) && value.includes('\\u')) {
        search(parseJson(value), field, depth + 1);
      }
      return;
    }
    if (Array.isArray(value)) {
      for (const item of value) search(item, field, depth + 1);
      return;
    }
    if (value !== null && typeof value === 'object') {
      for (const [key, item] of Object.entries(value)) {
        search(key, field, depth + 1);
        search(item, field, depth + 1);
      }
    }
  };
  if (Array.isArray(data)) search(data, 'form', 0);
  else if (data !== null && typeof data === 'object') {
    for (const [key, value] of Object.entries(data)) {
      const field = isStorableText(key) ? key : 'form';
      if (field === 'form') fields.add('form');
      search(value, field, 0);
    }
  } else search(data, 'form', 0);
  return [...fields];
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
