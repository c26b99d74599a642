import { defaultConflictRules } from '@recuse/common';
import type { ConflictRule } from '@recuse/common';
import { describe, expect, it } from 'vitest';
import { findConflicts } from './engine.ts';
import {
  affiliation,
  defaultRule,
  institution,
  on,
  party,
  reference,
  relation,
  summarize,
  user,
} from './test-builders.ts';
import type { AffiliationFact, InstitutionFact, RelationFact } from './types.ts';

const bob = { id: 2, name: 'Bob Builder' };
const carol = { id: 3, name: 'Carol Chen' };

const startChecked2y: ConflictRule = {
  ...defaultRule('collaboration-4y'),
  value: 'collaboration-start-2y',
  checkedDate: 'start',
  numberOfYears: 2,
};

const mit = institution(10, 'Massachusetts Institute of Technology', { aliases: ['MIT'] });
const mitShort = institution(11, 'MIT');
const mitOld = institution(12, 'MIT Lincoln Lab (old record)', { mergedIntoId: 10 });
const google = institution(20, 'Google');
const pendingInstitute = institution(30, 'New Institute', { isApproved: false });
const institutions = [mit, mitShort, mitOld, google, pendingInstitute];
const userAtMit = affiliation({
  id: 1,
  person: user,
  institutionId: 10,
  start: on(2018, 9),
  isCurrent: true,
});

interface Row {
  name: string;
  relations?: RelationFact[];
  affiliations?: AffiliationFact[];
  institutions?: InstitutionFact[];
  rules?: readonly ConflictRule[];
  people: string[];
  institutionLines?: string[];
}

