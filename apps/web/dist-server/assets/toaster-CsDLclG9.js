import { d as TOAST_SUCCESS_DURATION_MS, u as TOAST_DURATION_MS } from "./constants-CZAAzTUa.js";
import { jsx } from "react/jsx-runtime";
import { Toaster } from "react-hot-toast";
// src/lib/toast-options.ts
/**
* Toast durations (spec section 4): 4000 ms for blank, error and custom, 2000 ms for success, none for loading.
* The cap of 20 visible toasts (TOAST_LIMIT) is react-hot-toast's own built-in limit, so nothing is set for it.
*/
var toastOptions = {
	duration: TOAST_DURATION_MS,
	error: { duration: TOAST_DURATION_MS },
	loading: { duration: Infinity },
	custom: { duration: TOAST_DURATION_MS },
	style: {
		borderRadius: "12px",
		padding: "10px 14px",
		color: "#1f2a2a",
		maxWidth: "420px"
	},
	success: {
		duration: TOAST_SUCCESS_DURATION_MS,
		iconTheme: {
			primary: "#0f6e6e",
			secondary: "#fff"
		}
	}
};
// src/app/toaster.tsx
/** Toasts queued before this loads are kept by react-hot-toast's store and shown once it mounts. */
function AppToaster() {
	return /* @__PURE__ */ jsx(Toaster, {
		position: "top-center",
		toastOptions,
		containerStyle: { top: 72 }
	});
}
export { AppToaster as default };

//# sourceMappingURL=toaster-CsDLclG9.js.map