import { r as PAYMENT_MSG } from "./plans-BS_s-Fq9.js";
import { i as PAYMENT_REDIRECT_DELAY_MS } from "./constants-CZAAzTUa.js";
import { A as apiPaths, N as paths, P as ApiError, h as apiRequest, x as getToken } from "../entry-server.js";
import { t as useDelayedNavigate } from "./use-delayed-navigate-BKV890Vb.js";
import { r as verifyFailureMessage, t as decidePaymentReturn } from "./payment-return-C06r3I1M.js";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { Center, Loader, Paper, Stack, Text, Title } from "@mantine/core";
import { jsx, jsxs } from "react/jsx-runtime";
import { toast } from "react-hot-toast";
// src/features/subscriptions/api/verify-checkout.api.ts
/** POST payments/create-checkout-session/verify/ (bearer): activates the plan once the provider says it is paid. */
function verifyCheckout(sessionId) {
	return apiRequest(apiPaths.verifyCheckout, {
		method: "POST",
		body: { session_id: sessionId },
		auth: true
	});
}
function useVerifyCheckoutMutation() {
	const queryClient = useQueryClient();
	return useMutation({
		mutationFn: verifyCheckout,
		onSuccess: () => queryClient.invalidateQueries()
	});
}
// src/features/subscriptions/components/payment-return.tsx
/** One toast id, so a repeated effect can never stack two copies of the same message. */
var TOAST_ID = "payment-return";
/**
* /payment-success (spec sections 2, 4, 8): 'Processing Payment...' while the session is verified, then
* /donor-matches 1.5 s after a success, or /subscription at once with the reason.
*/
function PaymentReturn() {
	const [params] = useSearchParams();
	const navigate = useNavigate();
	const navigateLater = useDelayedNavigate(PAYMENT_REDIRECT_DELAY_MS);
	const verify = useVerifyCheckoutMutation();
	const started = useRef(false);
	const mounted = useRef(true);
	useEffect(() => {
		mounted.current = true;
		return () => {
			mounted.current = false;
		};
	}, []);
	useEffect(() => {
		if (started.current) return;
		started.current = true;
		const decision = decidePaymentReturn({
			success: params.get("success"),
			sessionId: params.get("session_id"),
			hasToken: getToken() !== null
		});
		const fail = (message) => {
			toast.error(message, { id: TOAST_ID });
			if (mounted.current) navigate(paths.subscription, { replace: true });
		};
		if (decision.action === "fail") return fail(decision.message);
		verify.mutateAsync(decision.sessionId).then(() => {
			if (!mounted.current) return;
			toast.success(PAYMENT_MSG.verified, { id: TOAST_ID });
			navigateLater(paths.donorMatches, { replace: true });
		}, (error) => {
			fail(error instanceof ApiError ? verifyFailureMessage(error.status, error.serverMessage) : PAYMENT_MSG.verifyFailed);
		});
	}, []);
	return /* @__PURE__ */ jsx(Center, {
		mih: "55vh",
		px: "md",
		children: /* @__PURE__ */ jsx(Paper, {
			withBorder: true,
			radius: "lg",
			p: {
				base: "lg",
				sm: 40
			},
			maw: 460,
			w: "100%",
			shadow: "xs",
			children: /* @__PURE__ */ jsxs(Stack, {
				align: "center",
				gap: "md",
				ta: "center",
				role: "status",
				"aria-live": "polite",
				children: [
					/* @__PURE__ */ jsx(Loader, {
						size: 48,
						"aria-hidden": true
					}),
					/* @__PURE__ */ jsx(Title, {
						order: 1,
						fz: {
							base: 24,
							sm: 28
						},
						children: "Processing Payment..."
					}),
					/* @__PURE__ */ jsx(Text, {
						c: "var(--kindred-muted)",
						children: "Please keep this page open while we confirm your payment with the provider."
					})
				]
			})
		})
	});
}
// src/routes/payment-success.route.tsx
/** /payment-success (spec section 2): the payment provider's return page. */
function PaymentSuccessPage() {
	return /* @__PURE__ */ jsx(PaymentReturn, {});
}
export { PaymentSuccessPage };

//# sourceMappingURL=payment-success.route-CQdkyDdV.js.map