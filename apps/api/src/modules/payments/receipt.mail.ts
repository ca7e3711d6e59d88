import type { MailTemplate } from '../mail/mail.templates.ts';
import { escapeHtml } from '../mail/mail.templates.ts';

/** The e-mail receipt sent for every successful payment (including $0 trials, which record the grant). */
export function receiptMail(r: { firstName: string; planName: string; amount: number; at: Date }): MailTemplate {
  const amount = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(r.amount);
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
    html:
      '<!doctype html><html><body style="font-family:system-ui,sans-serif">' +
      lines.map((l) => `<p>${escapeHtml(l).replace(/\n/g, '<br>')}</p>`).join('') +
      '</body></html>',
  };
}
