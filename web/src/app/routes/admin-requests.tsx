// /admin/requests: the requests inbox and the DBLP claims awaiting a decision (docs/product.md,
// "Requests inbox"). Administrators only (route-access.ts); the server checks the role again.
import { Stack, Title } from '@mantine/core';
import { PageHeader } from '../../components/page-header.tsx';
import { DblpClaimsPanel } from '../../features/requests/components/dblp-claims-panel.tsx';
import { RequestsInbox } from '../../features/requests/components/requests-inbox.tsx';
import { paths } from '../paths.ts';

export function AdminRequestsPage() {
  return (
    <>
      <PageHeader
        title="Requests"
        breadcrumbs={[
          { label: 'Home', to: paths.home.href() },
          { label: 'Administration', to: paths.admin.href() },
          { label: 'Requests' },
        ]}
      />
      <Stack gap="xl">
        <section aria-labelledby="requests-heading">
          <Title order={2} fz="h3" id="requests-heading" mb="xs">
            Messages to the administrators
          </Title>
          <RequestsInbox />
        </section>
        <section aria-labelledby="claims-heading">
          <Title order={2} fz="h3" id="claims-heading" mb="xs">
            DBLP claims awaiting a decision
          </Title>
          <DblpClaimsPanel />
        </section>
      </Stack>
    </>
  );
}