const rows: Row[] = [
  {
    name: 'a paper exactly 4 years before the reference date is in',
    relations: [relation({ id: 101, typeId: 3, end: on(2020, 6), parties: [party(2, bob.name)] })],
    people: ['Bob Builder: coauthor-4y#101/1'],
  },
  {
    name: 'a paper one month over 4 years is out',
    relations: [relation({ id: 102, typeId: 3, end: on(2020, 5), parties: [party(2, bob.name)] })],
    people: [],
  },
  {
    name: 'a year-only end date counts as December of that year (2020 is in)',
    relations: [relation({ id: 103, typeId: 3, end: on(2020), parties: [party(2, bob.name)] })],
    people: ['Bob Builder: coauthor-4y#103/1'],
  },
  {
    name: 'a year-only end date of 2019 (December 2019, 54 months) is out',
    relations: [relation({ id: 104, typeId: 3, end: on(2019), parties: [party(2, bob.name)] })],
    people: [],
  },
  {
    name: 'an ongoing collaboration (no end date) is measured at the reference date',
    relations: [
      relation({ id: 105, typeId: 2, start: on(2001, 1), parties: [party(2, bob.name)] }),
    ],
    people: ['Bob Builder: collaboration-4y#105/1'],
  },
  {
    name: 'a relation dated after the reference date is in',
    relations: [relation({ id: 106, typeId: 3, end: on(2025, 2), parties: [party(2, bob.name)] })],
    people: ['Bob Builder: coauthor-4y#106/1'],
  },
  {
    name: 'a disputed relation is a provisional conflict',
    relations: [relation({ id: 107, typeId: 3, end: on(2023), parties: [party(2, bob.name, 4)] })],
    people: ['Bob Builder (provisional): coauthor-4y#107/4'],
  },
  {
    name: 'a pending relation is a provisional conflict',
    relations: [relation({ id: 108, typeId: 3, end: on(2023), parties: [party(2, bob.name, 3)] })],
    people: ['Bob Builder (provisional): coauthor-4y#108/3'],
  },
  {
    name: 'an inactive party and a party set for deletion are ignored',
    relations: [
      relation({
        id: 109,
        typeId: 3,
        end: on(2023),
        parties: [party(2, bob.name, 0), party(3, carol.name, 2)],
      }),
    ],
    people: [],
  },
  {
    name: 'a relation retired as a whole (inactive) is ignored',
    relations: [
      relation({ id: 110, typeId: 3, end: on(2023), status: 0, parties: [party(2, bob.name)] }),
    ],
    people: [],
  },
  {
    name: 'a deleted co-author is ignored',
    relations: [
      relation({
        id: 111,
        typeId: 3,
        end: on(2023),
        parties: [party(2, bob.name, 1, { isDeleted: true }), party(3, carol.name)],
      }),
    ],
    people: ['Carol Chen: coauthor-4y#111/1'],
  },
  {
    name: 'a party of a paper conflicts with its creator and every other party',
    relations: [
      relation({
        id: 112,
        typeId: 3,
        end: on(2023),
        creator: bob,
        parties: [party(1, user.name), party(3, carol.name, 3)],
      }),
    ],
    people: ['Bob Builder: coauthor-4y#112/1', 'Carol Chen (provisional): coauthor-4y#112/3'],
  },
  {
    name: 'a user who disputes being on a paper has only provisional conflicts through it',
    relations: [
      relation({
        id: 113,
        typeId: 6,
        end: on(2023),
        creator: bob,
        parties: [party(1, user.name, 4), party(3, carol.name)],
      }),
    ],
    people: [
      'Bob Builder (provisional): award-4y#113/4',
      'Carol Chen (provisional): award-4y#113/4',
    ],
  },
  {
    name: 'a party of a person relation conflicts with its creator only',
    relations: [
      relation({
        id: 114,
        typeId: 4,
        end: on(2022),
        creator: bob,
        parties: [party(1, user.name), party(3, carol.name)],
      }),
    ],
    people: ['Bob Builder: employment-4y#114/1'],
  },
  {
    name: 'ALWAYS rules: an advisor from 1995 and a personal relationship count forever',
    relations: [
      relation({
        id: 115,
        typeId: 1,
        start: on(1990),
        end: on(1995),
        parties: [party(2, bob.name)],
      }),
      relation({
        id: 116,
        typeId: 5,
        start: on(1980),
        end: on(1981),
        parties: [party(3, carol.name)],
      }),
    ],
    people: ['Bob Builder: advisor-always#115/1', 'Carol Chen: personal-always#116/1'],
  },
  {
    name: 'a rule not selected gives no conflict',
    relations: [relation({ id: 117, typeId: 2, end: on(2023), parties: [party(2, bob.name)] })],
    rules: defaultConflictRules.filter((rule) => rule.relationTypeId !== 2),
    people: [],
  },
  {
    name: 'a start-date rule measures the start: an ongoing collaboration begun in 2015 is out',
    relations: [
      relation({ id: 118, typeId: 2, start: on(2015, 1), parties: [party(2, bob.name)] }),
    ],
    rules: [startChecked2y],
    people: [],
  },
  {
    name: 'a start-date rule: a collaboration begun in June 2022 is in',
    relations: [
      relation({
        id: 119,
        typeId: 2,
        start: on(2022, 6),
        end: on(2023),
        parties: [party(2, bob.name)],
      }),
    ],
    rules: [startChecked2y],
    people: ['Bob Builder: collaboration-start-2y#119/1'],
  },
  {
    name: 'a validated and a provisional reason make a firm conflict listing both',
    relations: [
      relation({ id: 120, typeId: 3, end: on(2021), parties: [party(2, bob.name, 3)] }),
      relation({ id: 121, typeId: 3, end: on(2022), parties: [party(2, bob.name)] }),
    ],
    people: ['Bob Builder: coauthor-4y#121/1, coauthor-4y#120/3'],
  },
  {
    name: 'type 8 within 6 months of the application date (end date, WITHIN_X_MONTHS) is in',
    relations: [
      relation({ id: 122, typeId: 8, start: on(2023, 9), end: on(2023, 12), institutionId: 20 }),
    ],
    people: [],
    institutionLines: ['Google: pending-application-6m#122/1'],
  },
  {
    name: 'type 8 seven months after the application date is out',
    relations: [
      relation({ id: 123, typeId: 8, start: on(2023, 9), end: on(2023, 11), institutionId: 20 }),
    ],
    people: [],
    institutionLines: [],
  },
  {
    name: 'type 8 with an institution awaiting approval is provisional',
    relations: [relation({ id: 124, typeId: 8, start: on(2024, 3), institutionId: 30 })],
    people: [],
    institutionLines: ['New Institute (provisional): pending-application-6m#124/3'],
  },
  {
    name: 'an institution alias is the same institution',
    affiliations: [
      userAtMit,
      affiliation({ id: 2, person: bob, institutionId: 11, start: on(2020, 1), isCurrent: true }),
    ],
    people: ['Bob Builder: institutional-2y#a2/1'],
    institutionLines: ['Massachusetts Institute of Technology: institutional-2y#a1/1'],
  },
  {
    name: 'a merged institution is the same institution',
    affiliations: [
      userAtMit,
      affiliation({ id: 3, person: carol, institutionId: 12, start: on(2010), end: on(2023, 1) }),
    ],
    people: ['Carol Chen: institutional-2y#a3/1'],
    institutionLines: ['Massachusetts Institute of Technology: institutional-2y#a1/1'],
  },
  {
    name: 'an overlap that ended more than 2 years before the reference date is out',
    affiliations: [
      userAtMit,
      affiliation({ id: 4, person: bob, institutionId: 10, start: on(2010), end: on(2019, 1) }),
    ],
    people: [],
    institutionLines: ['Massachusetts Institute of Technology: institutional-2y#a1/1'],
  },
  {
    name: 'affiliations that never overlapped give no conflict',
    affiliations: [
      affiliation({ id: 5, person: user, institutionId: 20, start: on(2023, 1), end: on(2023, 6) }),
      affiliation({ id: 6, person: bob, institutionId: 20, start: on(2023, 7), isCurrent: true }),
    ],
    people: [],
    institutionLines: ['Google: institutional-2y#a5/1'],
  },
  {
    name: 'an intern position counts and is marked as intern',
    affiliations: [
      affiliation({
        id: 7,
        person: user,
        institutionId: 20,
        positionLabel: 'Intern',
        isIntern: true,
        start: on(2023, 6),
        end: on(2023, 9),
      }),
      affiliation({ id: 8, person: bob, institutionId: 20, start: on(2015), isCurrent: true }),
      affiliation({
        id: 9,
        person: { ...carol, isDeleted: true },
        institutionId: 20,
        isCurrent: true,
      }),
    ],
    people: ['Bob Builder: institutional-2y#a8/1/intern'],
    institutionLines: ['Google: institutional-2y#a7/1/intern'],
  },
  {
    name: 'an institution awaiting approval gives provisional institutional conflicts',
    affiliations: [
      affiliation({ id: 10, person: user, institutionId: 30, start: on(2022), isCurrent: true }),
      affiliation({ id: 11, person: bob, institutionId: 30, start: on(2022), isCurrent: true }),
    ],
    people: ['Bob Builder (provisional): institutional-2y#a11/3'],
    institutionLines: ['New Institute (provisional): institutional-2y#a10/3'],
  },
  {
    name: 'without the institutional rule, affiliations give nothing',
    affiliations: [
      userAtMit,
      affiliation({ id: 2, person: bob, institutionId: 10, start: on(2020), isCurrent: true }),
    ],
    rules: defaultConflictRules.filter((rule) => rule.relationTypeId !== 0),
    people: [],
    institutionLines: [],
  },
];

