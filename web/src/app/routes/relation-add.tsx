// /relations/add: the relation form with what addnew offers. After 'Relation saved successfully.'
// the page goes to the new relation's view after 1 s (docs/product.md, "Messages after an action"),
// the pending-employment view for type 8.
import { lazy, useEffect, useRef } from 'react';
import { Group, Loader, Text } from '@mantine/core';
import { useNavigate } from 'react-router';
import { messages } from '@recuse/common';
import type { RelationSaveReply } from '@recuse/common';
import { ErrorAlert } from '../../components/error-alert.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { useAddNewData } from '../../features/relations/api/get-add-new-data.ts';
import type { AddNewData } from '../../features/relations/api/get-add-new-data.ts';
import { RelationForm } from '../../features/relations/components/relation-form/relation-form.tsx';
import { paths } from '../paths.ts';

// With the fields of a chosen relation type, which are fetched then (relation-form.tsx).
const InstitutionPicker = lazy(() =>
  import('../../features/profile/components/institution-picker.tsx').then((module) => ({
    default: module.InstitutionPicker,
  })),
);

/** After CREATED, the view page follows after 1 s (docs/product.md, "Messages after an action"). */
export const afterSaveDelayMs = 1000;

export function RelationAddPage() {
  const addNew = useAddNewData();
  return (
    <>
      <PageHeader
        title="Add new relation"
        breadcrumbs={[
          { label: 'Home', to: paths.home.href() },
          { label: 'List relations', to: paths.relations.href() },
          { label: 'Add new relation' },
        ]}
      />
      {addNew.data ? (
        <AddRelationForm data={addNew.data} />
      ) : addNew.isError ? (
        <ErrorAlert message={addNew.error.message || messages.couldNotFetch} />
      ) : (
        <Group gap="sm">
          <Loader size="sm" />
          <Text>{messages.loadingRelationForm}</Text>
        </Group>
      )}
    </>
  );
}

function AddRelationForm({ data }: { data: AddNewData }) {
  const navigate = useNavigate();
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  function goToRelation(reply: RelationSaveReply, typeId: number) {
    timer.current = setTimeout(
      () => void navigate(paths.relation.href(reply.GID, typeId)),
      afterSaveDelayMs,
    );
  }

  return (
    <RelationForm
      relationTypes={data.relationTypesOrdered}
      knownPeople={data.usersDrp}
      paperTypes={data.paperTypes}
      publications={data.allPublications}
      defaultSource={data.defaultSource}
      renderInstitutionPicker={(props) => <InstitutionPicker {...props} />}
      onSaved={goToRelation}
      onCancel={() => void navigate(paths.relations.href())}
    />
  );
}
