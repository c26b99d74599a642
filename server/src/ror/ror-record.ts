// One record of the Research Organization Registry's data dump (schema v2), read into what an
// institution keeps of it (docs/institutions.md): the display name, every other name as an
// alias, the e-mail domains without public suffixes, the country code and the links.
import { getDomain } from 'tldts';
import { institutionKey } from '@recuse/common';

export const rorLinkTypes = ['parent', 'child', 'related', 'successor', 'predecessor'] as const;
export type RorLinkType = (typeof rorLinkTypes)[number];

export type RorStatus = 'active' | 'inactive' | 'withdrawn';

export interface RorInstitution {
  /** The 9 characters of the id, without https://ror.org/. */
  rorId: string;
  status: RorStatus;
  name: string;
  /** Every other name (aliases, acronyms, labels), each institutionKey once, never the name. */
  aliases: string[];
  /** Domains an e-mail of the institution ends with; public suffixes (edu.cn, ac.uk) dropped. */
  domains: string[];
  /** ISO 3166-1 alpha-2 code of the first location ('' when not given). */
  country: string;
  links: Array<{ type: RorLinkType; rorId: string }>;
}

/** A record that cannot be read; `rorId` when the record had a readable id. */
export class RorRecordError extends Error {
  constructor(
    message: string,
    readonly rorId?: string,
    /** The record is in ROR's older schema v1: the whole file is the wrong one. */
    readonly schemaV1 = false,
  ) {
    super(message);
  }
}

const rorIdPattern = /^(?:https?:\/\/ror\.org\/)?(0[a-z0-9]{6}[0-9]{2})$/;

/** '05a28rw58' from 'https://ror.org/05a28rw58' (or the bare id); undefined when not an id. */
export function parseRorId(text: unknown): string | undefined {
  if (typeof text !== 'string') return undefined;
  return rorIdPattern.exec(text.trim().toLowerCase())?.[1];
}

const domainPattern = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

/**
 * The domains that name one institution: lower case, valid, and not a public suffix. ROR lists
 * some shared suffixes (`edu.cn`, `ac.uk`, `edu`) beside the institution's own domain; an
 * address there says nothing about the institution. Which names are public suffixes comes from
 * the Public Suffix List through tldts: a domain that is no more than a suffix has no
 * registrable domain (`getDomain` answers null).
 */
export function institutionDomains(domains: readonly unknown[]): string[] {
  const kept: string[] = [];
  for (const raw of domains) {
    if (typeof raw !== 'string') continue;
    const domain = raw.trim().toLowerCase().replace(/^@/, '').replace(/\.$/, '');
    if (!domainPattern.test(domain)) continue;
    if (getDomain(domain, { allowPrivateDomains: false }) === null) continue;
    if (!kept.includes(domain)) kept.push(domain);
  }
  return kept;
}

interface RawName {
  value?: unknown;
  types?: unknown;
  lang?: unknown;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function arrayOf(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

/** Reads one record of the v2 dump; throws RorRecordError when it is not one. */
export function readRorRecord(raw: unknown): RorInstitution {
  if (!isObject(raw)) throw new RorRecordError('a record is not a JSON object');
  const rorId = parseRorId(raw.id);
  if (rorId === undefined) {
    throw new RorRecordError(`a record has no ROR id (id: ${JSON.stringify(raw.id) ?? 'none'})`);
  }
  if (!Array.isArray(raw.names)) {
    throw new RorRecordError(
      typeof raw.name === 'string'
        ? 'the record is in ROR schema v1 (a "name", no "names"); use the dump of schema v2'
        : 'the record has no "names"',
      rorId,
      typeof raw.name === 'string',
    );
  }
  const status = raw.status;
  if (status !== 'active' && status !== 'inactive' && status !== 'withdrawn') {
    throw new RorRecordError(`unknown status ${JSON.stringify(status)}`, rorId);
  }

  const names = (raw.names as unknown[]).filter(isObject) as RawName[];
  const value = (name: RawName) => (typeof name.value === 'string' ? name.value.trim() : '');
  const types = (name: RawName) => arrayOf(name.types);
  const display =
    names.find((name) => types(name).includes('ror_display') && value(name) !== '') ??
    names.find((name) => value(name) !== '');
  if (!display) throw new RorRecordError('the record has no name', rorId);
  const name = value(display).replace(/\s+/g, ' ');

  const seen = new Set([institutionKey(name)]);
  const aliases: string[] = [];
  for (const other of names) {
    const alias = value(other).replace(/\s+/g, ' ');
    const key = institutionKey(alias);
    if (key === '' || seen.has(key)) continue;
    seen.add(key);
    aliases.push(alias);
  }

  const [location] = arrayOf(raw.locations);
  const details = isObject(location) ? location.geonames_details : undefined;
  const code = isObject(details) ? details.country_code : undefined;
  const country = typeof code === 'string' && /^[A-Za-z]{2}$/.test(code) ? code.toUpperCase() : '';

  const links: RorInstitution['links'] = [];
  for (const relationship of arrayOf(raw.relationships)) {
    if (!isObject(relationship)) continue;
    const type = String(relationship.type ?? '').toLowerCase() as RorLinkType;
    const target = parseRorId(relationship.id);
    if (!rorLinkTypes.includes(type) || target === undefined || target === rorId) continue;
    if (links.some((link) => link.type === type && link.rorId === target)) continue;
    links.push({ type, rorId: target });
  }

  return {
    rorId,
    status,
    name,
    aliases,
    domains: institutionDomains(arrayOf(raw.domains)),
    country,
    links,
  };
}
