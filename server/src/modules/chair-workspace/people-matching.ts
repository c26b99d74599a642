// Who an uploaded row is among our people, in plain words:
// - an e-mail address that is someone's primary address, or their confirmed secondary one,
//   is that person (a primary address wins over another person's secondary one); addresses
//   still waiting for their confirmation link identify nobody;
// - else a DBLP pid that is someone's is that person;
// - (ORCID iDs are kept, but our people have none to compare them with yet);
// - a name alone never ties a row to anyone: people of the same name are listed as the row's
//   candidates, and the row is `ambiguous` until the chair settles it;
// - matched or not, a row's affiliation and e-mail domain place it at institutions of the
//   registry (its name or an alias; a domain the institution lists), so an author nobody
//   knows still meets the institutional rule.
// Pure: the repo's look-ups in, one outcome per row out.
import { institutionKey } from '@recuse/common';
import type { KnownPerson, RegistryInstitution } from './chair-workspace.repo.ts';

export interface RowIdentity {
  email: string;
  dblpPid: string | null;
  givenName: string;
  familyName: string;
  affiliation: string;
}

export interface PlacedInstitutionFact {
  id: number;
  name: string;
  matchedBy: 'name' | 'alias' | 'email_domain';
  isApproved: boolean;
}

export interface RowMatch {
  status: 'matched' | 'unmatched' | 'ambiguous';
  /** `pick` only once a chair's pick is applied (applyPick). */
  matchedBy: 'email' | 'dblp' | 'pick' | null;
  userId: number | null;
  candidateIds: number[];
  institutions: PlacedInstitutionFact[];
}

export interface MatchLookups {
  byEmail: readonly KnownPerson[];
  byDblpPid: readonly KnownPerson[];
  /** Ids of the people of each full name (`fullName`). */
  namesakes: ReadonlyMap<string, readonly number[]>;
  institutions: readonly RegistryInstitution[];
}

export function fullName(row: Pick<RowIdentity, 'givenName' | 'familyName'>): string {
  return `${row.givenName} ${row.familyName}`.trim();
}

/**
 * The domain of an address and each parent domain of two labels or more: cs.mit.edu gives
 * cs.mit.edu and mit.edu, so an institution may list its main domain only.
 */
export function emailDomains(email: string): string[] {
  const at = email.lastIndexOf('@');
  if (at < 0) return [];
  const labels = email
    .slice(at + 1)
    .toLowerCase()
    .split('.')
    .filter(Boolean);
  const domains: string[] = [];
  for (let start = 0; start + 2 <= labels.length; start += 1) {
    domains.push(labels.slice(start).join('.'));
  }
  return domains;
}

/** What the repo needs to look up for these rows. */
export function identifiersOf(rows: readonly RowIdentity[]) {
  return {
    emails: rows.flatMap((row) => (row.email ? [row.email] : [])),
    dblpPids: rows.flatMap((row) => (row.dblpPid ? [row.dblpPid] : [])),
    names: rows.map(fullName).filter((name) => name !== ''),
    institutionKeys: rows.map((row) => institutionKey(row.affiliation)).filter(Boolean),
    domains: rows.flatMap((row) => emailDomains(row.email)),
  };
}

export function matchRows(rows: readonly RowIdentity[], lookups: MatchLookups): RowMatch[] {
  const byPrimary = new Map<string, number>();
  const bySecondary = new Map<string, number>();
  for (const person of lookups.byEmail) {
    if (person.email) byPrimary.set(person.email, person.id);
    if (person.secondaryEmail) bySecondary.set(person.secondaryEmail, person.id);
  }
  const byPid = new Map(lookups.byDblpPid.map((person) => [person.dblpPid, person.id]));
  const registry = indexRegistry(lookups.institutions);
  return rows.map((row) => {
    const institutions = placeAtInstitutions(row, registry);
    const byAddress = row.email
      ? (byPrimary.get(row.email) ?? bySecondary.get(row.email))
      : undefined;
    if (byAddress !== undefined) return matched(byAddress, 'email', institutions);
    const byDblp = row.dblpPid ? byPid.get(row.dblpPid) : undefined;
    if (byDblp !== undefined) return matched(byDblp, 'dblp', institutions);
    const candidateIds = [...(lookups.namesakes.get(fullName(row)) ?? [])];
    return {
      status: candidateIds.length > 0 ? 'ambiguous' : 'unmatched',
      matchedBy: null,
      userId: null,
      candidateIds,
      institutions,
    };
  });
}

