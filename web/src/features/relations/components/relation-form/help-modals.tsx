// The relation form's help (docs/decisions/web.md, "Relation form": paper types, persons,
// institution, co-author, relation type): a small '?' button beside the field opens a modal
// explaining it.
import { useState } from 'react';
import type { ReactNode } from 'react';
import { ActionIcon, List, Modal, Stack, Text } from '@mantine/core';
import type { RelationTypeWire } from '@recuse/common';

export type HelpTopic = 'relationType' | 'persons' | 'coauthor' | 'paperTypes' | 'institution';

const titles: Record<HelpTopic, string> = {
  relationType: 'Relation types',
  persons: 'Persons',
  coauthor: 'Co-authors',
  paperTypes: 'Paper types',
  institution: 'Institution',
};

function HelpText({
  topic,
  relationTypes,
}: {
  topic: HelpTopic;
  relationTypes: readonly RelationTypeWire[];
}): ReactNode {
  switch (topic) {
    case 'relationType':
      return (
        <Stack gap="xs">
          <Text>Choose what links you. Each type asks for its own fields and dates.</Text>
          <List spacing="xs">
            {relationTypes.map((type) => (
              <List.Item key={type.id}>
                <b>{type.name}</b>: {type.description}
              </List.Item>
            ))}
          </List>
        </Stack>
      );
    case 'persons':
      return (
        <Stack gap="xs">
          <Text>
            Type a name to find a researcher: people you already share a relation with come first,
            then everyone else in Recuse.
          </Text>
          <Text>
            Not in Recuse yet? Type only their email address and choose &lsquo;Create email&rsquo;.
            They receive an invitation and can confirm the relation once they join.
          </Text>
        </Stack>
      );
    case 'coauthor':
      return (
        <Stack gap="xs">
          <Text>
            List everyone else on the paper, award or grant, one per row. Pick each person from the
            list, or type the email address of someone not in Recuse and choose &lsquo;Create
            email&rsquo;. Use &lsquo;Add co-author&rsquo; (&lsquo;Add co-awardee&rsquo;) for another
            row.
          </Text>
          <Text>
            Everyone listed is notified and confirms or rejects the relation; the status beside each
            name shows their answer. Rows you added can be removed before saving.
          </Text>
        </Stack>
      );
    case 'paperTypes':
      return (
        <Stack gap="xs">
          <Text>
            <b>Research paper</b>: a peer-reviewed paper (the default).
          </Text>
          <Text>
            <b>Not a research paper</b>: an editorial, a report, proceedings front matter or the
            like. Conferences may treat these differently.
          </Text>
          <Text>
            <b>Community paper</b>: a paper with many authors from a community effort, such as a
            workshop report or a large survey.
          </Text>
        </Stack>
      );
    case 'institution':
      return (
        <Stack gap="xs">
          <Text>
            The institution you applied to, or are discussing a position with. Pick it from the list
            of approved institutions.
          </Text>
          <Text>
            Not on the list? Type its name and choose &lsquo;Add new institution&rsquo;. It is sent
            to an administrator for approval, and the relation stays pending until then.
          </Text>
        </Stack>
      );
  }
}

export function HelpButton({
  topic,
  relationTypes = [],
}: {
  topic: HelpTopic;
  relationTypes?: readonly RelationTypeWire[];
}) {
  const [isOpen, setIsOpen] = useState(false);
  const title = titles[topic];
  return (
    <>
      <ActionIcon
        variant="subtle"
        size="sm"
        radius="xl"
        aria-label={`Help: ${title}`}
        onClick={() => setIsOpen(true)}
      >
        ?
      </ActionIcon>
      <Modal opened={isOpen} onClose={() => setIsOpen(false)} title={title}>
        <HelpText topic={topic} relationTypes={relationTypes} />
      </Modal>
    </>
  );
}
