import { o as REDIRECT_DELAY_MS } from "./constants-CZAAzTUa.js";
import { useCallback, useEffect, useRef } from "react";
import { useNavigate } from "react-router";
// src/lib/use-delayed-navigate.ts
/**
* Navigates after the spec's redirect delay (1 s after sign-in, sign-up, recovery steps and password changes;
* callers pass PAYMENT_REDIRECT_DELAY_MS for the 1.5 s after a payment), so the success toast is seen first. A
* pending redirect is dropped if the screen unmounts.
*/
function useDelayedNavigate(delayMs = REDIRECT_DELAY_MS) {
	const navigate = useNavigate();
	const timer = useRef(void 0);
	useEffect(() => () => clearTimeout(timer.current), []);
	return useCallback((to, options) => {
		clearTimeout(timer.current);
		timer.current = setTimeout(() => {
			navigate(to, { replace: options?.replace ?? false });
		}, delayMs);
	}, [navigate, delayMs]);
}
export { useDelayedNavigate as t };

//# sourceMappingURL=use-delayed-navigate-BKV890Vb.js.map