describe('findConflicts, one row per rule kind and edge (R = June 2024)', () => {
  it.each(rows)('$name', (row) => {
    const findings = findConflicts({
      userId: user.id,
      referenceDate: reference,
      rules: row.rules ?? defaultConflictRules,
      relations: row.relations ?? [],
      affiliations: row.affiliations ?? [],
      institutions: row.institutions ?? institutions,
    });
    const summary = summarize(findings);
    expect(summary.people).toEqual(row.people);
    expect(summary.institutions).toEqual(row.institutionLines ?? []);
  });
});

describe('findConflicts evidence', () => {
  it('carries the rule, relation type, title, dates and status of each reason', () => {
    const findings = findConflicts({
      userId: user.id,
      referenceDate: reference,
      rules: defaultConflictRules,
      relations: [
        relation({
          id: 201,
          typeId: 3,
          title: 'Conflicts considered harmful',
          end: on(2022, 3),
          parties: [party(2, bob.name, 3, { affiliation: 'ETH Zurich' })],
        }),
      ],
    });
    expect(findings.people).toEqual([
      {
        id: 2,
        name: 'Bob Builder',
        affiliation: 'ETH Zurich',
        isProvisional: true,
        reasons: [
          {
            ruleValue: 'coauthor-4y',
            ruleTitle: 'Co-authored publication within 4 years',
            relationId: 201,
            affiliationId: null,
            relationTypeId: 3,
            relationTypeName: 'Co-authored publication',
            title: 'Conflicts considered harmful',
            startYear: null,
            startMonth: null,
            endYear: 2022,
            endMonth: 3,
            status: 3,
            isProvisional: true,
            isIntern: false,
          },
        ],
      },
    ]);
    expect(findings.institutions).toEqual([]);
  });

  it('gives an institutional reason the overlap dates and the canonical institution name', () => {
    const findings = findConflicts({
      userId: user.id,
      referenceDate: reference,
      rules: defaultConflictRules,
      relations: [],
      affiliations: [
        userAtMit,
        affiliation({ id: 2, person: bob, institutionId: 11, start: on(2016), end: on(2023, 4) }),
      ],
      institutions,
    });
    expect(findings.people[0]).toMatchObject({
      name: 'Bob Builder',
      affiliation: 'Massachusetts Institute of Technology',
      reasons: [
        {
          relationTypeId: 0,
          relationTypeName: 'Institutional',
          title: 'Massachusetts Institute of Technology',
          startYear: 2018,
          startMonth: 9,
          endYear: 2023,
          endMonth: 4,
        },
      ],
    });
    expect(findings.institutions).toEqual([
      {
        id: 10,
        name: 'Massachusetts Institute of Technology',
        isProvisional: false,
        reasons: [
          {
            ruleValue: 'institutional-2y',
            ruleTitle: 'Institutional within 2 years',
            relationId: null,
            affiliationId: 1,
            relationTypeId: 0,
            relationTypeName: 'Institutional',
            positionLabel: 'Professor',
            isIntern: false,
            startYear: 2018,
            startMonth: 9,
            endYear: null,
            endMonth: null,
            status: 1,
            isProvisional: false,
          },
        ],
      },
    ]);
  });

  it('lists each person once, sorted by name, with reasons firm first then most recent', () => {
    const dave = { id: 4, name: 'Dave Adams' };
    const findings = findConflicts({
      userId: user.id,
      referenceDate: reference,
      rules: defaultConflictRules,
      relations: [
        relation({
          id: 301,
          typeId: 3,
          end: on(2021),
          parties: [party(3, carol.name), party(4, dave.name)],
        }),
        relation({ id: 302, typeId: 3, end: on(2023), parties: [party(3, carol.name)] }),
        relation({ id: 303, typeId: 2, start: on(2020), parties: [party(3, carol.name)] }),
        relation({ id: 304, typeId: 3, end: on(2024), parties: [party(3, carol.name, 3)] }),
      ],
    });
    expect(summarize(findings).people).toEqual([
      'Carol Chen: collaboration-4y#303/1, coauthor-4y#302/1, coauthor-4y#301/1, coauthor-4y#304/3',
      'Dave Adams: coauthor-4y#301/1',
    ]);
  });

  it('gives a person named twice on one relation one reason, at the firmer status', () => {
    const findings = findConflicts({
      userId: user.id,
      referenceDate: reference,
      rules: defaultConflictRules,
      relations: [
        relation({
          id: 501,
          typeId: 3,
          end: on(2023),
          creator: bob,
          parties: [party(1, user.name), party(2, bob.name, 3)],
        }),
      ],
    });
    expect(summarize(findings).people).toEqual(['Bob Builder: coauthor-4y#501/1']);
  });

  it('ignores relations the user is not on, and never lists the user', () => {
    const findings = findConflicts({
      userId: user.id,
      referenceDate: reference,
      rules: defaultConflictRules,
      relations: [
        relation({
          id: 401,
          typeId: 3,
          end: on(2023),
          creator: bob,
          parties: [party(3, carol.name)],
        }),
        relation({ id: 402, typeId: 3, end: on(2023), parties: [party(1, user.name)] }),
      ],
    });
    expect(findings.people).toEqual([]);
  });

  it('stays linear for a prolific author: 3,000 papers with 2,000 distinct co-authors', () => {
    const relations = Array.from({ length: 3000 }, (_, index) =>
      relation({
        id: index + 1,
        typeId: 3,
        end: on(2018 + (index % 7), (index % 12) + 1),
        parties: Array.from({ length: 5 }, (__, slot) => {
          const id = 100 + ((index * 5 + slot) % 2000);
          return party(id, `Author ${String(id).padStart(4, '0')}`);
        }),
      }),
    );
    const findings = findConflicts({
      userId: user.id,
      referenceDate: reference,
      rules: defaultConflictRules,
      relations,
    });
    // Papers of 2018 and 2019 (and January to May 2020) fall outside the window.
    const inWindow = relations.filter(
      (fact) => (fact.end?.year ?? 0) * 12 + (fact.end?.month ?? 0) >= 2020 * 12 + 6,
    );
    const expected = new Set(inWindow.flatMap((fact) => fact.parties.map((entry) => entry.id)));
    expect(findings.people.map((person) => person.id).sort((a, b) => a - b)).toEqual(
      [...expected].sort((a, b) => a - b),
    );
    expect(findings.people[0]?.name).toBe('Author 0100');
    expect(findings.people.reduce((sum, person) => sum + person.reasons.length, 0)).toBe(
      inWindow.length * 5,
    );
  });
});
