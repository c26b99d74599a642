// /user/profile (profile edit arrives in a later issue).
import { PageHeader } from '../../components/page-header.tsx';
import { PageInProgress } from './page-in-progress.tsx';

export function ProfilePage() {
  return (
    <>
      <PageHeader
        title="My Profile"
        breadcrumbs={[{ label: 'Home', to: '/' }, { label: 'My Profile' }]}
      />
      <PageInProgress />
    </>
  );
}
