// /help, /help/overview, /help/interface, /help/faq
import { useLocation } from 'react-router';
import { PageHeader } from '../../components/page-header.tsx';
import { HelpContent } from '../../features/help/components/help-content.tsx';

export function HelpPage() {
  const { pathname } = useLocation();
  return (
    <>
      <PageHeader title="Help" />
      <HelpContent pathname={pathname} />
    </>
  );
}
