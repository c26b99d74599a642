// /reset-password/:token: set a password from an e-mailed link.
import { useParams } from 'react-router';
import { CenteredCard } from '../../components/centered-card.tsx';
import { SetPasswordPanel } from '../../features/auth/components/set-password-form.tsx';

export function ResetPasswordPage() {
  const { token = '' } = useParams();
  return (
    <CenteredCard title="Set password">
      <SetPasswordPanel key={token} token={token} />
    </CenteredCard>
  );
}
