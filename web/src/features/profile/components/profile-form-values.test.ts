import { describe, expect, it } from 'vitest';
import { messages, profileSaveSchema } from '@recuse/common';
import {
  collectProfileIssues,
  emptyAffiliation,
  firstDayOfMonth,
  readServerIssues,
  readTypedInstitution,
  toAffiliationRow,
  toValidationInput,
} from './profile-form-values.ts';
import type { ProfileFormValues } from './profile-form-values.ts';

const values = (affiliations: ProfileFormValues['affiliations']): ProfileFormValues => ({
  firstName: 'Ada',
  lastName: 'Lovelace',
  otherName1: '',
  otherName2: '',
  email: 'ada@example.org',
  secondaryEmail: '',
  dblpUrl: '',
  affiliations,
});

describe('profile form values', () => {
  it('names the latest month a date may take by its first day, in local time', () => {
    expect(firstDayOfMonth(new Date(2026, 0, 31, 23, 59))).toBe('2026-01-01');
    expect(firstDayOfMonth(new Date(2026, 10, 1, 0, 0))).toBe('2026-11-01');
  });

  it.each([
    ['Zuse Institute Berlin', { name: 'Zuse Institute Berlin', aliases: [] }],
    [
      '  Zuse   Institute Berlin , ZIB,, zib ,Konrad-Zuse-Zentrum ',
      { name: 'Zuse Institute Berlin', aliases: ['ZIB', 'Konrad-Zuse-Zentrum'] },
    ],
    ['ETH Zurich, ETH Zürich', { name: 'ETH Zurich', aliases: [] }],
  ])('reads %j as a name and aliases', (typed, expected) => {
    expect(readTypedInstitution(typed)).toEqual(expected);
  });

  it('sends a new institution by name with its aliases, and no end date while current', () => {
    expect(
      toAffiliationRow({
        ...emptyAffiliation(),
        institution: { kind: 'new', name: 'Zuse Institute Berlin', aliases: ['ZIB'] },
        positionId: '3',
        startDate: '2022-09-01',
        endDate: '2023-01-01',
        isCurrent: true,
      }),
    ).toEqual({
      institutionName: 'Zuse Institute Berlin',
      aliases: 'ZIB',
      positionId: '3',
      startDate: '2022-09-01',
      endDate: '',
      current: 1,
    });
  });

  it('places the shared schema’s problems on their rows', () => {
    const parsed = profileSaveSchema.safeParse(
      toValidationInput(
        values([
          {
            ...emptyAffiliation(),
            institution: { kind: 'listed', id: 1, name: 'ETH Zurich', isAwaitingApproval: false },
            positionId: '1',
            startDate: '2022-09-01',
            endDate: '2021-01-01',
          },
          emptyAffiliation(),
        ]),
      ),
    );
    expect(parsed.success).toBe(false);
    const issues = collectProfileIssues(parsed.error!.issues);
    expect(issues.rows[0]).toEqual({ endDate: messages.endBeforeStart });
    expect(issues.rows[1]).toEqual({
      institution: messages.affiliationFieldsRequired,
      position: messages.affiliationFieldsRequired,
      startDate: messages.affiliationFieldsRequired,
      endDate: messages.affiliationFieldsRequired,
    });
    expect(issues.affiliationList).toEqual([messages.affiliationFieldsRequired]);
  });

  it('reads the server’s errors, list-wide and per row', () => {
    expect(
      readServerIssues({
        FName: [messages.firstNameRequired],
        institutionDetails: [messages.positionUnknown],
        'institutionDetails.1.startDate': [messages.affiliationDateInFuture],
      }),
    ).toEqual({
      fields: { FName: messages.firstNameRequired },
      affiliationList: [messages.positionUnknown],
      rows: { 1: { startDate: messages.affiliationDateInFuture } },
    });
  });
});
