import type { MatrixReason } from '@recuse/common';
import { messages, withheldPersonalRule } from '@recuse/common';
import { describe, expect, it } from 'vitest';
import { reasonLine, reasonLink } from './reason-text.ts';

const relationReason = (fields: Partial<MatrixReason>): MatrixReason => ({
  kind: 'relation',
  author: { line: 2, name: 'Grace Hopper', email: 'grace@example.org', user_id: 31 },
  rule_value: 'advisor-always',
  rule_title: 'Ph.D. advisor or advisee (always)',
  relation_id: 88,
  affiliation_id: null,
  relation_type_id: 1,
  relation_type_name: 'Ph.D. advisor/advisee',
  title: null,
  start_year: 1990,
  start_month: 9,
  end_year: 1995,
  end_month: 6,
  status: 1,
  is_provisional: false,
  is_intern: false,
  institution: null,
  matched_by: null,
  other_paper: null,
  hotcrp_conflict: 'advisor',
  ...fields,
});

const withheld = relationReason({
  rule_value: withheldPersonalRule.value,
  rule_title: withheldPersonalRule.title,
  relation_type_id: 5,
  relation_type_name: messages.personalRelationWithheld,
  start_year: null,
  start_month: null,
  end_year: null,
  end_month: null,
  hotcrp_conflict: 'personal',
});

describe('a reason as the workspace writes it', () => {
  it('puts the rule before what the reason is, with a link to the relation', () => {
    const reason = relationReason({});
    expect(reasonLine(reason)).toMatch(
      /^Ph\.D\. advisor or advisee \(always\): Ph\.D\. advisor\/advisee with Grace Hopper, /,
    );
    expect(reasonLink(reason)).not.toBeNull();
  });

  it('gives a withheld personal relation as the bare words once, with no link', () => {
    expect(reasonLine(withheld)).toBe(`${messages.personalRelationWithheld} with Grace Hopper`);
    expect(reasonLink(withheld)).toBeNull();
  });
});
