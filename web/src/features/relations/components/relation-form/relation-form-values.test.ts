import { describe, expect, it } from 'vitest';
import {
  buildRelationSaveSchema,
  messages,
  relationTypeToWire,
  relationTypes,
} from '@recuse/common';
import {
  checkLastNewRow,
  emptyFormValues,
  newCoauthorRow,
  toPickerDate,
  toSaveFields,
  placeIssues,
} from './relation-form-values.ts';
import type { RelationFormValues } from './relation-form-values.ts';

const typeWire = (id: number) => relationTypeToWire(relationTypes.find((type) => type.id === id)!);
const now = new Date('2026-03-15T12:00:00Z');

function values(change: Partial<RelationFormValues>): RelationFormValues {
  return { ...emptyFormValues('Entry by self: Ada Lovelace, ada@example.org'), ...change };
}

describe('toSaveFields', () => {
  it('sends a month only for month-and-year formats, and no end while ongoing', () => {
    const fields = toSaveFields(
      values({
        typeId: 2,
        person: { kind: 'user', id: 4, label: 'Alan Turing' },
        startDate: '2021-04-01',
        endDate: '2023-02-01',
        isOngoing: true,
      }),
      typeWire(2),
    );
    expect(fields).toMatchObject({
      relationType: '2',
      rUserId: '4',
      rUserName: 'Alan Turing',
      dateStartYear: '2021',
      dateStartMonth: '4',
      dateEndYear: '',
      dateEndMonth: '',
      paperType: '1',
    });
  });

  it('sends year-only dates without a month, and paper type 0 for awards', () => {
    const fields = toSaveFields(
      values({ typeId: 6, title: ' Turing Award ', endDate: '2020-01-01', paperType: 2 }),
      typeWire(6),
    );
    expect(fields).toMatchObject({
      publicationName: 'Turing Award',
      dateEndYear: '2020',
      dateEndMonth: '',
      paperType: '0',
    });
    expect(fields).not.toHaveProperty('dateStartYear');
    expect(fields).not.toHaveProperty('rUserId');
  });

  it('leaves blank new co-author rows out, keeps stored ones, and sends typed e-mails as names', () => {
    const fields = toSaveFields(
      values({
        typeId: 3,
        coauthors: [
          { ...newCoauthorRow(), partyId: 11, person: { kind: 'user', id: 4, label: 'Alan' } },
          { ...newCoauthorRow(), person: { kind: 'email', email: 'new@example.org' } },
          newCoauthorRow(),
        ],
      }),
      typeWire(3),
      { relationId: 7, publicationName: 'Old title' },
    );
    expect(fields.GID).toBe('7');
    expect(fields.oldPublicationName).toBe('Old title');
    expect(JSON.parse(fields.coAuthorDetails!)).toEqual([
      { relation_id: '11', coauthor_id: '4', coauthor_name: 'Alan', status: '3' },
      { relation_id: '', coauthor_id: '', coauthor_name: 'new@example.org', status: '3' },
    ]);
  });

  it('sends a listed institution by id and a new one by name', () => {
    const listed = toSaveFields(
      values({
        typeId: 8,
        institution: { kind: 'listed', id: 5, name: 'ETH Zurich', isAwaitingApproval: false },
      }),
      typeWire(8),
    );
    expect(listed).toMatchObject({ rInstitutionId: '5', rInstitutionName: 'ETH Zurich' });
    const proposed = toSaveFields(
      values({ typeId: 8, institution: { kind: 'new', name: 'New Lab', aliases: ['NL'] } }),
      typeWire(8),
    );
    expect(proposed).toMatchObject({ rInstitutionId: '', rInstitutionName: 'New Lab' });
  });
});

describe('the shared save schema, placed on the form', () => {
  const check = (change: Partial<RelationFormValues>, original?: { relationId: number }) => {
    const result = buildRelationSaveSchema(() => now).safeParse(
      toSaveFields(
        values(change),
        change.typeId ? typeWire(change.typeId) : undefined,
        original && { ...original, publicationName: '' },
      ),
    );
    return result.success ? {} : placeIssues(result.error.issues);
  };

  it.each([
    [{}, 'relationType', messages.relationTypeRequired],
    [{ typeId: 1 }, 'rUserId', messages.personRequired],
    [{ typeId: 1 }, 'dateStartYear', 'Please select the Start date'],
    [{ typeId: 4, person: { kind: 'typed', text: 'Bob' } }, 'rUserId', messages.personNotInSystem],
    [{ typeId: 3 }, 'publicationName', messages.publicationTitleRequired],
    [{ typeId: 3 }, 'coAuthorDetails', messages.coauthorsRequired],
    [{ typeId: 7 }, 'publicationName', messages.awardNameRequired],
    [{ typeId: 7 }, 'coAuthorDetails', messages.coawardeesRequired],
    [{ typeId: 8 }, 'rInstitutionId', messages.institutionRequired],
    [{ typeId: 5 }, 'sourceUserUpdateComment', messages.commentRequired],
    [
      { typeId: 2, startDate: '2024-05-01', endDate: '2024-03-01' },
      'dateEndYear',
      messages.endBeforeStart,
    ],
  ] as const)('%o: %s says %s', (change, field, message) => {
    expect(check(change as Partial<RelationFormValues>)[field]).toBe(message);
  });

  it('asks the creator for a change comment, and says a cleared mandatory date is required', () => {
    const issues = check(
      { typeId: 1, person: { kind: 'user', id: 4, label: 'Alan' } },
      {
        relationId: 7,
      },
    );
    expect(issues.sourceUserUpdateComment).toBe(messages.changeCommentRequired);
    expect(issues.dateStartYear).toBe('Start date is a required field.');
  });

  it('refuses a typed co-author that is not an e-mail', () => {
    const issues = check({
      typeId: 3,
      title: 'On Numbers',
      endDate: '2025-01-01',
      coauthors: [{ ...newCoauthorRow(), person: { kind: 'typed', text: 'Bob' } }],
    });
    expect(issues).toEqual({ coAuthorDetails: messages.coauthorEmailRequired });
  });
});

describe('checkLastNewRow', () => {
  it('wants something picked, and typed text to be an e-mail, before another row', () => {
    expect(checkLastNewRow([newCoauthorRow()])).toBe(messages.coauthorNotSelected);
    expect(checkLastNewRow([{ ...newCoauthorRow(), person: { kind: 'typed', text: 'Bob' } }])).toBe(
      messages.coauthorEmailRequired,
    );
    expect(
      checkLastNewRow([
        { ...newCoauthorRow(), person: { kind: 'typed', text: 'bob@example.org' } },
      ]),
    ).toBeUndefined();
    expect(checkLastNewRow([{ ...newCoauthorRow(), partyId: 3, person: null }])).toBeUndefined();
  });
});

describe('toPickerDate', () => {
  it('places a year, or a year and month, on the first of the month', () => {
    expect(toPickerDate(2024, 3)).toBe('2024-03-01');
    expect(toPickerDate(2024, null)).toBe('2024-01-01');
    expect(toPickerDate(null, null)).toBeNull();
  });
});
