// Reading a pasted committee list (docs/conflicts.md, "Checking a committee"): each line is one
// person as a PC page or a spreadsheet writes them, and names compare by a key. Pure.
//
// - An address anywhere on the line ('Ada Lovelace <ada@example.org>', 'ada@example.org') is read
//   lower-cased; the rest of the line is the name.
// - From the name go what follows a tab, ' - ', ' – ', ' | ' or ';' (an affiliation column), and
//   anything in parentheses or brackets ('Ada Lovelace (ETH Zurich)').
// - 'Lovelace, Ada' is read both as 'Ada Lovelace' and as 'Lovelace' followed by an affiliation
//   ('Ada Lovelace, ETH Zurich' is read 'Ada Lovelace'): the caller tries the swapped reading
//   first.
// - Names compare ignoring case, accents, punctuation and spacing, and a DBLP homonym number
//   ('Di Xu 0001'); initials are never expanded: 'A. Lovelace' is not 'Ada Lovelace'.

export interface CommitteeLine {
  /** 1-based, counting blank lines. */
  line: number;
  text: string;
  email: string | null;
  /** The names to try, in order (at most two). */
  names: string[];
}

const emailPattern = /[^\s<>()[\],;"':]+@[^\s<>()[\],;"':]+\.[^\s<>()[\],;"':]+/;

function tidy(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** The lines worth reading: not blank, not a '#' comment. */
export function readCommitteeLines(text: string): CommitteeLine[] {
  const lines: CommitteeLine[] = [];
  text.split(/\r\n|\r|\n/).forEach((raw, index) => {
    const trimmed = raw.trim();
    if (trimmed === '' || trimmed.startsWith('#')) return;
    const found = emailPattern.exec(trimmed);
    const email = found ? found[0].replace(/\.$/, '').toLowerCase() : null;
    let rest = found ? trimmed.replace(found[0], ' ') : trimmed;
    rest = rest.replace(/<\s*>/g, ' ');
    rest = rest.split(/\t|\s[-–—|]\s|;/)[0] ?? '';
    rest = rest.replace(/\([^)]*\)?|\[[^\]]*\]?/g, ' ');
    rest = rest.replace(/(mailto:|[<>"])/gi, ' ');
    const name = tidy(rest).replace(/[,\s]+$/, '');
    const names: string[] = [];
    const comma = name.indexOf(',');
    if (comma > 0) {
      const before = tidy(name.slice(0, comma));
      const after = tidy(name.slice(comma + 1).split(',')[0] ?? '');
      if (after !== '') names.push(`${after} ${before}`);
      names.push(before);
    } else if (name !== '') {
      names.push(name);
    }
    lines.push({ line: index + 1, text: trimmed, email, names });
  });
  return lines;
}

/** The key two names compare by: 'José  García-Núñez' and 'jose garcia nunez' are one. */
export function personNameKey(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/ß/g, 'ss')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()
    .replace(/\s\d{4}$/, '');
}
