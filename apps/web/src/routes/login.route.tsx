import { LoginForm } from '../features/auth/components/login-form.tsx';

/** /login (spec section 2, Authentication screens). */
export function LoginPage() {
  return <LoginForm />;
}
