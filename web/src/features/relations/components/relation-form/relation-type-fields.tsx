// The fields a chosen relation type brings: whom or what the relation is with
// (relation-subject-fields.tsx), then its dates, source, notes and comment
// (relation-detail-fields.tsx). A chunk of its own, with the date pickers, the co-author table
// and the pickers they use: relation-form.tsx fetches it once a type is chosen, or the type
// list is opened, so the add page first loads without them (docs/benchmarks.md, "Web assets").
import type { ComponentProps } from 'react';
import { RelationDetailFields } from './relation-detail-fields.tsx';
import { RelationSubjectFields } from './relation-subject-fields.tsx';

type RelationTypeFieldsProps = {
  subject: ComponentProps<typeof RelationSubjectFields>;
  detail: ComponentProps<typeof RelationDetailFields>;
};

export function RelationTypeFields({ subject, detail }: RelationTypeFieldsProps) {
  return (
    <>
      <RelationSubjectFields {...subject} />
      <RelationDetailFields {...detail} />
    </>
  );
}
