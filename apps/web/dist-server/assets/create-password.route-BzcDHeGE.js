import { A as apiPaths, F as errorMessage, N as paths, R as MSG, _ as clearOtpToken, h as apiRequest, y as getOtpToken } from "../entry-server.js";
import { c as resetPasswordRequest, n as fieldErrors, r as withMismatch, t as useFormState } from "./use-form-state-DAH46b9n.js";
import { t as FormHeading } from "./form-heading-DQ9aqz87.js";
import { t as PasswordField } from "./password-field-iRafGbQw.js";
import { t as useDelayedNavigate } from "./use-delayed-navigate-BKV890Vb.js";
import { useMutation } from "@tanstack/react-query";
import { Link } from "react-router";
import { Anchor, Button, Stack, Text } from "@mantine/core";
import { jsx, jsxs } from "react/jsx-runtime";
import { toast } from "react-hot-toast";
// src/features/auth/api/reset-password.api.ts
/** POST auth/reset-password/?token= { new_password, confirm_password }: works once, after the code was verified. */
function resetPassword({ token, ...body }) {
	return apiRequest(apiPaths.resetPassword, {
		method: "POST",
		query: { token },
		body
	});
}
function useResetPasswordMutation() {
	return useMutation({ mutationFn: resetPassword });
}
// src/features/auth/components/set-password-form.tsx
function validate(v) {
	const errors = fieldErrors(resetPasswordRequest, v);
	return withMismatch(errors, v.new_password, v.confirm_password, "confirm_password", MSG.passwordsMismatch);
}
/** Create New Password (/create-password and /new-password): the last step of recovery, then Sign In after 1 s. */
function SetPasswordForm() {
	const form = useFormState({
		new_password: "",
		confirm_password: ""
	}, validate, "revalidate");
	const reset = useResetPasswordMutation();
	const navigateLater = useDelayedNavigate();
	const onSubmit = (event) => {
		event.preventDefault();
		if (!form.validateAll()) return;
		reset.mutate({
			token: getOtpToken() ?? "",
			...form.values
		}, {
			onSuccess: () => {
				toast.success(MSG.passwordChanged);
				clearOtpToken();
				navigateLater(paths.login);
			},
			onError: (error) => toast.error(errorMessage(error, MSG.resetFailed))
		});
	};
	return /* @__PURE__ */ jsxs("form", {
		onSubmit,
		noValidate: true,
		children: [/* @__PURE__ */ jsx(FormHeading, {
			title: "Create a new password",
			children: "Choose a password of at least 6 characters."
		}), /* @__PURE__ */ jsxs(Stack, {
			gap: "md",
			children: [
				/* @__PURE__ */ jsx(PasswordField, {
					label: "New Password",
					autoComplete: "new-password",
					value: form.values.new_password,
					onChange: (e) => form.setValue("new_password", e.currentTarget.value),
					error: form.errors.new_password
				}),
				/* @__PURE__ */ jsx(PasswordField, {
					label: "Confirm Password",
					autoComplete: "new-password",
					value: form.values.confirm_password,
					onChange: (e) => form.setValue("confirm_password", e.currentTarget.value),
					error: form.errors.confirm_password
				}),
				/* @__PURE__ */ jsx(Button, {
					type: "submit",
					size: "md",
					fullWidth: true,
					mt: "xs",
					loading: reset.isPending,
					disabled: reset.isSuccess,
					children: "Continue"
				}),
				/* @__PURE__ */ jsx(Text, {
					ta: "center",
					size: "sm",
					c: "var(--kindred-muted)",
					children: /* @__PURE__ */ jsx(Anchor, {
						component: Link,
						to: paths.login,
						fw: 600,
						children: "Back to Sign In"
					})
				})
			]
		})]
	});
}
// src/routes/create-password.route.tsx
/** /create-password and /new-password (spec section 2, Authentication screens): the same form. */
function CreatePasswordPage() {
	return /* @__PURE__ */ jsx(SetPasswordForm, {});
}
export { CreatePasswordPage };

//# sourceMappingURL=create-password.route-BzcDHeGE.js.map