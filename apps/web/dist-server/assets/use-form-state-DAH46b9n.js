import { a as RACES, c as SIGNUP_DEFAULTS, n as EDUCATION_LEVELS, r as ETHNICITIES, s as RELATIONSHIP_OPTIONS } from "./constants-CZAAzTUa.js";
import { R as MSG, z as SERVER_MSG } from "../entry-server.js";
import { useCallback, useState } from "react";
import { z } from "zod";
import { isValidPhoneNumber } from "libphonenumber-js/min";
// ../../packages/shared/src/validation.ts
/** The spec's "simple address pattern": something@something.something, no spaces. */
var EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** Letters (any script), underscore, hyphen or space; apostrophes and dots allowed for real names such as O'Neil. */
var NAME_PATTERN = /^[\p{L}\p{M}_\- '.]+$/u;
/** Required string whose type error reads like the "required" message, so junk input gets a field message. */
var requiredString = (required) => z.string({ error: required }).trim().min(1, {
	error: required,
	abort: true
});
var emailField = requiredString(MSG.emailRequired).max(254, {
	error: MSG.emailInvalid,
	abort: true
}).regex(EMAIL_PATTERN, { error: MSG.emailInvalid }).transform((e) => e.toLowerCase());
/** Password rules shared by sign-in, sign-up and every password change. */
var passwordField = (required = MSG.passwordRequired, min = MSG.passwordMin) => z.string({ error: required }).min(1, {
	error: required,
	abort: true
}).min(6, {
	error: min,
	abort: true
}).max(128, { error: SERVER_MSG.passwordTooLong });
var nameField = (required, invalid) => requiredString(required).max(60, {
	error: invalid,
	abort: true
}).refine((v) => v.length >= 3 && NAME_PATTERN.test(v), { error: invalid });
/**
* Phone numbers are kept in E.164 (+15551234567). The spec asks for at least 10 characters; the server also
* checks the number is dialable with libphonenumber's metadata.
*/
var phoneField = z.string({ error: MSG.phoneInvalid }).trim().min(10, {
	error: MSG.phoneInvalid,
	abort: true
}).max(20, {
	error: MSG.phoneInvalid,
	abort: true
}).refine((v) => isValidPhoneNumber(v), { error: MSG.phoneInvalid });
/** ISO calendar date (YYYY-MM-DD) that really exists. */
var isoDateField = z.string({ error: SERVER_MSG.dobRequired }).trim().min(1, {
	error: SERVER_MSG.dobRequired,
	abort: true
}).refine((v) => isRealIsoDate(v), { error: SERVER_MSG.dobInvalid });
/** True when `value` is YYYY-MM-DD and names a real day. */
function isRealIsoDate(value) {
	if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
	const d = /* @__PURE__ */ new Date(`${value}T00:00:00Z`);
	return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}
// ../../packages/shared/src/auth.schemas.ts
/** POST auth/login/ */
var loginRequest = z.object({
	email: emailField,
	password: passwordField(),
	remember_me: z.boolean({ error: "remember_me must be true or false." }).optional().default(false)
});
/** POST auth/parent/signup/. The server also checks age, which the form does not. */
var signupRequest = z.object({
	first_name: nameField(MSG.firstNameRequired, MSG.firstNameInvalid),
	last_name: nameField(MSG.lastNameRequired, MSG.lastNameInvalid),
	email: emailField,
	phone_number: phoneField,
	password: passwordField(),
	password_confirm: z.string({ error: MSG.confirmRequired }).min(1, { error: MSG.confirmRequired }),
	date_of_birth: isoDateField,
	relationship_to_child: z.enum(RELATIONSHIP_OPTIONS).default(SIGNUP_DEFAULTS.relationship_to_child),
	highest_education: z.enum(EDUCATION_LEVELS).default(SIGNUP_DEFAULTS.highest_education),
	race: z.enum(RACES).default(SIGNUP_DEFAULTS.race),
	ethnicity: z.enum(ETHNICITIES).default(SIGNUP_DEFAULTS.ethnicity)
}).superRefine((v, ctx) => {
	if (v.password !== v.password_confirm) ctx.addIssue({
		code: "custom",
		path: ["password_confirm"],
		message: MSG.passwordsMismatch
	});
});
var forgotPasswordRequest = z.object({ email: emailField });
z.object({ token: requiredString(SERVER_MSG.resetSessionInvalid).max(2048) });
z.object({ otp: z.string({ error: MSG.otpSixDigits }).regex(new RegExp(`^\\d{6}$`), { error: MSG.otpSixDigits }) });
var resetPasswordRequest = z.object({
	new_password: passwordField(MSG.passwordRequired, MSG.passwordMin),
	confirm_password: z.string({ error: MSG.confirmRequired }).min(1, { error: MSG.confirmRequired })
}).superRefine((v, ctx) => {
	if (v.new_password !== v.confirm_password) ctx.addIssue({
		code: "custom",
		path: ["confirm_password"],
		message: MSG.passwordsMismatch
	});
});
var changePasswordRequest = z.object({
	old_password: z.string({ error: MSG.oldPasswordRequired }).min(1, { error: MSG.oldPasswordRequired }).max(256),
	new_password: passwordField(MSG.newPasswordRequired, MSG.newPasswordMin),
	confirm_new_password: z.string({ error: MSG.confirmRequired }).min(1, { error: MSG.confirmRequired })
}).superRefine((v, ctx) => {
	if (v.new_password !== v.confirm_new_password) ctx.addIssue({
		code: "custom",
		path: ["confirm_new_password"],
		message: MSG.passwordsMismatch
	});
});
z.object({ refresh: z.string({ error: SERVER_MSG.refreshInvalid }).max(512).optional() });
var profileUpdateRequest = z.object({
	first_name: nameField(MSG.firstNameRequired, MSG.firstNameInvalid),
	last_name: nameField(MSG.lastNameRequired, MSG.lastNameInvalid),
	phone_number: phoneField
});
/** What every client sees of a user. Never a hash, never a token. */
var userDto = z.object({
	id: z.string(),
	first_name: z.string(),
	last_name: z.string(),
	email: z.string(),
	phone_number: z.string(),
	date_of_birth: z.string(),
	relationship_to_child: z.string(),
	highest_education: z.string(),
	race: z.string(),
	ethnicity: z.string(),
	role: z.string(),
	subscription: z.boolean(),
	created_at: z.string()
});
z.object({ message: z.string() });
z.object({
	message: z.string(),
	success: z.literal(true),
	user: userDto,
	tokens: z.object({
		access: z.string(),
		refresh: z.string()
	})
});
z.object({
	message: z.string(),
	user: userDto
});
z.object({
	access: z.string(),
	refresh: z.string()
});
z.object({
	message: z.string(),
	token: z.string()
});
z.object({
	success: z.literal(true),
	user: userDto
});
z.object({
	success: z.boolean(),
	message: z.string()
});
// src/lib/form-errors.ts
/** The first message per top-level field when `values` fail `schema`; empty when they pass. */
function fieldErrors(schema, values) {
	const result = schema.safeParse(values);
	if (result.success) return {};
	const errors = {};
	for (const issue of result.error.issues) {
		const key = issue.path[0];
		if (typeof key === "string" && !(key in errors)) errors[key] = issue.message;
	}
	return errors;
}
/**
* Adds 'Passwords do not match' when the confirmation differs and has no other error. Object-level refinements
* in zod run only once every field passes, and the user should see the mismatch as soon as both are typed.
*/
function withMismatch(errors, password, confirm, confirmKey, message) {
	if (confirm && password !== confirm && !errors[confirmKey]) return {
		...errors,
		[confirmKey]: message
	};
	return errors;
}
// src/lib/use-form-state.ts
/** The one form approach of the app: plain state, validated by the shared zod schemas through `validate`. */
function useFormState(initial, validate, mode = "revalidate") {
	const [values, setValues] = useState(initial);
	const [errors, setErrors] = useState({});
	return {
		values,
		errors,
		setValue: useCallback((key, value) => {
			const next = {
				...values,
				[key]: value
			};
			setValues(next);
			setErrors((prev) => {
				if (Object.keys(prev).length === 0) return prev;
				if (mode === "clear") {
					const rest = { ...prev };
					delete rest[key];
					return rest;
				}
				const fresh = validate(next);
				const kept = {};
				for (const k of Object.keys(prev)) if (fresh[k]) kept[k] = fresh[k];
				return kept;
			});
		}, [
			mode,
			validate,
			values
		]),
		validateAll: useCallback(() => {
			const found = validate(values);
			setErrors(found);
			return Object.keys(found).length === 0;
		}, [validate, values]),
		setErrors,
		reset: useCallback((next) => {
			setValues(next);
			setErrors({});
		}, [])
	};
}
export { forgotPasswordRequest as a, resetPasswordRequest as c, changePasswordRequest as i, signupRequest as l, fieldErrors as n, loginRequest as o, withMismatch as r, profileUpdateRequest as s, useFormState as t };

//# sourceMappingURL=use-form-state-DAH46b9n.js.map