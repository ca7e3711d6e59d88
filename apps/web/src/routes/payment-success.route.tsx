import { PaymentReturn } from '../features/subscriptions/components/payment-return.tsx';

/** /payment-success (spec section 2): the payment provider's return page. */
export function PaymentSuccessPage() {
  return <PaymentReturn />;
}
