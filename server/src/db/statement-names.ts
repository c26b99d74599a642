// Which query texts are prepared, and under what name: one rule for both engines, node-postgres'
// connections (named-statements.ts) and PGlite (pglite-statements.ts), kept apart from either
// driver so that a process loads only the engine it opens (db/client.ts). Why the rule is what it
// is: named-statements.ts.
import { createHash } from 'node:crypto';

export const maxNamedTexts = 500;

const namesByText = new Map<string, string>();

/** The statement name for a query's text, or undefined when it is not to be prepared. */
export function statementNameFor(text: string, hasValues: boolean): string | undefined {
  if (!hasValues) return undefined;
  const known = namesByText.get(text);
  if (known !== undefined || namesByText.size >= maxNamedTexts) return known;
  const name = `recuse_${createHash('sha1').update(text).digest('base64url')}`;
  namesByText.set(text, name);
  return name;
}
