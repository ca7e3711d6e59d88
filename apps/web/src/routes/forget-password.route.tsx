import { ForgotPasswordForm } from '../features/auth/components/forgot-password-form.tsx';

/** /forget-password (spec section 2, Authentication screens). */
export function ForgetPasswordPage() {
  return <ForgotPasswordForm />;
}
