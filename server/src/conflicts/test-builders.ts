// Small builders for the conflict engine's unit tests: plain facts with sensible defaults,
// so each table row states only what it is about.
import type { ConflictRule } from '@recuse/common';
import { defaultConflictRules, institutionKey } from '@recuse/common';
import type { YearMonth } from './dates.ts';
import type {
  AffiliationFact,
  ConflictFindings,
  InstitutionFact,
  PartyFact,
  PersonRef,
  RelationFact,
} from './types.ts';

export const user: PersonRef = { id: 1, name: 'Ada User', affiliation: 'Example University' };
export const reference = { year: 2024, month: 6 };

export function on(year: number, month: number | null = null): YearMonth {
  return { year, month };
}

export function party(id: number, name: string, status = 1, extra: Partial<PartyFact> = {}) {
  return { id, name, status, ...extra };
}

export function relation(
  fact: Pick<RelationFact, 'id' | 'typeId'> & Partial<RelationFact>,
): RelationFact {
  return {
    title: null,
    start: null,
    end: null,
    status: 1,
    creator: user,
    parties: [],
    ...fact,
  };
}

/** An institution keyed as storing it keys it: its name's and `aliases`' institutionKey. */
export function institution(
  id: number,
  name: string,
  { aliases = [], ...extra }: Partial<InstitutionFact> & { aliases?: readonly string[] } = {},
): InstitutionFact {
  return {
    id,
    name,
    nameKey: institutionKey(name),
    aliasKeys: aliases.map(institutionKey),
    mergedIntoId: null,
    isApproved: true,
    ...extra,
  };
}

export function affiliation(
  fact: Pick<AffiliationFact, 'id' | 'person' | 'institutionId'> & Partial<AffiliationFact>,
): AffiliationFact {
  return {
    positionLabel: 'Professor',
    isIntern: false,
    start: null,
    end: null,
    isCurrent: false,
    ...fact,
  };
}

export function defaultRule(value: string): ConflictRule {
  const rule = defaultConflictRules.find((candidate) => candidate.value === value);
  if (!rule) throw new Error(`no default rule ${value}`);
  return rule;
}

/**
 * Findings as short lines that a table row can state exactly:
 * 'Bob (provisional): coauthor-4y#101/3' — rule, relation id (or `a` + affiliation id), status.
 */
export function summarize(findings: ConflictFindings): {
  people: string[];
  institutions: string[];
} {
  const evidence = (reason: {
    ruleValue: string;
    relationId: number | null;
    affiliationId: number | null;
    status: number;
    isIntern: boolean;
  }) =>
    `${reason.ruleValue}#${reason.relationId ?? `a${reason.affiliationId}`}/${reason.status}` +
    (reason.isIntern ? '/intern' : '');
  const line = (entry: {
    name: string;
    isProvisional: boolean;
    reasons: Parameters<typeof evidence>[0][];
  }) =>
    `${entry.name}${entry.isProvisional ? ' (provisional)' : ''}: ` +
    entry.reasons.map(evidence).join(', ');
  return { people: findings.people.map(line), institutions: findings.institutions.map(line) };
}