function matched(
  userId: number,
  matchedBy: 'email' | 'dblp',
  institutions: PlacedInstitutionFact[],
): RowMatch {
  return { status: 'matched', matchedBy, userId, candidateIds: [], institutions };
}

/** Adds `item` to the list `map` holds for `key`. */
export function appendTo<K, V>(map: Map<K, V[]>, key: K, item: V): void {
  const list = map.get(key);
  if (list) list.push(item);
  else map.set(key, [item]);
}

/**
 * The registry's institutions by name key, alias key and e-mail domain, so that placing a row
 * costs a few look-ups rather than a pass over every institution: 20,000 author lines against
 * 300 institutions were 6 million comparisons (docs/benchmarks.md, "The chair's committee ×
 * submissions matrix").
 */
interface RegistryIndex {
  byName: Map<string, RegistryInstitution[]>;
  byAlias: Map<string, RegistryInstitution[]>;
  byDomain: Map<string, RegistryInstitution[]>;
  /** Each institution's place in the look-ups' order, which placements keep. */
  order: Map<number, number>;
}

function indexRegistry(registry: readonly RegistryInstitution[]): RegistryIndex {
  const index: RegistryIndex = {
    byName: new Map(),
    byAlias: new Map(),
    byDomain: new Map(),
    order: new Map(),
  };
  registry.forEach((institution, position) => {
    index.order.set(institution.id, position);
    appendTo(index.byName, institution.nameKey, institution);
    for (const alias of institution.aliasKeys) appendTo(index.byAlias, alias, institution);
    for (const domain of institution.emailDomains) appendTo(index.byDomain, domain, institution);
  });
  return index;
}

/**
 * Where the row's affiliation and address place it: by name first, then alias, then e-mail
 * domain (an institution is named once, by the first of these that holds), in the registry's
 * order.
 */
function placeAtInstitutions(row: RowIdentity, registry: RegistryIndex): PlacedInstitutionFact[] {
  const key = institutionKey(row.affiliation);
  const found = new Map<RegistryInstitution, PlacedInstitutionFact['matchedBy']>();
  const note = (
    list: readonly RegistryInstitution[] | undefined,
    matchedBy: 'name' | 'alias' | 'email_domain',
  ) => {
    for (const institution of list ?? []) {
      if (!found.has(institution)) found.set(institution, matchedBy);
    }
  };
  if (key !== '') {
    note(registry.byName.get(key), 'name');
    note(registry.byAlias.get(key), 'alias');
  }
  for (const domain of emailDomains(row.email)) note(registry.byDomain.get(domain), 'email_domain');
  return [...found]
    .sort(([first], [second]) => registry.order.get(first.id)! - registry.order.get(second.id)!)
    .map(([institution, matchedBy]) => ({
      id: institution.id,
      name: institution.name,
      matchedBy,
      isApproved: institution.isApproved,
    }));
}

/** A chair's pick for a row: the candidate, or none (null), among the candidates offered then. */
export interface ChairPick {
  userId: number | null;
  offeredIds: readonly number[];
}

/**
 * What a chair's pick makes of a row's match (docs/decisions/conflicts.md, "Picking a
 * candidate"), in plain words:
 * - an address or DBLP pid that matches wins: the pick is not used (a row the identifiers settle
 *   was never the chair's to settle);
 * - a picked candidate ties the row to them while they are still among its candidates (a person
 *   deleted or renamed since is not, and the row asks again);
 * - none of the candidates leaves the row unmatched while every candidate is one the chair was
 *   offered: a namesake who turns up later opens the row again.
 * Answers undefined when the pick does not apply (the match stands as it is).
 */
export function applyPick(match: RowMatch, pick: ChairPick | undefined): RowMatch | undefined {
  if (!pick || match.status === 'matched' || match.candidateIds.length === 0) return undefined;
  if (pick.userId !== null) {
    if (!match.candidateIds.includes(pick.userId)) return undefined;
    return { ...match, status: 'matched', matchedBy: 'pick', userId: pick.userId };
  }
  if (!match.candidateIds.every((id) => pick.offeredIds.includes(id))) return undefined;
  return { ...match, status: 'unmatched' };
}

/**
 * What a row is in any upload of its file, for the chair's picks: its address (a member's, or
 * an author's on every paper they are on), else the paper and the name.
 */
export function pickKeyOf(
  row: Pick<RowIdentity, 'email' | 'givenName' | 'familyName'>,
  paper?: number,
) {
  if (row.email !== '') return `email:${row.email.toLowerCase()}`;
  return `paper:${paper ?? 0} name:${institutionKey(fullName(row))}`;
}
