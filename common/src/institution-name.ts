// How institution names compare: 'ETH-Zürich', 'eth zurich' and 'ETH Zurich' are one name.
// Shared by the server (search keys stored with each institution, the conflict engine) and
// the browser (matching what is typed against the list).

/** A name without case, accents, punctuation or repeated spaces. */
export function institutionKey(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/**
 * The aliases typed for a new institution, comma-separated: trimmed, blanks dropped, and each
 * name only once (by `institutionKey`), never the institution's own name.
 */
export function parseAliases(text: string, name = ''): string[] {
  const seen = new Set<string>([institutionKey(name)]);
  const aliases: string[] = [];
  for (const part of text.split(',')) {
    const alias = part.trim().replace(/\s+/g, ' ');
    const key = institutionKey(alias);
    if (key === '' || seen.has(key)) continue;
    seen.add(key);
    aliases.push(alias);
  }
  return aliases;
}
