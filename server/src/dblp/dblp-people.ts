// How a DBLP person and a DBLP publication become our rows. The dump import (bulk) and the
// crawler (one person at a time) both go through these, so a paper imported either way ends
// as the same users, publication and relation.
import { institutionKey } from '@recuse/common';
import type { Person, Publication } from './records.ts';

/** DBLP's homonym suffix: a space and four digits at the end ('Wei Wang 0001'). */
const homonymSuffix = /\s+\d{4}$/;

/** The name without its homonym suffix, as people say it. */
export function nameWithoutHomonym(name: string): string {
  return name.replace(homonymSuffix, '').trim();
}

/**
 * A DBLP name as first and last name for a `dblp_only` person. DBLP writes names in the order
 * people use ('Donald E. Knuth'), so the last word is the family name and the rest the given
 * names; a single-word name is all family name. This is wrong for some cultures, but DBLP keeps
 * no split, and the person fixes it by claiming the profile; search also uses `dblp_name`.
 */
export function splitDblpName(name: string): { firstName: string; lastName: string } {
  const words = nameWithoutHomonym(name).split(/\s+/).filter(Boolean);
  if (words.length === 0) return { firstName: '', lastName: '' };
  const lastName = words.pop()!;
  return { firstName: words.join(' '), lastName };
}

/** An ORCID iD as ORCID writes it: four groups of four, the last a digit or the check letter X. */
const orcidIdPattern = /^\d{4}-\d{4}-\d{4}-\d{3}[\dX]$/;

/** The ORCID iD in ORCID's own spelling ('0000-0003-2993-6681'), or undefined for anything else. */
export function readOrcidId(text: string): string | undefined {
  const id = text.trim().toUpperCase();
  return orcidIdPattern.test(id) ? id : undefined;
}

/**
 * The ORCID iDs a DBLP person record lists: its `url`s on orcid.org, which DBLP writes as
 * 'https://orcid.org/0000-0003-2993-6681'. Every other link (homepages, Wikidata …) is not one.
 */
export function orcidIdsOf(person: Pick<Person, 'urls'>): string[] {
  const ids = person.urls.flatMap((text) => {
    const url = parseUrl(text);
    if (!url || !/^(www\.)?orcid\.org$/i.test(url.hostname)) return [];
    const id = readOrcidId(url.pathname.replace(/^\/+|\/+$/g, ''));
    return id ? [id] : [];
  });
  return [...new Set(ids)];
}

function parseUrl(text: string): URL | undefined {
  try {
    return new URL(text.trim());
  } catch {
    return undefined;
  }
}

/**
 * The paper type of an imported publication: 1 research paper, 2 not a research paper. Informal
 * publications (preprints such as CoRR), front matter of proceedings and books, theses and data
 * sets are not research papers; a withdrawn one is not either.
 */
export function paperTypeOf(publication: Pick<Publication, 'kind' | 'publtype'>): 1 | 2 {
  const publtype = publication.publtype ?? '';
  if (/\b(informal|withdrawn|encyclopedia|edited)\b/.test(publtype)) return 2;
  if (publication.kind === 'article' || publication.kind === 'inproceedings') return 1;
  if (publication.kind === 'incollection' || publication.kind === 'book') return 1;
  return 2;
}

/**
 * The `relations` row of an imported publication (type 3, validated, flagged imported).
 * `creatorUserId` is the first author we know by position; every other distinct author becomes
 * a validated party. A publication with fewer than two distinct known authors gives no relation.
 */
export function importedRelationRow(
  publication: Pick<Publication, 'kind' | 'publtype' | 'title' | 'year'>,
  publicationId: number,
  creatorUserId: number,
) {
  return {
    typeId: 3,
    creatorUserId,
    status: 1,
    endYear: publication.year ?? null,
    title: publication.title,
    titleKey: institutionKey(publication.title),
    publicationId,
    paperType: paperTypeOf(publication),
    source: 'DBLP',
    isDblpImported: true,
  };
}
