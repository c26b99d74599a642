// The profile rules of docs/product.md, "Validation rules and limits", one row per rule and
// message: each row breaks one rule of an otherwise valid profile form and names where the message
// appears and what it says.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { messages } from '../messages.ts';
import { linkAccountSchema, profileSaveSchema } from './profile.ts';

// The current month is June 2026 in every row (the latest allowed affiliation month).
beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date('2026-06-15T12:00:00Z'));
});
afterEach(() => vi.useRealTimers());

type Row = Record<string, unknown>;

const validRow: Row = {
  institutionId: 4,
  positionId: 1,
  startDate: '2021-09',
  endDate: '',
  current: 1,
};

const validForm = {
  FName: 'Frances',
  SName: 'Allen',
  oName1: '',
  oName2: '',
  Email: 'fran@example.org',
  secEmail: '',
  dblp_url: '',
  source_type: '3',
};

function formWith(rows: Row[] | string | undefined, changes: Record<string, unknown> = {}) {
  const input: Record<string, unknown> = {
    ...validForm,
    institutionDetails:
      typeof rows === 'string' || rows === undefined ? rows : JSON.stringify(rows),
    ...changes,
  };
  for (const [key, value] of Object.entries(changes)) if (value === undefined) delete input[key];
  return input;
}

/** Messages by the full path of the issue ('institutionDetails.0.startDate'). */
function issuesOf(input: Record<string, unknown>) {
  const result = profileSaveSchema.safeParse(input);
  const issues: Record<string, string[]> = {};
  for (const issue of result.error?.issues ?? []) {
    (issues[issue.path.join('.') || 'form'] ??= []).push(issue.message);
  }
  return issues;
}

const fieldRows: Array<readonly [string, Record<string, unknown>, string, string]> = [
  ['requires the first name', { FName: '' }, 'FName', messages.firstNameRequired],
  ['refuses a first name of blanks', { FName: '   ' }, 'FName', messages.firstNameRequired],
  ['requires the last name', { SName: undefined }, 'SName', messages.lastNameRequired],
  ['requires the primary email', { Email: '' }, 'Email', messages.emailRequired],
  ['refuses a primary email without a domain', { Email: 'fran@x' }, 'Email', messages.emailInvalid],
  [
    'refuses a secondary email that is not one',
    { secEmail: 'fran' },
    'secEmail',
    messages.secondaryEmailInvalid,
  ],
  [
    'refuses a secondary email equal to the primary, in any letter case',
    { secEmail: 'FRAN@example.org' },
    'secEmail',
    messages.secondaryEmailSameAsPrimary,
  ],
  [
    'refuses a URL that is not a DBLP person page',
    { dblp_url: 'https://dblp.org/search?q=allen' },
    'dblp_url',
    messages.dblpUrlInvalid,
  ],
  [
    'refuses other names over 100 characters',
    { oName1: 'o'.repeat(101) },
    'oName1',
    'At most 100 characters.',
  ],
];

const listRows: Array<readonly [string, Row[] | string | undefined, string, string[]]> = [
  ['requires at least one affiliation', [], 'institutionDetails', [messages.atLeastOneAffiliation]],
  [
    'reads missing institutionDetails as no affiliation',
    undefined,
    'institutionDetails',
    [messages.atLeastOneAffiliation],
  ],
  [
    'refuses JSON it cannot read',
    '[{"institutionId":',
    'institutionDetails',
    [messages.affiliationsMalformed],
  ],
  [
    'refuses JSON that is not a list',
    '{"0": {}}',
    'institutionDetails',
    [messages.affiliationsMalformed],
  ],
  [
    'refuses more than 50 affiliations',
    Array.from({ length: 51 }, () => validRow),
    'institutionDetails',
    [messages.maxAffiliations],
  ],
];

const affiliationRows: Array<readonly [string, Row, string, string]> = [
  [
    'requires an institution, picked or typed',
    { institutionId: '', institutionName: ' ' },
    'institutionName',
    messages.affiliationFieldsRequired,
  ],
  ['requires a position', { positionId: null }, 'positionId', messages.affiliationFieldsRequired],
  ['requires a start date', { startDate: '' }, 'startDate', messages.affiliationFieldsRequired],
  [
    'requires an end date unless current',
    { current: 0 },
    'endDate',
    messages.affiliationFieldsRequired,
  ],
  [
    'refuses an end date before the start date',
    { current: '0', startDate: '06/2021', endDate: '2021-05' },
    'endDate',
    messages.endBeforeStart,
  ],
  [
    'refuses a start after the current month',
    { startDate: '2026-07' },
    'startDate',
    messages.affiliationDateInFuture,
  ],
  [
    'refuses an end after the current month',
    { current: false, endDate: '2031-01-01' },
    'endDate',
    messages.affiliationDateInFuture,
  ],
  ['refuses a month 13', { startDate: '2021-13' }, 'startDate', messages.affiliationDateInvalid],
  [
    'refuses a day that does not exist',
    { startDate: '2021-04-31' },
    'startDate',
    messages.affiliationDateInvalid,
  ],
  [
    'refuses a year before 1900',
    { startDate: '01/1899' },
    'startDate',
    messages.affiliationDateInvalid,
  ],
  [
    'refuses a date in another format',
    { startDate: '2021/09' },
    'startDate',
    messages.affiliationDateInvalid,
  ],
  [
    'refuses an institution id that is not a number',
    { institutionId: '4a' },
    'institutionId',
    messages.institutionUnknown,
  ],
  [
    'refuses a negative institution id',
    { institutionId: -4 },
    'institutionId',
    messages.institutionUnknown,
  ],
  [
    'refuses an institution id beyond any database id',
    { institutionId: 2_147_483_648 },
    'institutionId',
    messages.institutionUnknown,
  ],
  [
    'refuses a position id that is not a number',
    { positionId: 'faculty' },
    'positionId',
    messages.positionUnknown,
  ],
  [
    'refuses a typed institution name over 200 characters',
    { institutionId: '', institutionName: 'n'.repeat(201) },
    'institutionName',
    'At most 200 characters.',
  ],
  [
    'refuses more than 20 aliases',
    {
      institutionId: '',
      institutionName: 'New Institute',
      aliases: Array.from({ length: 21 }, (_, index) => `Alias ${index}`).join(','),
    },
    'aliases',
    'At most 20 aliases.',
  ],
  [
    'refuses a row field of the wrong type',
    { startDate: 202109 },
    'startDate',
    messages.affiliationsMalformed,
  ],
];

