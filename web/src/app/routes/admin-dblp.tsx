// /admin/dblp: DBLP operations (docs/dblp.md, "Following DBLP operations"): dump imports, the
// crawl queue, the hosts' next allowed times, recent failures, and each person's last refresh
// with "Crawl now". Administrators only (route-access.ts); the server checks the role again.
import { Stack, Title } from '@mantine/core';
import { PageHeader } from '../../components/page-header.tsx';
import { DblpOperationsPanel } from '../../features/dblp-status/components/dblp-operations.tsx';
import { DblpPeoplePanel } from '../../features/dblp-status/components/dblp-people.tsx';
import { paths } from '../paths.ts';

export function AdminDblpPage() {
  return (
    <>
      <PageHeader
        title="DBLP"
        breadcrumbs={[
          { label: 'Home', to: paths.home.href() },
          { label: 'Administration', to: paths.admin.href() },
          { label: 'DBLP' },
        ]}
      />
      <Stack gap="xl">
        <DblpOperationsPanel />
        <section aria-labelledby="dblp-people-heading">
          <Title order={2} fz="h3" id="dblp-people-heading" mb="xs">
            Last refresh per person
          </Title>
          <DblpPeoplePanel />
        </section>
      </Stack>
    </>
  );
}
