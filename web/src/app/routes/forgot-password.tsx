// /forgot-password
import { CenteredCard } from '../../components/centered-card.tsx';
import { ForgotPasswordForm } from '../../features/auth/components/forgot-password-form.tsx';

export function ForgotPasswordPage() {
  return (
    <CenteredCard title="Forgot password">
      <ForgotPasswordForm />
    </CenteredCard>
  );
}
