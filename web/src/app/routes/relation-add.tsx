// /relations/add (the form arrives in a later issue).
import { PageHeader } from '../../components/page-header.tsx';
import { PageInProgress } from './page-in-progress.tsx';

export function RelationAddPage() {
  return (
    <>
      <PageHeader
        title="Add new relation"
        breadcrumbs={[
          { label: 'Home', to: '/' },
          { label: 'List relations', to: '/relations' },
          { label: 'Add new relation' },
        ]}
      />
      <PageInProgress />
    </>
  );
}
