import { describe, expect, it } from 'vitest';
import { PAYMENT_MSG } from '@kindred/shared';
import { decidePaymentReturn, safeCheckoutUrl, verifyFailureMessage } from './payment-return.ts';

describe('/payment-success decision (spec section 4)', () => {
  it('verifies a successful return with a session for a signed-in parent', () => {
    expect(decidePaymentReturn({ success: 'true', sessionId: 'cs_1', hasToken: true })).toEqual({
      action: 'verify',
      sessionId: 'cs_1',
    });
  });
  it.each([null, 'false', 'TRUE', '1', ''])('reads success=%s as a failed payment', (success) => {
    expect(decidePaymentReturn({ success, sessionId: 'cs_1', hasToken: true })).toEqual({
      action: 'fail',
      message: PAYMENT_MSG.failed,
    });
  });
  it.each([
    [null, true],
    ['  ', true],
    ['cs_1', false],
  ])('cannot verify session %o with token %s', (sessionId, hasToken) => {
    expect(decidePaymentReturn({ success: 'true', sessionId, hasToken })).toEqual({
      action: 'fail',
      message: PAYMENT_MSG.verifyFailed,
    });
  });
});

describe('verify failure message', () => {
  it('shows the server’s reason for a 409 (second free trial)', () => {
    expect(verifyFailureMessage(409, PAYMENT_MSG.trialUsed)).toBe(PAYMENT_MSG.trialUsed);
  });
  it.each([
    [402, PAYMENT_MSG.notCompleted],
    [404, 'Not found.'],
    [500, undefined],
    [409, undefined],
    [undefined, undefined],
  ])('reads status %s as the spec text', (status, server) => {
    expect(verifyFailureMessage(status, server)).toBe(PAYMENT_MSG.verifyFailed);
  });
});

describe('checkout URL', () => {
  const base = 'https://kindred.example';
  it('accepts http(s) and relative addresses', () => {
    expect(safeCheckoutUrl('https://checkout.stripe.com/c/pay/cs_1', base)).toBe(
      'https://checkout.stripe.com/c/pay/cs_1',
    );
    expect(safeCheckoutUrl('/checkout/test/cs_1', base)).toBe('https://kindred.example/checkout/test/cs_1');
  });
  it.each(['javascript:alert(1)', 'data:text/html,hi', '', null, 42])('refuses %o', (url) => {
    expect(safeCheckoutUrl(url, base)).toBeNull();
  });
});
