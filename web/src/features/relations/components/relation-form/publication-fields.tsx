// The fields of a publication, award or grant (types 3, 6, 7): the title (suggesting the
// user's own publications for type 3), the paper type and community flag (type 3), and the
// co-author table.
import { Autocomplete, Checkbox, Group, Radio, TextInput } from '@mantine/core';
import { maxTitleLength, relationTypeIds } from '@recuse/common';
import type { RelationTypeWire } from '@recuse/common';
import type { PersonOption, PublicationOption } from '../../api/get-add-new-data.ts';
import { CoauthorTable } from './coauthor-table.tsx';
import { HelpButton } from './help-modals.tsx';
import { WithHelp } from './with-help.tsx';
import type { RelationFormIssues, RelationFormValues } from './relation-form-values.ts';

type PublicationFieldsProps = {
  type: RelationTypeWire;
  values: RelationFormValues;
  issues: RelationFormIssues;
  knownPeople: readonly PersonOption[];
  paperTypes: Record<string, string>;
  publications: readonly PublicationOption[];
  onChange: (change: Partial<RelationFormValues>) => void;
};

export function PublicationFields({
  type,
  values,
  issues,
  knownPeople,
  paperTypes,
  publications,
  onChange: update,
}: PublicationFieldsProps) {
  const publicationTitles = [...new Set(publications.map((publication) => publication.label))];
  return (
    <>
      {type.id === relationTypeIds.coauthoredPublication ? (
        <Autocomplete
          label={type.title_label}
          description={
            publicationTitles.length > 0
              ? 'Type the title, or pick one of your publications.'
              : undefined
          }
          data={publicationTitles}
          limit={20}
          value={values.title}
          maxLength={maxTitleLength}
          required
          withAsterisk={false}
          error={issues.publicationName}
          onChange={(title) =>
            update({
              title,
              publicationId:
                publications.find((publication) => publication.label === title)?.value ?? null,
            })
          }
        />
      ) : (
        <TextInput
          label={type.title_label}
          value={values.title}
          maxLength={maxTitleLength}
          required
          withAsterisk={false}
          error={issues.publicationName}
          onChange={(event) => update({ title: event.currentTarget.value, publicationId: null })}
        />
      )}
      {type.id === relationTypeIds.coauthoredPublication && (
        <WithHelp help={<HelpButton topic="paperTypes" />}>
          <Radio.Group
            label="Paper type"
            value={String(values.paperType)}
            onChange={(paperType) => update({ paperType: Number(paperType) })}
            error={issues.paperType}
          >
            <Group mt="xs">
              {Object.entries(paperTypes).map(([id, name]) => (
                <Radio key={id} value={id} label={name} />
              ))}
            </Group>
          </Radio.Group>
          <Checkbox
            mt="sm"
            label="Community paper"
            checked={values.isCommunityPaper}
            onChange={(event) => update({ isCommunityPaper: event.currentTarget.checked })}
          />
        </WithHelp>
      )}
      <CoauthorTable
        type={type}
        rows={values.coauthors}
        knownPeople={knownPeople}
        onChange={(coauthors) => update({ coauthors })}
        error={issues.coAuthorDetails}
      />
    </>
  );
}
