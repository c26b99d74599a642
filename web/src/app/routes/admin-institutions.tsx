// /admin/institutions: the queue of proposed institutions and the search over all of them
// (docs/product.md, "Institutions"). Administrators only (route-access.ts); the server checks
// the role again on every call.
import { PageHeader } from '../../components/page-header.tsx';
import { InstitutionsAdmin } from '../../features/institutions/components/institutions-admin.tsx';
import { paths } from '../paths.ts';

export function AdminInstitutionsPage() {
  return (
    <>
      <PageHeader
        title="Institutions"
        breadcrumbs={[
          { label: 'Home', to: paths.home.href() },
          { label: 'Administration', to: paths.admin.href() },
          { label: 'Institutions' },
        ]}
      />
      <InstitutionsAdmin />
    </>
  );
}
