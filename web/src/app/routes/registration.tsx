// /registration and /registration/:token (an invited sign-up).
import { useParams } from 'react-router';
import { CenteredCard } from '../../components/centered-card.tsx';
import { RegistrationPanel } from '../../features/auth/components/registration-form.tsx';

export function RegistrationPage() {
  const { token } = useParams();
  return (
    <CenteredCard title="Sign up" width={560}>
      <RegistrationPanel key={token ?? ''} token={token} />
    </CenteredCard>
  );
}
