import type { Db } from '../../db/db.ts';
import { listPayments, type PaymentRow } from '../subscriptions/subscriptions.service.ts';
import type { CheckoutService } from './checkout.service.ts';

/** A payment record as clients see it (paymentDto). */
export const toPaymentDto = (p: PaymentRow) => ({
  ...p,
  plan_price: Number(p.plan_price),
  created_at: new Date(p.created_at).toISOString(),
});

/** The signed-in parent's own payment records. */
export function createPaymentsService(deps: { db: Db; checkout: CheckoutService }) {
  return {
    /** Every payment, newest first. */
    list: async (userId: string) => (await listPayments(deps.db, userId)).map(toPaymentDto),

    /** Plan purchases that went through, the current plan's first when one is active. */
    async transactions(userId: string) {
      const [payments, current] = await Promise.all([listPayments(deps.db, userId), deps.checkout.entitlement(userId)]);
      return payments
        .filter((p) => p.payment_status === 'succeeded')
        .map((p) => ({ ...toPaymentDto(p), active: current?.active === true && current.plan_id === p.plan_id }))
        .sort((a, b) => Number(b.active) - Number(a.active));
    },
  };
}
export type PaymentsService = ReturnType<typeof createPaymentsService>;
