// /relations/validate/new/:token: where an invitation mail leads.
import { useParams } from 'react-router';
import { CenteredCard } from '../../components/centered-card.tsx';
import { InvitationResponse } from '../../features/auth/components/invitation-response.tsx';

export function InvitationResponsePage() {
  const { token = '' } = useParams();
  return (
    <CenteredCard title="Respond to a relation">
      <InvitationResponse token={token} />
    </CenteredCard>
  );
}
