// /contact
import { Text } from '@mantine/core';
import { PageHeader } from '../../components/page-header.tsx';
import { ContactForm } from '../../features/contact/components/contact-form.tsx';
import { paths } from '../paths.ts';

export function ContactPage() {
  return (
    <>
      <PageHeader
        title="Contact us"
        breadcrumbs={[{ label: 'Home', to: paths.home.href() }, { label: 'Contact us' }]}
      />
      <Text mb="md">
        Questions, corrections or problems: write to the Recuse administrators here.
      </Text>
      <ContactForm />
    </>
  );
}
