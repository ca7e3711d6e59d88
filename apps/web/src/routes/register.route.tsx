import { SignupForm } from '../features/auth/components/signup-form.tsx';

/** /register (spec section 2, Authentication screens). */
export function RegisterPage() {
  return <SignupForm />;
}
