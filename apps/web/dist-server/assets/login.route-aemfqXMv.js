import { n as fieldErrors, o as loginRequest, t as useFormState } from "./use-form-state-DAH46b9n.js";
import { A as apiPaths, C as readRememberedLogin, E as saveSignIn, F as errorMessage, N as paths, R as MSG, T as saveRememberedLogin, h as apiRequest } from "../entry-server.js";
import { t as FormHeading } from "./form-heading-DQ9aqz87.js";
import { t as PasswordField } from "./password-field-iRafGbQw.js";
import { t as useDelayedNavigate } from "./use-delayed-navigate-BKV890Vb.js";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { Link } from "react-router";
import { Anchor, Button, Checkbox, Group, Stack, Text, TextInput } from "@mantine/core";
import { jsx, jsxs } from "react/jsx-runtime";
import { toast } from "react-hot-toast";
// src/features/auth/api/login.api.ts
/** POST auth/login/ → tokens and the user; the server also sets the httpOnly refresh cookie. */
function loginUser(body) {
	return apiRequest(apiPaths.login, {
		method: "POST",
		body
	});
}
function useLoginMutation() {
	return useMutation({ mutationFn: loginUser });
}
// src/features/auth/components/login-form.tsx
function initialValues() {
	const remembered = readRememberedLogin();
	return {
		email: remembered?.email ?? "",
		password: "",
		remember: remembered !== null
	};
}
/** Sign In (spec sections 2, 4, 5): the password is never stored, only the e-mail when "Remember me" is ticked. */
function LoginForm() {
	const validate = useCallback((v) => fieldErrors(loginRequest, {
		email: v.email,
		password: v.password
	}), []);
	const form = useFormState(initialValues(), validate, "revalidate");
	const login = useLoginMutation();
	const queryClient = useQueryClient();
	const navigateLater = useDelayedNavigate();
	const onSubmit = (event) => {
		event.preventDefault();
		if (!form.validateAll()) return;
		const email = form.values.email.trim().toLowerCase();
		const remember = form.values.remember;
		login.mutate({
			email,
			password: form.values.password,
			remember_me: remember
		}, {
			onSuccess: (res) => {
				queryClient.clear();
				saveSignIn(res.tokens.access, res.user);
				saveRememberedLogin(remember ? email : null);
				toast.success(res.message || MSG.loginSuccess);
				navigateLater(paths.profile);
			},
			onError: (error) => {
				toast.error(errorMessage(error, MSG.loginFailed));
			}
		});
	};
	return /* @__PURE__ */ jsxs("form", {
		onSubmit,
		noValidate: true,
		children: [/* @__PURE__ */ jsx(FormHeading, {
			title: "Welcome back",
			children: "Sign in to continue your journey."
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
				/* @__PURE__ */ jsx(PasswordField, {
					label: "Password",
					autoComplete: "current-password",
					value: form.values.password,
					onChange: (e) => form.setValue("password", e.currentTarget.value),
					error: form.errors.password
				}),
				/* @__PURE__ */ jsxs(Group, {
					justify: "space-between",
					wrap: "nowrap",
					children: [/* @__PURE__ */ jsx(Checkbox, {
						label: "Remember me",
						checked: form.values.remember,
						onChange: (e) => form.setValue("remember", e.currentTarget.checked)
					}), /* @__PURE__ */ jsx(Anchor, {
						component: Link,
						to: paths.forgetPassword,
						size: "sm",
						fw: 500,
						children: "Forgot Password"
					})]
				}),
				/* @__PURE__ */ jsx(Button, {
					type: "submit",
					size: "md",
					fullWidth: true,
					mt: "xs",
					loading: login.isPending,
					disabled: login.isSuccess,
					children: "Sign In"
				}),
				/* @__PURE__ */ jsxs(Text, {
					ta: "center",
					size: "sm",
					c: "var(--kindred-muted)",
					children: [
						"New to Kindred?",
						" ",
						/* @__PURE__ */ jsx(Anchor, {
							component: Link,
							to: paths.register,
							fw: 600,
							children: "Sign Up"
						})
					]
				})
			]
		})]
	});
}
// src/routes/login.route.tsx
/** /login (spec section 2, Authentication screens). */
function LoginPage() {
	return /* @__PURE__ */ jsx(LoginForm, {});
}
export { LoginPage };

//# sourceMappingURL=login.route-aemfqXMv.js.map