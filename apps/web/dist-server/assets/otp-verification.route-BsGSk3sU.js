import { A as apiPaths, D as setOtpToken, F as errorMessage, N as paths, P as ApiError, R as MSG, b as getResetEmail, h as apiRequest, y as getOtpToken } from "../entry-server.js";
import { t as FormHeading } from "./form-heading-DQ9aqz87.js";
import { r as formatMmSs } from "./format-BbEB47_m.js";
import { t as useDelayedNavigate } from "./use-delayed-navigate-BKV890Vb.js";
import { useMutation } from "@tanstack/react-query";
import { useCallback, useEffect, useState } from "react";
import { Link } from "react-router";
import { Alert, Anchor, Button, Group, PinInput, Stack, Text } from "@mantine/core";
import { IconClockHour4 } from "@tabler/icons-react";
import { jsx, jsxs } from "react/jsx-runtime";
import { toast } from "react-hot-toast";
// src/features/auth/api/resend-otp.api.ts
/** POST auth/resend-otp/?token= → a new code by e-mail and a new token; the old code stops working. */
function resendOtp(token) {
	return apiRequest(apiPaths.resendOtp, {
		method: "POST",
		query: { token },
		body: {}
	});
}
function useResendOtpMutation() {
	return useMutation({ mutationFn: resendOtp });
}
// src/features/auth/api/verify-otp.api.ts
/** POST auth/verify-otp/?token= { otp } */
function verifyOtp(input) {
	return apiRequest(apiPaths.verifyOtp, {
		method: "POST",
		query: { token: input.token },
		body: { otp: input.otp }
	});
}
function useVerifyOtpMutation() {
	return useMutation({ mutationFn: verifyOtp });
}
// src/features/auth/hooks/use-countdown.ts
/**
* Whole seconds left until a deadline, ticking down to 0 and stopping there (spec: "nothing happens at zero").
* Measured against the clock, so a throttled background tab still shows the right time when it comes back.
*/
function useCountdown(initialSeconds) {
	const [deadline, setDeadline] = useState(() => initialSeconds > 0 ? Date.now() + initialSeconds * 1e3 : 0);
	const [seconds, setSeconds] = useState(Math.max(0, initialSeconds));
	useEffect(() => {
		if (!deadline) return;
		const tick = () => {
			const left = Math.max(0, Math.ceil((deadline - Date.now()) / 1e3));
			setSeconds(left);
			if (left === 0) clearInterval(id);
		};
		const id = setInterval(tick, 250);
		tick();
		return () => clearInterval(id);
	}, [deadline]);
	return {
		seconds,
		restart: useCallback((next = initialSeconds) => {
			setSeconds(next);
			setDeadline(Date.now() + next * 1e3);
		}, [initialSeconds])
	};
}
// src/features/auth/components/otp-form.tsx
/** OTP Validation (spec sections 2, 4, 5): six auto-advancing boxes, a 180 s countdown and a working Resend Code. */
function OtpForm() {
	const [otp, setOtp] = useState("");
	const [hasSession] = useState(() => getOtpToken() !== null);
	const timer = useCountdown(180);
	const cooldown = useCountdown(0);
	const verify = useVerifyOtpMutation();
	const resend = useResendOtpMutation();
	const navigateLater = useDelayedNavigate();
	const email = getResetEmail();
	const onSubmit = (event) => {
		event.preventDefault();
		if (!new RegExp(`^\\d{6}$`).test(otp)) {
			toast.error(MSG.otpSixDigits);
			return;
		}
		verify.mutate({
			token: getOtpToken() ?? "",
			otp
		}, {
			onSuccess: (res) => {
				toast.success(res.message || MSG.otpVerified);
				navigateLater(paths.createPassword);
			},
			onError: (error) => toast.error(errorMessage(error, MSG.otpIncorrect))
		});
	};
	const onResend = () => {
		resend.mutate(getOtpToken() ?? "", {
			onSuccess: (res) => {
				setOtpToken(res.token);
				setOtp("");
				timer.restart();
				cooldown.restart(30);
				toast.success(res.message || "A new code has been sent to your email.");
			},
			onError: (error) => {
				if (error instanceof ApiError && error.retryAfterSeconds) cooldown.restart(error.retryAfterSeconds);
				toast.error(errorMessage(error, "Could not send a new code. Please try again."));
			}
		});
	};
	return /* @__PURE__ */ jsxs("form", {
		onSubmit,
		noValidate: true,
		children: [/* @__PURE__ */ jsx(FormHeading, {
			title: "Check your email",
			children: email ? `Enter the six-digit code we sent to ${email}.` : "Enter the six-digit code we sent to your email."
		}), /* @__PURE__ */ jsxs(Stack, {
			gap: "lg",
			children: [
				!hasSession && /* @__PURE__ */ jsxs(Alert, {
					color: "plum",
					variant: "light",
					title: "No reset in progress",
					children: [
						"Start from ",
						/* @__PURE__ */ jsx(Anchor, {
							component: Link,
							to: paths.forgetPassword,
							children: "Forgot Password"
						}),
						" to get a code."
					]
				}),
				/* @__PURE__ */ jsx(PinInput, {
					length: 6,
					type: "number",
					oneTimeCode: true,
					autoFocus: true,
					size: "lg",
					gap: "xs",
					placeholder: "",
					value: otp,
					onChange: setOtp,
					getInputProps: (index) => ({ "aria-label": `Digit ${index + 1}` })
				}),
				/* @__PURE__ */ jsxs(Group, {
					gap: 6,
					c: timer.seconds === 0 ? "red.9" : "var(--kindred-muted)",
					role: "timer",
					children: [/* @__PURE__ */ jsx(IconClockHour4, {
						size: 18,
						"aria-hidden": true
					}), /* @__PURE__ */ jsxs(Text, {
						size: "sm",
						c: "inherit",
						children: [
							timer.seconds === 0 ? "Code expired" : "Code expires in",
							" ",
							/* @__PURE__ */ jsx(Text, {
								span: true,
								fw: 700,
								ff: "monospace",
								c: "inherit",
								children: formatMmSs(timer.seconds)
							})
						]
					})]
				}),
				/* @__PURE__ */ jsx(Button, {
					type: "submit",
					size: "md",
					fullWidth: true,
					loading: verify.isPending,
					disabled: verify.isSuccess,
					children: "Continue"
				}),
				/* @__PURE__ */ jsxs(Group, {
					justify: "center",
					gap: "xs",
					children: [
						/* @__PURE__ */ jsx(Text, {
							size: "sm",
							c: "var(--kindred-muted)",
							children: "Didn't get it?"
						}),
						/* @__PURE__ */ jsx(Button, {
							variant: "subtle",
							size: "compact-md",
							onClick: onResend,
							loading: resend.isPending,
							disabled: cooldown.seconds > 0 || !hasSession,
							"aria-describedby": cooldown.seconds > 0 ? "resend-wait" : void 0,
							children: "Resend Code"
						}),
						cooldown.seconds > 0 && /* @__PURE__ */ jsxs(Text, {
							id: "resend-wait",
							size: "sm",
							c: "var(--kindred-muted)",
							children: [
								"available in ",
								cooldown.seconds,
								"s"
							]
						})
					]
				})
			]
		})]
	});
}
// src/routes/otp-verification.route.tsx
/** /otp-verification (spec section 2, Authentication screens). */
function OtpVerificationPage() {
	return /* @__PURE__ */ jsx(OtpForm, {});
}
export { OtpVerificationPage };

//# sourceMappingURL=otp-verification.route-BsGSk3sU.js.map