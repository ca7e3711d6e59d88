import { A as apiPaths, I as fieldErrorsOf, L as signupErrorMessage, N as paths, P as ApiError, R as MSG, h as apiRequest } from "../entry-server.js";
import { c as SIGNUP_DEFAULTS } from "./constants-CZAAzTUa.js";
import { l as signupRequest, n as fieldErrors, r as withMismatch, t as useFormState } from "./use-form-state-DAH46b9n.js";
import { t as FormHeading } from "./form-heading-DQ9aqz87.js";
import { t as PasswordField } from "./password-field-iRafGbQw.js";
import { n as combinePhone, t as PhoneField } from "./phone-field-CNcq21Py.js";
import { t as useDelayedNavigate } from "./use-delayed-navigate-BKV890Vb.js";
import { useMutation } from "@tanstack/react-query";
import { useCallback } from "react";
import { Link } from "react-router";
import { Anchor, Button, SimpleGrid, Stack, Text, TextInput } from "@mantine/core";
import { jsx, jsxs } from "react/jsx-runtime";
import { toast } from "react-hot-toast";
// src/features/auth/api/signup.api.ts
/** POST auth/parent/signup/ → 201 with the new user. */
function signupParent(body) {
	return apiRequest(apiPaths.signup, {
		method: "POST",
		body
	});
}
function useSignupMutation() {
	return useMutation({ mutationFn: signupParent });
}
// src/features/auth/components/signup-form.tsx
var EMPTY = {
	first_name: "",
	last_name: "",
	email: "",
	country: "us",
	phone_number: "",
	password: "",
	password_confirm: "",
	date_of_birth: ""
};
/** The request body: the phone combined to E.164 and the spec's four fixed defaults, which the form never shows. */
function toRequest(v) {
	return {
		first_name: v.first_name.trim(),
		last_name: v.last_name.trim(),
		email: v.email.trim().toLowerCase(),
		phone_number: combinePhone(v.country, v.phone_number),
		password: v.password,
		password_confirm: v.password_confirm,
		date_of_birth: v.date_of_birth,
		...SIGNUP_DEFAULTS
	};
}
/** Spec section 5: date of birth has no client check (the server checks it, including the age of 18). */
function validate(v) {
	const { date_of_birth: _dob, ...errors } = fieldErrors(signupRequest, toRequest(v));
	return withMismatch(errors, v.password, v.password_confirm, "password_confirm", MSG.passwordsMismatch);
}
var today = () => (/* @__PURE__ */ new Date()).toISOString().slice(0, 10);
function SignupForm() {
	const form = useFormState(EMPTY, validate, "clear");
	const signup = useSignupMutation();
	const navigateLater = useDelayedNavigate();
	const bind = useCallback((field) => ({
		value: form.values[field],
		onChange: (e) => form.setValue(field, e.currentTarget.value),
		error: form.errors[field],
		size: "md"
	}), [form]);
	const onSubmit = (event) => {
		event.preventDefault();
		if (!form.validateAll()) return;
		signup.mutate(toRequest(form.values), {
			onSuccess: (res) => {
				toast.success(res.message || MSG.signupSuccess);
				navigateLater(paths.login);
			},
			onError: (error) => {
				form.setErrors(fieldErrorsOf(error));
				toast.error(signupErrorMessage(error instanceof ApiError ? error.body : void 0, MSG.signupFailed));
			}
		});
	};
	return /* @__PURE__ */ jsxs("form", {
		onSubmit,
		noValidate: true,
		children: [/* @__PURE__ */ jsx(FormHeading, {
			title: "Create your account",
			children: "A few details to begin. You can add preferences later."
		}), /* @__PURE__ */ jsxs(Stack, {
			gap: "md",
			children: [
				/* @__PURE__ */ jsxs(SimpleGrid, {
					cols: {
						base: 1,
						xs: 2
					},
					spacing: "md",
					children: [/* @__PURE__ */ jsx(TextInput, {
						label: "First Name",
						autoComplete: "given-name",
						...bind("first_name")
					}), /* @__PURE__ */ jsx(TextInput, {
						label: "Last Name",
						autoComplete: "family-name",
						...bind("last_name")
					})]
				}),
				/* @__PURE__ */ jsx(TextInput, {
					label: "Email",
					type: "email",
					autoComplete: "email",
					...bind("email")
				}),
				/* @__PURE__ */ jsx(PhoneField, {
					country: form.values.country,
					national: form.values.phone_number,
					onCountryChange: (c) => form.setValue("country", c),
					onNationalChange: (n) => form.setValue("phone_number", n),
					error: form.errors.phone_number
				}),
				/* @__PURE__ */ jsx(PasswordField, {
					label: "Create Password",
					autoComplete: "new-password",
					...bind("password")
				}),
				/* @__PURE__ */ jsx(PasswordField, {
					label: "Confirm Password",
					autoComplete: "new-password",
					...bind("password_confirm")
				}),
				/* @__PURE__ */ jsx(TextInput, {
					label: "Date of Birth",
					type: "date",
					max: today(),
					autoComplete: "bday",
					...bind("date_of_birth")
				}),
				/* @__PURE__ */ jsx(Button, {
					type: "submit",
					size: "md",
					fullWidth: true,
					mt: "xs",
					loading: signup.isPending,
					disabled: signup.isSuccess,
					children: "Sign Up"
				}),
				/* @__PURE__ */ jsxs(Text, {
					ta: "center",
					size: "sm",
					c: "var(--kindred-muted)",
					children: [
						"Already have an account?",
						" ",
						/* @__PURE__ */ jsx(Anchor, {
							component: Link,
							to: paths.login,
							fw: 600,
							children: "Sign In"
						})
					]
				})
			]
		})]
	});
}
// src/routes/register.route.tsx
/** /register (spec section 2, Authentication screens). */
function RegisterPage() {
	return /* @__PURE__ */ jsx(SignupForm, {});
}
export { RegisterPage };

//# sourceMappingURL=register.route-BwHuG96w.js.map