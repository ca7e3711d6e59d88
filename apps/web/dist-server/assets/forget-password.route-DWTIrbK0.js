import { a as forgotPasswordRequest, n as fieldErrors, t as useFormState } from "./use-form-state-DAH46b9n.js";
import { A as apiPaths, D as setOtpToken, N as paths, O as setResetEmail, R as MSG, h as apiRequest } from "../entry-server.js";
import { t as FormHeading } from "./form-heading-DQ9aqz87.js";
import { t as useDelayedNavigate } from "./use-delayed-navigate-BKV890Vb.js";
import { useMutation } from "@tanstack/react-query";
import { Link } from "react-router";
import { Anchor, Button, Stack, Text, TextInput } from "@mantine/core";
import { jsx, jsxs } from "react/jsx-runtime";
import { toast } from "react-hot-toast";
// src/features/auth/api/forgot-password.api.ts
/** POST auth/forgot-password/ → a reset-session token; the same answer whether or not the e-mail has an account. */
function requestPasswordReset(email) {
	return apiRequest(apiPaths.forgotPassword, {
		method: "POST",
		body: { email }
	});
}
function useForgotPasswordMutation() {
	return useMutation({ mutationFn: requestPasswordReset });
}
// src/features/auth/components/forgot-password-form.tsx
var validate = (v) => fieldErrors(forgotPasswordRequest, v);
/** Forget Password (spec sections 2, 5, 8): a failure is only logged and the button becomes usable again. */
function ForgotPasswordForm() {
	const form = useFormState({ email: "" }, validate, "revalidate");
	const forgot = useForgotPasswordMutation();
	const navigateLater = useDelayedNavigate();
	const onSubmit = (event) => {
		event.preventDefault();
		if (!form.validateAll()) return;
		const email = form.values.email.trim().toLowerCase();
		forgot.mutate(email, {
			onSuccess: (res) => {
				setOtpToken(res.token);
				setResetEmail(email);
				toast.success(res.message || MSG.otpSent);
				navigateLater(paths.otpVerification);
			},
			onError: (error) => {
				console.error("Forgot password request failed", error);
			}
		});
	};
	return /* @__PURE__ */ jsxs("form", {
		onSubmit,
		noValidate: true,
		children: [/* @__PURE__ */ jsx(FormHeading, {
			title: "Forgot your password?",
			children: "Enter the email you signed up with. We will send a six-digit code to your email to confirm it is you."
		}), /* @__PURE__ */ jsxs(Stack, {
			gap: "md",
			children: [
				/* @__PURE__ */ jsx(TextInput, {
					label: "Email",
					type: "email",
					autoComplete: "email",
					size: "md",
					value: form.values.email,
					onChange: (e) => form.setValue("email", e.currentTarget.value),
					error: form.errors.email
				}),
				/* @__PURE__ */ jsx(Button, {
					type: "submit",
					size: "md",
					fullWidth: true,
					loading: forgot.isPending,
					disabled: forgot.isSuccess,
					children: "Continue"
				}),
				/* @__PURE__ */ jsxs(Text, {
					ta: "center",
					size: "sm",
					c: "var(--kindred-muted)",
					children: [
						"Remembered it?",
						" ",
						/* @__PURE__ */ jsx(Anchor, {
							component: Link,
							to: paths.login,
							fw: 600,
							children: "Back to Sign In"
						})
					]
				})
			]
		})]
	});
}
// src/routes/forget-password.route.tsx
/** /forget-password (spec section 2, Authentication screens). */
function ForgetPasswordPage() {
	return /* @__PURE__ */ jsx(ForgotPasswordForm, {});
}
export { ForgetPasswordPage };

//# sourceMappingURL=forget-password.route-DWTIrbK0.js.map