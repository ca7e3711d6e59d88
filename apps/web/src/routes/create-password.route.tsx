import { SetPasswordForm } from '../features/auth/components/set-password-form.tsx';

/** /create-password and /new-password (spec section 2, Authentication screens): the same form. */
export function CreatePasswordPage() {
  return <SetPasswordForm />;
}
