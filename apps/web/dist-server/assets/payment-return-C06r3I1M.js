import { r as PAYMENT_MSG } from "./plans-BS_s-Fq9.js";
// src/features/subscriptions/utils/payment-return.ts
/**
* What /payment-success does with its query (spec section 4): verify only when the provider said success=true,
* sent a session id, and there is a signed-in user to verify for. Anything else is a failed payment.
*/
function decidePaymentReturn(input) {
	if (input.success !== "true") return {
		action: "fail",
		message: PAYMENT_MSG.failed
	};
	const sessionId = input.sessionId?.trim();
	if (!sessionId || !input.hasToken) return {
		action: "fail",
		message: PAYMENT_MSG.verifyFailed
	};
	return {
		action: "verify",
		sessionId
	};
}
/**
* The toast for a verify that did not succeed. A 409 (the free trial already used) carries a message the parent can
* act on; every other failure reads as the spec's 'Payment verification failed. Please contact support.'.
*/
function verifyFailureMessage(status, serverMessage) {
	return status === 409 && serverMessage ? serverMessage : PAYMENT_MSG.verifyFailed;
}
/** The checkout URL from the server, only if it is an http(s) address (never a javascript: or data: URL). */
function safeCheckoutUrl(url, base) {
	if (typeof url !== "string" || !url) return null;
	try {
		const parsed = new URL(url, base);
		return parsed.protocol === "https:" || parsed.protocol === "http:" ? parsed.href : null;
	} catch {
		return null;
	}
}
export { safeCheckoutUrl as n, verifyFailureMessage as r, decidePaymentReturn as t };

//# sourceMappingURL=payment-return-C06r3I1M.js.map