describe('the profile form rules (docs/product.md, "Validation rules and limits")', () => {
  it.each(fieldRows)('%s', (_rule, changes, field, message) => {
    expect(issuesOf(formWith([validRow], changes))).toEqual({ [field]: [message] });
  });

  it.each(listRows)('%s', (_rule, rows, path, list) => {
    expect(issuesOf(formWith(rows))).toEqual({ [path]: list });
  });

  it.each(affiliationRows)('in the second affiliation, %s', (_rule, changes, field, message) => {
    expect(issuesOf(formWith([validRow, { ...validRow, ...changes }]))).toEqual({
      [`institutionDetails.1.${field}`]: [message],
    });
  });

  it('says both that the row is incomplete and that one institution is needed, for a blank row', () => {
    expect(
      issuesOf(formWith([{ institutionId: '', positionId: 1, startDate: '2020-01', current: 1 }])),
    ).toEqual({
      'institutionDetails.0.institutionName': [messages.affiliationFieldsRequired],
      institutionDetails: [messages.atLeastOneAffiliation],
    });
  });
});

describe('a valid profile form', () => {
  it('accepts the current month, and an end equal to the start', () => {
    const rows = [{ ...validRow, startDate: '2026-06', endDate: '06/2026', current: 0 }];
    expect(issuesOf(formWith(rows))).toEqual({});
  });

  it('reads names trimmed, e-mails in lower case, and every date form to the first of its month', () => {
    const parsed = profileSaveSchema.parse(
      formWith(
        [
          { ...validRow, startDate: '2021-09-17' },
          { ...validRow, current: '0', startDate: '3/2019', endDate: '2021-08' },
        ],
        { FName: '  Frances ', Email: ' Fran@Example.ORG ', secEmail: 'F.Allen@Example.net' },
      ),
    );
    expect(parsed).toMatchObject({
      FName: 'Frances',
      Email: 'fran@example.org',
      secEmail: 'f.allen@example.net',
    });
    expect(parsed.institutionDetails).toEqual([
      {
        id: undefined,
        institution: { id: 4 },
        positionId: 1,
        startDate: '2021-09-01',
        endDate: null,
        isCurrent: true,
      },
      {
        id: undefined,
        institution: { id: 4 },
        positionId: 1,
        startDate: '2019-03-01',
        endDate: '2021-08-01',
        isCurrent: false,
      },
    ]);
  });

  it('drops the end date of a current affiliation', () => {
    const parsed = profileSaveSchema.parse(formWith([{ ...validRow, endDate: '2099-01' }]));
    expect(parsed.institutionDetails[0]).toMatchObject({ endDate: null, isCurrent: true });
  });

  it('reads a typed institution with its aliases: trimmed, each once, never the name itself', () => {
    const parsed = profileSaveSchema.parse(
      formWith([
        {
          ...validRow,
          institutionId: '',
          institutionName: '  Max  Planck Institute ',
          aliases: 'MPI, mpi ,, Max-Planck-Institute, MPI-SWS',
        },
      ]),
    );
    expect(parsed.institutionDetails[0]!.institution).toEqual({
      name: 'Max Planck Institute',
      aliases: ['MPI', 'MPI-SWS'],
    });
  });

  it('prefers a picked institution id over a typed name', () => {
    const parsed = profileSaveSchema.parse(
      formWith([{ ...validRow, institutionId: '7', institutionName: 'Typed' }]),
    );
    expect(parsed.institutionDetails[0]!.institution).toEqual({ id: 7 });
  });

  it('ignores the fields the server derives and sends back (names, labels, flags)', () => {
    const echoed = {
      ...validRow,
      id: 12,
      user_id: 3,
      institutionName: 'University of Cambridge',
      source: 'Entry by self',
      position: 0,
      positionLabel: 'Faculty',
      instStatus: 1,
    };
    const parsed = profileSaveSchema.parse(formWith([echoed]));
    expect(parsed.institutionDetails[0]).toMatchObject({ id: 12, institution: { id: 4 } });
  });

  it('accepts the affiliation list itself instead of its JSON text', () => {
    expect(
      profileSaveSchema.safeParse({ ...validForm, institutionDetails: [validRow] }).success,
    ).toBe(true);
  });
});

describe('link account form', () => {
  it.each([
    ['https://dblp.org/pid/95/7448-1', true],
    ['dblp.uni-trier.de/pid/m/AndrewMcCallum.html', true],
    ['', false],
    ['https://dblp.org/db/conf/isca/', false],
  ])('reads %j as a DBLP person URL: %s', (url, isValid) => {
    const result = linkAccountSchema.safeParse({ DBLPUrl: url });
    expect(result.success).toBe(isValid);
    if (!isValid) expect(result.error!.issues[0]!.message).toBe(messages.dblpUrlInvalid);
  });
});
