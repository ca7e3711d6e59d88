import type { MailTemplate } from '../mail/mail.templates.ts';
import { escapeHtml, layout } from '../mail/mail.templates.ts';
import { formatMoney } from '@kindred/shared/money';

/** What a receipt says was paid: the amount is in the plan's currency, as the payment record stores it. */
export type Receipt = { planName: string; amount: number; currency: string };
export const receiptOf = (plan: { name: string; currency: string }, amount: number): Receipt => ({
  planName: plan.name,
  amount,
  currency: plan.currency,
});

/** The e-mail receipt sent for every successful payment (including $0 trials, which record the grant). */
export function receiptMail(r: Receipt & { firstName: string; at: Date }): MailTemplate {
  const amount = formatMoney(r.amount, r.currency);
  const date = r.at.toISOString().slice(0, 10);
  const lines = [
    `Hello ${r.firstName},`,
    `Thank you. We received your payment for ${r.planName}.`,
    `Amount: ${amount}\nDate: ${date}`,
    'Fees are billed in advance and are non-refundable except as required by law. ' +
      'You can see every payment under Profile → Payment History.',
  ];
  return {
    kind: 'receipt',
    subject: `Your Kindred receipt: ${r.planName}`,
    text: lines.join('\n\n'),
    html: layout(
      'Your receipt',
      lines.map((l) => escapeHtml(l).replace(/\n/g, '<br>')),
    ),
  };
}
