import { messages, withheldPersonalRule } from '@recuse/common';
import { describe, expect, it } from 'vitest';
import { findConflicts } from './engine.ts';
import { withholdPersonalDetails } from './personal-details.ts';
import { defaultRule, on, party, reference, relation, summarize, user } from './test-builders.ts';
import type { RelationFact } from './types.ts';

const bob = party(2, 'Bob Builder');
const withheldOf = (relations: RelationFact[]) =>
  withholdPersonalDetails(
    findConflicts({
      userId: user.id,
      referenceDate: reference,
      rules: ['coauthor-4y', 'personal-always'].map(defaultRule),
      relations,
    }),
  );
const paper = (status = 1) =>
  relation({ id: 101, typeId: 3, end: on(2022), parties: [{ ...bob, status }] });
const personal = (fact: Partial<RelationFact>) =>
  relation({ id: 102, typeId: 5, parties: [bob], ...fact });

describe('a personal reason as someone who is not a party reads it', () => {
  it('names neither the rule that counts it nor its type name, title or dates', () => {
    const [reason] = withheldOf([personal({ title: 'Cousins', start: on(2012, 3) })]).people[0]!
      .reasons;
    expect(reason).toMatchObject({
      ruleValue: withheldPersonalRule.value,
      ruleTitle: messages.personalRelationWithheld,
      relationTypeName: messages.personalRelationWithheld,
      relationId: 102,
      title: null,
      startYear: null,
      startMonth: null,
      endYear: null,
      endMonth: null,
      status: 1,
    });
  });

  it.each([
    {
      name: 'an ongoing personal relation (the most recent reason) goes after the dated ones',
      relations: [paper(), personal({ start: on(2012) })],
      people: ['Bob Builder: coauthor-4y#101/1, personal-withheld#102/1'],
    },
    {
      name: 'an old personal relation sits in the same place',
      relations: [paper(), personal({ start: on(2000), end: on(2005) })],
      people: ['Bob Builder: coauthor-4y#101/1, personal-withheld#102/1'],
    },
    {
      name: 'a firm personal relation still comes before a provisional reason',
      relations: [paper(3), personal({ end: on(2005) })],
      people: ['Bob Builder: personal-withheld#102/1, coauthor-4y#101/3'],
    },
  ])('$name', ({ relations, people }) => {
    expect(summarize(withheldOf(relations)).people).toEqual(people);
  });
});
