// The relation save as the server and the browser read it: fields by type, people, dates.
import { describe, expect, it } from 'vitest';
import { messages, relationDateTooLate } from '../messages.ts';
import { buildRelationSaveSchema } from './relations.ts';

const schema = buildRelationSaveSchema(() => new Date('2026-03-15T12:00:00Z'));
const errorsOf = (form: Record<string, unknown>) => {
  const result = schema.safeParse(form);
  return result.success ? {} : result.error.flatten().fieldErrors;
};

describe('relationSaveSchema', () => {
  it('reads a co-author save: people by id or e-mail, removed rows, dates, paper type', () => {
    const result = schema.parse({
      relationType: '3',
      publicationName: ' A  Title ',
      coAuthorDetails: JSON.stringify([
        { relation_id: 4, coauthor_id: 7, status: 1 },
        { relation_id: '', coauthor_id: '', coauthor_name: 'New@Example.org' },
        { relation_id: 5, coauthor_id: 9, status: 2 },
        { relation_id: '', coauthor_id: 11, status: 2 },
      ]),
      dateEndYear: '2024',
      dateEndMonth: '5',
      paperType: '2',
      communityPaperId: '1',
    });
    expect(result).toMatchObject({
      typeId: 3,
      title: 'A Title',
      coauthors: [
        { partyId: 4, person: { userId: 7 }, isRemoved: false },
        { partyId: undefined, person: { email: 'new@example.org' }, isRemoved: false },
        { partyId: 5, person: { userId: 9 }, isRemoved: true },
      ],
      end: { year: 2024, month: null },
      start: null,
      paperType: 2,
      isCommunityPaper: true,
    });
  });

  it('reads a person save with an e-mail put in the id field by a picker', () => {
    expect(
      schema.parse({
        relationType: 2,
        rUserId: 'Grace@Example.org',
        dateStartYear: 2020,
        dateStartMonth: 1,
      }),
    ).toMatchObject({ person: { email: 'grace@example.org' }, start: { year: 2020, month: 1 } });
  });

  it.each([
    [
      {
        relationType: 3,
        publicationName: 'T',
        coAuthorDetails: '[{"coauthor_id": 2}]',
        dateEndYear: 2028,
      },
      'dateEndYear',
      relationDateTooLate('Year of publication', '2027'),
    ],
    [
      { relationType: 1, rUserId: 2, dateStartYear: 2020, dateEndYear: 2019 },
      'dateEndYear',
      messages.endBeforeStart,
    ],
    [
      { relationType: 8, dateStartYear: 2025, dateStartMonth: 2 },
      'rInstitutionId',
      messages.institutionRequired,
    ],
    [{ relationType: 5, rUserId: 2 }, 'sourceUserUpdateComment', messages.commentRequired],
    [
      // Hex is not a paper type (Number('0x2') would read it as 2).
      {
        relationType: 3,
        publicationName: 'T',
        coAuthorDetails: '[{"coauthor_id": 2}]',
        dateEndYear: 2024,
        paperType: '0x2',
      },
      'paperType',
      messages.paperTypeInvalid,
    ],
    [
      { relationType: 2, rUserId: 2, dateStartYear: 2020, dateStartMonth: 1, GID: 5 },
      'sourceUserUpdateComment',
      messages.changeCommentRequired,
    ],
  ])('refuses %j on %s', (form, field, message) => {
    expect(errorsOf(form)).toMatchObject({ [field]: expect.arrayContaining([message]) });
  });
});
