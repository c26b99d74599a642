// /relations/conflicts and /relations/conflicts/:conferencename/:confid (later issue).
import { useParams } from 'react-router';
import { PageHeader } from '../../components/page-header.tsx';
import type { Crumb } from '../../components/page-header.tsx';
import { PageInProgress } from './page-in-progress.tsx';

export function ConflictsPage() {
  const { conferencename } = useParams();
  const breadcrumbs: Crumb[] = conferencename
    ? [
        { label: 'Home', to: '/' },
        { label: 'View conflicts', to: '/relations/conflicts' },
        { label: conferencename },
      ]
    : [{ label: 'Home', to: '/' }, { label: 'View conflicts' }];
  return (
    <>
      <PageHeader
        title={conferencename ? `Conflicts for ${conferencename}` : 'View conflicts'}
        breadcrumbs={breadcrumbs}
      />
      <PageInProgress />
    </>
  );
}
