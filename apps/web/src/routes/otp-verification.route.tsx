import { OtpForm } from '../features/auth/components/otp-form.tsx';

/** /otp-verification (spec section 2, Authentication screens). */
export function OtpVerificationPage() {
  return <OtpForm />;
}
