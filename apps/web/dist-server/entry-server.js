import { l as STORAGE_KEYS } from "./assets/constants-CZAAzTUa.js";
import { QueryClient, QueryClientProvider, queryOptions } from "@tanstack/react-query";
import { Component, StrictMode, Suspense, createContext, lazy, useContext, useEffect, useState, useSyncExternalStore } from "react";
import { renderToString } from "react-dom/server";
import { Link, NavLink, Outlet, ScrollRestoration, StaticRouterProvider, createStaticHandler, createStaticRouter, useLocation, useNavigate, useRouteError } from "react-router";
import { Burger, Button, Center, Container, Group, Loader, MantineProvider, Paper, Stack, Text, ThemeIcon, Title, createTheme } from "@mantine/core";
import { IconBrandFacebook, IconBrandInstagram, IconBrandLinkedin, IconBrandX, IconMail, IconMapPin, IconMoodSad, IconPhone, IconSparkles } from "@tabler/icons-react";
import { Fragment as Fragment$1, jsx, jsxs } from "react/jsx-runtime";
import { useDisclosure } from "@mantine/hooks";
// ../../packages/shared/src/messages.ts
/** User-facing texts, spelt exactly as the product spec gives them (sections 5 and 8). */
var MSG = {
	emailRequired: "Email is required",
	emailInvalid: "Enter a valid email address",
	passwordRequired: "Password is required",
	passwordMin: "Password must be at least 6 characters",
	firstNameRequired: "Full name is required",
	lastNameRequired: "Last name is required",
	firstNameInvalid: "Enter a valid first name",
	lastNameInvalid: "Enter a valid last name",
	phoneInvalid: "Enter a valid phone number",
	passwordsMismatch: "Passwords do not match",
	confirmRequired: "Confirm password is required",
	oldPasswordRequired: "Old password is required",
	newPasswordRequired: "New password is required",
	newPasswordMin: "New password must be at least 6 characters",
	otpSixDigits: "Please enter a 6-digit OTP",
	contactAllFields: "Please fill in all fields",
	loginFailed: "Login failed. Please try again.",
	loginSuccess: "Login successful!",
	signupFailed: "Sign up failed. Please try again.",
	signupSuccess: "User Sign up successful!",
	otpSent: "OTP sent successfully!",
	otpVerified: "OTP verified successfully!",
	otpIncorrect: "OTP Incorrect. Please try again.",
	changePasswordFailed: "Failed to change password",
	passwordChanged: "Password changed successfully!",
	profileUpdateFailed: "Failed to update profile. Please try again.",
	profileUpdated: "Profile updated successfully",
	loggedOut: "Logged out successfully",
	resetFailed: "Failed to reset password",
	noAppointments: "No appointments found.",
	noPayments: "No payment history found.",
	somethingWentWrong: "Something went wrong",
	copied: "Copied!"
};
/** Server-side messages the spec does not fix; worded to be calm and exact. */
var SERVER_MSG = {
	invalidCredentials: "Invalid email or password.",
	emailTaken: "An account with this email already exists.",
	underage: "You must be at least 18 years old to sign up.",
	dobInvalid: "Enter a valid date of birth.",
	dobRequired: "Date of birth is required.",
	passwordTooCommon: "This password is too common. Please choose another.",
	passwordTooLong: "Password must be at most 128 characters.",
	otpIncorrect: "Incorrect OTP",
	otpExpired: "This code has expired. Please request a new one.",
	otpTooManyAttempts: "Too many incorrect attempts. Please request a new code.",
	resetSessionInvalid: "This reset link is no longer valid. Please start again.",
	resetNotVerified: "Please verify the code sent to your email first.",
	forgotSent: "If an account exists for this email, a six-digit code has been sent to it.",
	resendTooSoon: "Please wait before requesting another code.",
	passwordReset: "Password changed successfully!",
	oldPasswordWrong: "Old password is incorrect.",
	sameAsOld: "New password must be different from the old password.",
	signupSuccess: "User Sign up successful!",
	loginSuccess: "Login successful!",
	logoutSuccess: "Logged out successfully",
	profileUpdated: "Profile updated successfully",
	notAuthenticated: "Authentication credentials were not provided.",
	tokenInvalid: "Given token not valid for any token type",
	refreshInvalid: "Token is invalid or expired",
	forbidden: "You do not have permission to perform this action.",
	notFound: "Not found.",
	rateLimited: "Too many attempts. Please try again later.",
	malformedJson: "Request body is not valid JSON.",
	bodyTooLarge: "Request body is too large.",
	unsupportedMediaType: "Unsupported content type.",
	internal: "Something went wrong on our side. Please try again."
};
// ../../packages/shared/src/error-message.ts
/** The first human message in any error body the API returns, in the order the spec's client reads them. */
function firstErrorMessage(body) {
	if (!body || typeof body !== "object") return void 0;
	const b = body;
	const nfe = b.non_field_errors;
	if (Array.isArray(nfe) && typeof nfe[0] === "string") return nfe[0];
	for (const key of ["message", "detail"]) if (typeof b[key] === "string" && b[key]) return b[key];
	for (const v of Object.values(b)) if (Array.isArray(v) && typeof v[0] === "string") return v[0];
}
// ../../packages/shared/src/token.ts
/** Decodes a JWT payload without verifying it; null when it is not base64url JSON. */
function decodeTokenPayload(token) {
	const part = token.split(".")[1];
	if (!part) return null;
	try {
		const b64 = part.replace(/-/g, "+").replace(/_/g, "/").padEnd(Math.ceil(part.length / 4) * 4, "=");
		const json = new TextDecoder().decode(Uint8Array.from(atob(b64), (c) => c.charCodeAt(0)));
		const payload = JSON.parse(json);
		return payload && typeof payload === "object" ? payload : null;
	} catch {
		return null;
	}
}
/** Classifies a stored token as the route guard does; `nowSeconds` is injected so the rule is testable. */
function checkToken(token, nowSeconds) {
	if (!token) return "no_token";
	if (token.split(".").length !== 3) return "invalid_format";
	const payload = decodeTokenPayload(token);
	if (!payload) return "decode_error";
	if (typeof payload.exp === "number" && payload.exp < nowSeconds) return "expired";
	return "valid";
}
// src/components/ui/error-screen.tsx
/** The screen for unhandled interface errors (spec section 2): 'Something went wrong' and a Refresh Page button. */
function ErrorScreen() {
	return /* @__PURE__ */ jsx(Center, {
		component: "main",
		mih: "100vh",
		p: "md",
		bg: "var(--kindred-page-bg)",
		children: /* @__PURE__ */ jsx(Paper, {
			role: "alert",
			withBorder: true,
			shadow: "sm",
			radius: "lg",
			p: "xl",
			maw: 440,
			w: "100%",
			children: /* @__PURE__ */ jsxs(Stack, {
				align: "center",
				gap: "md",
				ta: "center",
				children: [
					/* @__PURE__ */ jsx(ThemeIcon, {
						size: 56,
						radius: "xl",
						variant: "light",
						color: "plum",
						"aria-hidden": true,
						children: /* @__PURE__ */ jsx(IconMoodSad, { size: 30 })
					}),
					/* @__PURE__ */ jsx(Title, {
						order: 1,
						size: "h2",
						children: MSG.somethingWentWrong
					}),
					/* @__PURE__ */ jsx(Text, {
						c: "dimmed",
						children: "An unexpected problem stopped this page. Refreshing usually fixes it."
					}),
					/* @__PURE__ */ jsx(Button, {
						size: "md",
						onClick: () => window.location.reload(),
						children: "Refresh Page"
					})
				]
			})
		})
	});
}
// src/app/error-boundary.tsx
/** Catches render errors outside the router (providers); the router's own errors go to RouteErrorScreen. */
var AppErrorBoundary = class extends Component {
	state = { failed: false };
	static getDerivedStateFromError() {
		return { failed: true };
	}
	componentDidCatch(error, info) {
		console.error("Unhandled interface error", error, info.componentStack);
	}
	render() {
		return this.state.failed ? /* @__PURE__ */ jsx(ErrorScreen, {}) : this.props.children;
	}
};
/** Route-level error element: logs the error and shows the same screen. */
function RouteErrorScreen() {
	const error = useRouteError();
	useEffect(() => {
		console.error("Unhandled interface error", error);
	}, [error]);
	return /* @__PURE__ */ jsx(ErrorScreen, {});
}
// src/lib/api-error.ts
/** Every failed API call becomes this one shape, whatever the status (see docs/decisions/003-error-shapes.md). */
var ApiError = class extends Error {
	status;
	body;
	/** The server's own human message, when it sent one; screens fall back to the spec's text otherwise. */
	serverMessage;
	/** Seconds from a 429's Retry-After header, when given. */
	retryAfterSeconds;
	constructor(status, body, retryAfterSeconds) {
		const serverMessage = firstErrorMessage(body);
		super(serverMessage ?? `Request failed with status ${status}`);
		this.name = "ApiError";
		this.status = status;
		this.body = body;
		this.serverMessage = serverMessage;
		this.retryAfterSeconds = retryAfterSeconds;
	}
};
/** The server's message for a failure, else the screen's fallback text (spec section 8). */
function errorMessage(error, fallback) {
	return error instanceof ApiError && error.serverMessage ? error.serverMessage : fallback;
}
/** Field errors of a 400 body ({ field: [msg] }) as { field: msg }, for showing under the inputs. */
function fieldErrorsOf(error) {
	if (!(error instanceof ApiError) || error.status !== 400) return {};
	const body = error.body;
	if (!body || typeof body !== "object") return {};
	const out = {};
	for (const [key, value] of Object.entries(body)) {
		if (key === "non_field_errors" || key === "message") continue;
		if (Array.isArray(value) && typeof value[0] === "string") out[key] = value[0];
	}
	return out;
}
/** Sign-up failure text in the spec's order: non_field_errors, date_of_birth, message, fallback. */
function signupErrorMessage(body, fallback) {
	if (body && typeof body === "object") {
		const b = body;
		for (const key of ["non_field_errors", "date_of_birth"]) {
			const v = b[key];
			if (Array.isArray(v) && typeof v[0] === "string" && v[0]) return v[0];
		}
		if (typeof b.message === "string" && b.message) return b.message;
	}
	return fallback;
}
var theme = createTheme({
	colors: {
		teal: [
			"#e9f6f5",
			"#d3ecea",
			"#a6d8d4",
			"#76c3bd",
			"#4eb0a9",
			"#33a29b",
			"#1f8a84",
			"#0f6e6e",
			"#0b5b5b",
			"#064747"
		],
		plum: [
			"#f8eff5",
			"#eedde9",
			"#dbb7d0",
			"#c78fb6",
			"#b56ea0",
			"#a85a92",
			"#9a4a85",
			"#7f3a6e",
			"#6c2f5e",
			"#5a244e"
		]
	},
	primaryColor: "teal",
	primaryShade: 7,
	autoContrast: true,
	defaultRadius: "md",
	fontFamily: "system-ui, -apple-system, \"Segoe UI\", Roboto, \"Helvetica Neue\", Arial, \"Noto Sans\", sans-serif",
	headings: {
		fontFamily: "system-ui, -apple-system, \"Segoe UI\", Roboto, \"Helvetica Neue\", Arial, \"Noto Sans\", sans-serif",
		fontWeight: "650"
	},
	breakpoints: {
		xs: "37.5em",
		sm: "48em",
		md: "62em",
		lg: "75em",
		xl: "88em"
	},
	components: {
		Button: { defaultProps: { radius: "xl" } },
		Loader: { defaultProps: { color: "teal" } },
		Tooltip: { defaultProps: { withArrow: true } }
	}
});
/** Mantine's default "dimmed" grey and error red are below 4.5:1 on white; these pass WCAG AA for small text. */
var cssVariablesResolver = () => ({
	variables: {},
	light: {
		"--mantine-color-dimmed": "#56625f",
		"--mantine-color-placeholder": "#6b7775",
		"--mantine-color-error": "#c92a2a"
	},
	dark: {}
});
// src/app/providers.tsx
var AppToaster = lazy(() => import("./assets/toaster-CsDLclG9.js"));
/** The toaster loads after the first render: it is never needed to show a page, and it keeps the first load lighter. */
function DeferredToaster() {
	const [ready, setReady] = useState(false);
	useEffect(() => setReady(true), []);
	return ready ? /* @__PURE__ */ jsx(Suspense, {
		fallback: null,
		children: /* @__PURE__ */ jsx(AppToaster, {})
	}) : null;
}
var queryClient = new QueryClient({ defaultOptions: { queries: {
	staleTime: 3e4,
	refetchOnWindowFocus: false,
	retry: (count, error) => count < 2 && !(error instanceof ApiError && error.status >= 400 && error.status < 500)
} } });
/** `client` is the browser's singleton by default; the server renderer passes one per request. */
function Providers({ children, client = queryClient }) {
	return /* @__PURE__ */ jsx(MantineProvider, {
		theme,
		cssVariablesResolver,
		forceColorScheme: "light",
		children: /* @__PURE__ */ jsxs(QueryClientProvider, {
			client,
			children: [children, /* @__PURE__ */ jsx(DeferredToaster, {})]
		})
	});
}
// src/components/ui/page-loader.tsx
/** A centred spinner for whole-page waits (first load of a lazy page, the route guard's token check). */
function PageLoader({ size = 40, label = "Loading" }) {
	return /* @__PURE__ */ jsx(Center, {
		mih: "60vh",
		role: "status",
		"aria-label": label,
		children: /* @__PURE__ */ jsx(Loader, { size })
	});
}
// src/lib/paths.ts
/** Every route path of the web app (spec section 2). Links and redirects use these, never string literals. */
var paths = {
	home: "/",
	about: "/about",
	faqs: "/faqs",
	support: "/support",
	blogs: "/blogs",
	findBlog: "/find-blog",
	fertilityResources: "/fertility-guide-steps",
	pricing: "/pricing",
	privacyPolicy: "/privacy-policy",
	termsConditions: "/terms-conditions",
	login: "/login",
	register: "/register",
	forgetPassword: "/forget-password",
	otpVerification: "/otp-verification",
	createPassword: "/create-password",
	newPassword: "/new-password",
	profile: "/profile",
	dashboard: "/dashboard",
	profileSteps: "/profile-steps",
	donorMatches: "/donor-matches",
	bookAppointment: "/book-appoinment",
	subscription: "/subscription",
	paymentSuccess: "/payment-success",
	/** An article's shareable address (server-rendered); build links with articlePath. */
	blogArticle: "/blogs/:slug",
	/** A matched donor's profile (the reference id is the last segment; build links with donorPath). */
	donorDetail: "/donors/:referenceId",
	/** Side-by-side comparison of up to three matched donors (?ids=A,B,C). */
	donorCompare: "/donors/compare",
	/** Development and test aid: renders a component that throws, to show the error screen. */
	crash: "/__crash"
};
var donorPath = (referenceId) => `/donors/${encodeURIComponent(referenceId)}`;
var comparePath = (referenceIds) => `${paths.donorCompare}?ids=${referenceIds.map(encodeURIComponent).join(",")}`;
/** API paths under /api/v1 (spec section 7), trailing slashes as the server expects. */
var apiPaths = {
	login: "auth/login/",
	signup: "auth/parent/signup/",
	refresh: "auth/token/refresh/",
	logout: "auth/logout/",
	forgotPassword: "auth/forgot-password/",
	resendOtp: "auth/resend-otp/",
	verifyOtp: "auth/verify-otp/",
	resetPassword: "auth/reset-password/",
	changePassword: "auth/change-password/",
	profile: "auth/profile/",
	parentUpdate: (id) => `admin/parent/${encodeURIComponent(id)}/update/`,
	myAppointments: "appointments/my-appointments/",
	payments: "payments/",
	plans: "subscriptions/plans/",
	mySubscription: "subscriptions/me/",
	cancelSubscription: "subscriptions/cancel/",
	createCheckout: "payments/create-checkout-session/",
	verifyCheckout: "payments/create-checkout-session/verify/",
	createPreferences: "fertility-profile/create/",
	listPreferences: "fertility-profile/list/",
	findMatches: "donors/find-matches/",
	donorDetail: (referenceId) => `donors/${encodeURIComponent(referenceId)}/`,
	favourites: "donors/favourites/",
	transactions: "parent/transactions/",
	geocodeAutocomplete: "geocoding/autocomplete/"
};
/** The live match count socket (spec section 7); the access token goes in the query. */
var REALTIME_MATCHING_PATH = "/ws/realtime-matching/";
var API_BASE = "/api/v1/";
// src/lib/session.ts
/**
* Browser session storage (spec section 3). The access token lives in localStorage as `userToken`; the refresh
* token is an httpOnly cookie the script never sees. The password is never stored (see README).
*/
var SESSION_EVENT = "kindred:session";
function notify() {
	window.dispatchEvent(new Event(SESSION_EVENT));
}
function getToken() {
	return localStorage.getItem(STORAGE_KEYS.userToken);
}
function setToken(access) {
	localStorage.setItem(STORAGE_KEYS.userToken, access);
	notify();
}
function saveSignIn(access, user) {
	localStorage.setItem(STORAGE_KEYS.userToken, access);
	localStorage.setItem(STORAGE_KEYS.profileUserId, user.id);
	saveProfileData(user);
	notify();
}
function saveProfileData(user) {
	localStorage.setItem(STORAGE_KEYS.profileData, JSON.stringify(user));
}
function readProfileData() {
	const raw = localStorage.getItem(STORAGE_KEYS.profileData);
	if (!raw) return void 0;
	try {
		return JSON.parse(raw);
	} catch {
		return;
	}
}
/** What the guard removes for every token failure reason (spec section 4). */
function clearToken() {
	localStorage.removeItem(STORAGE_KEYS.userToken);
	localStorage.removeItem(STORAGE_KEYS.profileUserId);
	notify();
}
/** Sign-out: the token, the user id and the cached profile go; remembered e-mail stays. */
function clearSession() {
	localStorage.removeItem(STORAGE_KEYS.profileData);
	clearToken();
}
/** 'Complete Now': everything except the three keys the profile flow still needs. */
function clearAllExceptProfile() {
	const keep = [
		STORAGE_KEYS.profileData,
		STORAGE_KEYS.profileUserId,
		STORAGE_KEYS.userToken
	];
	for (const key of Object.keys(localStorage)) if (!keep.includes(key)) localStorage.removeItem(key);
}
function readRememberedLogin() {
	if (localStorage.getItem(STORAGE_KEYS.rememberMe) !== "true") return null;
	return { email: localStorage.getItem(STORAGE_KEYS.rememberedEmail) ?? "" };
}
function saveRememberedLogin(email) {
	if (email === null) {
		localStorage.removeItem(STORAGE_KEYS.rememberMe);
		localStorage.removeItem(STORAGE_KEYS.rememberedEmail);
		return;
	}
	localStorage.setItem(STORAGE_KEYS.rememberMe, "true");
	localStorage.setItem(STORAGE_KEYS.rememberedEmail, email);
}
function getOtpToken() {
	return localStorage.getItem(STORAGE_KEYS.otpToken);
}
function setOtpToken(token) {
	localStorage.setItem(STORAGE_KEYS.otpToken, token);
}
function clearOtpToken() {
	localStorage.removeItem(STORAGE_KEYS.otpToken);
	sessionStorage.removeItem(STORAGE_KEYS.resetEmail);
}
function setResetEmail(email) {
	sessionStorage.setItem(STORAGE_KEYS.resetEmail, email);
}
function getResetEmail() {
	return sessionStorage.getItem(STORAGE_KEYS.resetEmail);
}
/** Subscribe to sign-in/out in this tab and in others (the `storage` event). */
function subscribeSession(listener) {
	window.addEventListener(SESSION_EVENT, listener);
	window.addEventListener("storage", listener);
	return () => {
		window.removeEventListener(SESSION_EVENT, listener);
		window.removeEventListener("storage", listener);
	};
}
// src/lib/api-client.ts
/** Calls whose 401 means the session is over (spec: "401 on profile, appointments, payments"). */
var SESSION_CALLS = [
	apiPaths.profile,
	apiPaths.myAppointments,
	apiPaths.payments
];
var onSessionExpired = () => window.location.assign("/login");
function buildUrl(path, query) {
	const qs = query ? new URLSearchParams(query).toString() : "";
	return `${API_BASE}${path}${qs ? `?${qs}` : ""}`;
}
async function parseBody(res) {
	const text = await res.text();
	if (!text) return null;
	try {
		return JSON.parse(text);
	} catch {
		return { raw: text };
	}
}
async function send(path, opts) {
	const headers = { Accept: "application/json" };
	if (opts.body !== void 0) headers["Content-Type"] = "application/json";
	const token = opts.auth ? getToken() : null;
	if (token) headers.Authorization = `Bearer ${token}`;
	return fetch(buildUrl(path, opts.query), {
		method: opts.method ?? "GET",
		headers,
		body: opts.body === void 0 ? void 0 : JSON.stringify(opts.body),
		credentials: "include",
		signal: opts.signal
	});
}
var refreshing = null;
/**
* Exchanges the httpOnly refresh cookie for a new access token. Concurrent callers share one request, because the
* server rotates refresh tokens and treats a reused one as theft.
*/
function refreshAccessToken() {
	refreshing ??= (async () => {
		try {
			const res = await fetch(buildUrl(apiPaths.refresh), {
				method: "POST",
				headers: {
					"Content-Type": "application/json",
					Accept: "application/json"
				},
				body: "{}",
				credentials: "include"
			});
			if (!res.ok) return false;
			const body = await parseBody(res);
			if (typeof body?.access !== "string") return false;
			setToken(body.access);
			return true;
		} catch {
			return false;
		} finally {
			setTimeout(() => refreshing = null, 0);
		}
	})();
	return refreshing;
}
async function apiRequest(path, opts = {}) {
	let res;
	try {
		res = await send(path, opts);
		if (res.status === 401 && opts.auth && await refreshAccessToken()) res = await send(path, opts);
	} catch (error) {
		if (error instanceof DOMException && error.name === "AbortError") throw error;
		throw new ApiError(0, { message: "Could not reach the server. Check your connection and try again." });
	}
	const body = await parseBody(res);
	if (res.ok) return body;
	if (res.status === 401 && opts.auth && SESSION_CALLS.includes(path)) {
		clearSession();
		onSessionExpired();
	}
	throw new ApiError(res.status, body, retryAfterOf(res));
}
function retryAfterOf(res) {
	const value = Number(res.headers.get("Retry-After"));
	return Number.isFinite(value) && value > 0 ? value : void 0;
}
// src/features/auth/components/require-auth.tsx
/**
* Route guard for /profile, /donor-matches, /subscription and /dashboard (spec sections 2, 4, 8). An expired
* token gets one silent refresh from the httpOnly cookie; every other failure reason (no_token, invalid_format,
* decode_error) and a failed refresh clear the session and replace the page with /login.
*/
function RequireAuth() {
	const { pathname } = useLocation();
	return /* @__PURE__ */ jsx(TokenGuard, {}, pathname);
}
function TokenGuard() {
	const navigate = useNavigate();
	const [state, setState] = useState(() => checkToken(getToken(), Date.now() / 1e3) === "valid" ? "allowed" : "checking");
	useEffect(() => {
		if (state === "allowed") return;
		let cancelled = false;
		const reject = () => {
			if (cancelled) return;
			clearToken();
			navigate(paths.login, { replace: true });
		};
		const reason = checkToken(getToken(), Date.now() / 1e3);
		if (reason === "decode_error") console.error("Stored token could not be decoded");
		if (reason === "expired") refreshAccessToken().then((ok) => {
			if (cancelled) return;
			if (ok && checkToken(getToken(), Date.now() / 1e3) === "valid") setState("allowed");
			else reject();
		});
		else if (reason === "valid") setState("allowed");
		else reject();
		return () => {
			cancelled = true;
		};
	}, [navigate, state]);
	if (state === "checking") return /* @__PURE__ */ jsx(PageLoader, {
		size: 60,
		label: "Checking your session"
	});
	return /* @__PURE__ */ jsx(Outlet, {});
}
// src/routes/crash.route.tsx
/**
* Development and end-to-end test aid: rendering this route throws, so the 'Something went wrong' screen can be
* seen and tested in a real browser without breaking any real page.
*/
function CrashPage() {
	throw new Error("Intentional crash from /__crash (test aid)");
}
// src/components/ui/handshake-illustration.tsx
/**
* The auth layout's decorative handshake (spec section 2), drawn inline so the page loads nothing from outside
* and stays within the content security policy. Purely decorative: hidden from assistive technology.
*/
function HandshakeIllustration() {
	return /* @__PURE__ */ jsxs("svg", {
		viewBox: "0 0 480 400",
		width: "100%",
		role: "presentation",
		"aria-hidden": "true",
		focusable: "false",
		children: [
			/* @__PURE__ */ jsxs("defs", { children: [
				/* @__PURE__ */ jsxs("linearGradient", {
					id: "hs-sleeve-left",
					x1: "0",
					y1: "0",
					x2: "1",
					y2: "1",
					children: [/* @__PURE__ */ jsx("stop", {
						offset: "0",
						stopColor: "#9a4a85"
					}), /* @__PURE__ */ jsx("stop", {
						offset: "1",
						stopColor: "#6c2f5e"
					})]
				}),
				/* @__PURE__ */ jsxs("linearGradient", {
					id: "hs-sleeve-right",
					x1: "1",
					y1: "0",
					x2: "0",
					y2: "1",
					children: [/* @__PURE__ */ jsx("stop", {
						offset: "0",
						stopColor: "#1f8a84"
					}), /* @__PURE__ */ jsx("stop", {
						offset: "1",
						stopColor: "#0b5b5b"
					})]
				}),
				/* @__PURE__ */ jsx("clipPath", {
					id: "hs-frame",
					children: /* @__PURE__ */ jsx("circle", {
						cx: "240",
						cy: "200",
						r: "170"
					})
				})
			] }),
			/* @__PURE__ */ jsx("circle", {
				cx: "240",
				cy: "200",
				r: "170",
				fill: "#ffffff",
				opacity: "0.55"
			}),
			/* @__PURE__ */ jsx("circle", {
				cx: "240",
				cy: "200",
				r: "124",
				fill: "#ffffff",
				opacity: "0.6"
			}),
			/* @__PURE__ */ jsx("circle", {
				cx: "92",
				cy: "84",
				r: "10",
				fill: "#dbb7d0"
			}),
			/* @__PURE__ */ jsx("circle", {
				cx: "400",
				cy: "300",
				r: "14",
				fill: "#a6d8d4"
			}),
			/* @__PURE__ */ jsx("circle", {
				cx: "402",
				cy: "92",
				r: "6",
				fill: "#c78fb6"
			}),
			/* @__PURE__ */ jsx("circle", {
				cx: "70",
				cy: "312",
				r: "6",
				fill: "#76c3bd"
			}),
			/* @__PURE__ */ jsx("path", {
				d: "M240 138s-34-20.5-34-45.5a19 19 0 0 1 34-11.6 19 19 0 0 1 34 11.6c0 25-34 45.5-34 45.5z",
				fill: "#b56ea0"
			}),
			/* @__PURE__ */ jsxs("g", {
				clipPath: "url(#hs-frame)",
				children: [
					/* @__PURE__ */ jsx("path", {
						d: "M9 262 L139 212 L161 268 L31 318 Z",
						fill: "url(#hs-sleeve-left)"
					}),
					/* @__PURE__ */ jsx("path", {
						d: "M116 221 L141 211 L163 267 L138 277 Z",
						fill: "#f8eff5"
					}),
					/* @__PURE__ */ jsx("path", {
						d: "M471 262 L341 212 L319 268 L449 318 Z",
						fill: "url(#hs-sleeve-right)"
					}),
					/* @__PURE__ */ jsx("path", {
						d: "M364 221 L339 211 L317 267 L342 277 Z",
						fill: "#e9f6f5"
					}),
					/* @__PURE__ */ jsx("path", {
						d: "M140 214 C170 190 214 184 256 192 L300 200 C314 203 316 222 301 225 L262 224\n           C278 236 282 262 264 276 C240 292 196 290 168 268 Z",
						fill: "#f0c4a1"
					}),
					/* @__PURE__ */ jsx("path", {
						d: "M340 214 C318 200 290 196 262 204 C238 211 222 222 214 236 C208 247 218 256 230 252\n           L262 242 C250 256 252 272 268 282 C292 296 322 286 344 268 Z",
						fill: "#b97b55"
					}),
					/* @__PURE__ */ jsxs("g", {
						stroke: "#9a6342",
						strokeWidth: "3",
						strokeLinecap: "round",
						fill: "none",
						opacity: "0.7",
						children: [
							/* @__PURE__ */ jsx("path", { d: "M226 248 C236 244 250 240 262 238" }),
							/* @__PURE__ */ jsx("path", { d: "M232 264 C244 262 256 262 266 262" }),
							/* @__PURE__ */ jsx("path", { d: "M244 280 C254 281 264 281 274 280" })
						]
					}),
					/* @__PURE__ */ jsx("path", {
						d: "M222 206 C240 196 266 196 282 204 C290 208 286 218 276 218 L236 220 C224 220 216 212 222 206 Z",
						fill: "#e8b48d"
					})
				]
			})
		]
	});
}
// src/components/ui/logo.tsx
/** The Kindred mark and wordmark; a click goes home (spec: "Logo click goes to /"). */
function Logo({ inverted = false }) {
	const ink = inverted ? "#ffffff" : "var(--kindred-teal-dark)";
	return /* @__PURE__ */ jsxs(Link, {
		to: paths.home,
		"aria-label": "Kindred home",
		style: {
			display: "inline-flex",
			alignItems: "center",
			gap: 10,
			textDecoration: "none",
			flexShrink: 0
		},
		children: [/* @__PURE__ */ jsxs("svg", {
			width: "34",
			height: "34",
			viewBox: "0 0 64 64",
			"aria-hidden": "true",
			focusable: "false",
			children: [/* @__PURE__ */ jsx("rect", {
				width: "64",
				height: "64",
				rx: "18",
				fill: inverted ? "#ffffff" : "#0f6e6e"
			}), /* @__PURE__ */ jsx("path", {
				d: "M32 49s-16-9.6-16-21.5a9 9 0 0 1 16-5.9 9 9 0 0 1 16 5.9C48 39.4 32 49 32 49z",
				fill: inverted ? "#7f3a6e" : "#f8eff5"
			})]
		}), /* @__PURE__ */ jsx("span", {
			style: {
				fontSize: "1.3rem",
				fontWeight: 700,
				letterSpacing: "-0.01em",
				color: ink
			},
			children: "Kindred"
		})]
	});
}
var auth_layout_module_default = {
	layout: "_layout_175da_1",
	formSide: "_formSide_175da_8",
	formArea: "_formArea_175da_14",
	formInner: "_formInner_175da_22",
	art: "_art_175da_27",
	artFigure: "_artFigure_175da_39",
	artCaption: "_artCaption_175da_44",
	artNote: "_artNote_175da_53"
};
// src/routes/layouts/auth-layout.tsx
/** Auth layout (spec section 2): the form on the left, a decorative handshake on the right (hidden below 600 px). */
function AuthLayout() {
	return /* @__PURE__ */ jsxs("div", {
		className: auth_layout_module_default.layout,
		children: [/* @__PURE__ */ jsxs("div", {
			className: auth_layout_module_default.formSide,
			children: [/* @__PURE__ */ jsx("header", { children: /* @__PURE__ */ jsx(Logo, {}) }), /* @__PURE__ */ jsx("main", {
				id: "main",
				className: auth_layout_module_default.formArea,
				children: /* @__PURE__ */ jsx("div", {
					className: auth_layout_module_default.formInner,
					children: /* @__PURE__ */ jsx(Outlet, {})
				})
			})]
		}), /* @__PURE__ */ jsxs("aside", {
			className: auth_layout_module_default.art,
			"aria-hidden": "true",
			children: [/* @__PURE__ */ jsx("figure", {
				className: auth_layout_module_default.artFigure,
				children: /* @__PURE__ */ jsx(HandshakeIllustration, {})
			}), /* @__PURE__ */ jsxs("div", {
				className: auth_layout_module_default.artCaption,
				children: ["Every family begins with a connection.", /* @__PURE__ */ jsx("div", {
					className: auth_layout_module_default.artNote,
					children: "Thoughtful, AI-assisted matching for intended parents."
				})]
			})]
		})]
	});
}
var footer_module_default = {
	footer: "_footer_1ha7a_1",
	inner: "_inner_1ha7a_7",
	tagline: "_tagline_1ha7a_29",
	heading: "_heading_1ha7a_36",
	list: "_list_1ha7a_45",
	link: "_link_1ha7a_53",
	contact: "_contact_1ha7a_63",
	contactRow: "_contactRow_1ha7a_70",
	social: "_social_1ha7a_76",
	socialLink: "_socialLink_1ha7a_82",
	bottom: "_bottom_1ha7a_98",
	bottomInner: "_bottomInner_1ha7a_102",
	bottomLinks: "_bottomLinks_1ha7a_114"
};
// src/components/layout/footer.tsx
var TAGLINE = "Leveraging AI to help individuals and couples find their perfect match!";
var QUICK_LINKS = [
	{
		label: "FAQs",
		to: paths.faqs
	},
	{
		label: "Blogs",
		to: paths.blogs
	},
	{
		label: "Fertility Resources",
		to: paths.fertilityResources
	},
	{
		label: "Pricing",
		to: paths.pricing
	},
	{
		label: "Privacy Policy",
		to: paths.privacyPolicy
	}
];
var RESOURCES = [{
	label: "About Us",
	to: paths.about
}, {
	label: "Terms and Conditions",
	to: paths.termsConditions
}];
var SOCIAL = [
	{
		label: "Kindred on Facebook",
		href: "https://www.facebook.com/",
		Icon: IconBrandFacebook
	},
	{
		label: "Kindred on Instagram",
		href: "https://www.instagram.com/",
		Icon: IconBrandInstagram
	},
	{
		label: "Kindred on LinkedIn",
		href: "https://www.linkedin.com/",
		Icon: IconBrandLinkedin
	},
	{
		label: "Kindred on X",
		href: "https://x.com/",
		Icon: IconBrandX
	}
];
/** Spec: footer links scroll the page to the top (also when the link points at the page already shown). */
function scrollToTop() {
	window.scrollTo({
		top: 0,
		left: 0
	});
}
function FooterLink({ to, label }) {
	return /* @__PURE__ */ jsx(Link, {
		to,
		className: footer_module_default.link,
		onClick: scrollToTop,
		children: label
	});
}
function Footer() {
	return /* @__PURE__ */ jsxs("footer", {
		className: footer_module_default.footer,
		children: [/* @__PURE__ */ jsxs("div", {
			className: footer_module_default.inner,
			children: [
				/* @__PURE__ */ jsxs("div", { children: [/* @__PURE__ */ jsx(Logo, { inverted: true }), /* @__PURE__ */ jsx("p", {
					className: footer_module_default.tagline,
					children: TAGLINE
				})] }),
				/* @__PURE__ */ jsxs("nav", {
					"aria-labelledby": "footer-quick-links",
					children: [/* @__PURE__ */ jsx("h2", {
						id: "footer-quick-links",
						className: footer_module_default.heading,
						children: "Quick Links"
					}), /* @__PURE__ */ jsx("ul", {
						className: footer_module_default.list,
						children: QUICK_LINKS.map((l) => /* @__PURE__ */ jsx("li", { children: /* @__PURE__ */ jsx(FooterLink, { ...l }) }, l.to))
					})]
				}),
				/* @__PURE__ */ jsxs("nav", {
					"aria-labelledby": "footer-resources",
					children: [/* @__PURE__ */ jsx("h2", {
						id: "footer-resources",
						className: footer_module_default.heading,
						children: "Resources"
					}), /* @__PURE__ */ jsx("ul", {
						className: footer_module_default.list,
						children: RESOURCES.map((l) => /* @__PURE__ */ jsx("li", { children: /* @__PURE__ */ jsx(FooterLink, { ...l }) }, l.to))
					})]
				}),
				/* @__PURE__ */ jsxs("div", { children: [
					/* @__PURE__ */ jsx("h2", {
						className: footer_module_default.heading,
						children: "Contact Us"
					}),
					/* @__PURE__ */ jsxs("address", {
						className: footer_module_default.contact,
						children: [
							/* @__PURE__ */ jsxs("span", {
								className: footer_module_default.contactRow,
								children: [/* @__PURE__ */ jsx(IconPhone, {
									size: 18,
									"aria-hidden": true
								}), /* @__PURE__ */ jsx("a", {
									className: footer_module_default.link,
									href: "tel:+13125550142",
									children: "+1 (312) 555-0142"
								})]
							}),
							/* @__PURE__ */ jsxs("span", {
								className: footer_module_default.contactRow,
								children: [/* @__PURE__ */ jsx(IconMail, {
									size: 18,
									"aria-hidden": true
								}), /* @__PURE__ */ jsx("a", {
									className: footer_module_default.link,
									href: "mailto:support@kindred.demo",
									children: "support@kindred.demo"
								})]
							}),
							/* @__PURE__ */ jsxs("span", {
								className: footer_module_default.contactRow,
								children: [/* @__PURE__ */ jsx(IconMapPin, {
									size: 18,
									"aria-hidden": true
								}), "100 Lakeshore Plaza, Suite 400, Chicago, IL 60601"]
							})
						]
					}),
					/* @__PURE__ */ jsx("h2", {
						className: footer_module_default.heading,
						style: { marginTop: 20 },
						children: "Follow us"
					}),
					/* @__PURE__ */ jsx("div", {
						className: footer_module_default.social,
						children: SOCIAL.map(({ label, href, Icon }) => /* @__PURE__ */ jsx("a", {
							href,
							"aria-label": label,
							className: footer_module_default.socialLink,
							target: "_blank",
							rel: "noopener noreferrer",
							children: /* @__PURE__ */ jsx(Icon, {
								size: 20,
								"aria-hidden": true
							})
						}, label))
					})
				] })
			]
		}), /* @__PURE__ */ jsx("div", {
			className: footer_module_default.bottom,
			children: /* @__PURE__ */ jsxs("div", {
				className: footer_module_default.bottomInner,
				children: [/* @__PURE__ */ jsxs("span", { children: [
					"© ",
					(/* @__PURE__ */ new Date()).getFullYear(),
					" Kindred. All rights reserved."
				] }), /* @__PURE__ */ jsxs("span", {
					className: footer_module_default.bottomLinks,
					children: [/* @__PURE__ */ jsx(FooterLink, {
						to: paths.privacyPolicy,
						label: "Privacy Policy"
					}), /* @__PURE__ */ jsx(FooterLink, {
						to: paths.termsConditions,
						label: "Terms & Conditions"
					})]
				})]
			})
		})]
	});
}
// src/lib/header-visibility.ts
/**
* The main header's show/hide rules (spec section 2, "Main header"): Sign In shows off /profile when no token is
* stored; Dashboard (to /profile) shows with a token anywhere except / and /profile.
*/
function mainHeaderActions(pathname, hasToken) {
	const path = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
	return {
		showSignIn: path !== paths.profile && !hasToken,
		showDashboard: hasToken && path !== paths.home && path !== paths.profile
	};
}
/** The mobile menu's buttons: signed in, one Login button to /dashboard; signed out, Login and Signup. */
function mobileMenuActions(hasToken) {
	if (hasToken) return [{
		label: "Login",
		to: paths.dashboard,
		variant: "filled"
	}];
	return [{
		label: "Login",
		to: paths.login,
		variant: "outline"
	}, {
		label: "Signup",
		to: paths.register,
		variant: "filled"
	}];
}
// src/lib/use-session.ts
/** Whether an access token is stored, re-rendering on sign-in and sign-out in any tab. */
function useHasToken() {
	return useSyncExternalStore(subscribeSession, () => getToken() !== null, () => false);
}
var layout_module_default = {
	shell: "_shell_mxa7k_1",
	main: "_main_mxa7k_7",
	header: "_header_mxa7k_12",
	headerInner: "_headerInner_mxa7k_22",
	nav: "_nav_mxa7k_32",
	navLink: "_navLink_mxa7k_39",
	actions: "_actions_mxa7k_59",
	burger: "_burger_mxa7k_65",
	simpleNav: "_simpleNav_mxa7k_86",
	simpleHeader: "_simpleHeader_mxa7k_95",
	mobileLink: "_mobileLink_mxa7k_116"
};
// src/components/layout/main-header.tsx
var MobileMenu = lazy(() => import("./assets/mobile-menu-BPb-AdIm.js"));
var LINKS$1 = [
	{
		label: "About Us",
		to: paths.about
	},
	{
		label: "FAQs",
		to: paths.faqs
	},
	{
		label: "Fertility Resources",
		to: paths.fertilityResources
	}
];
/** The main header (spec section 2): links, Sign In / Dashboard by the exact rules, hamburger below 600 px. */
function MainHeader() {
	const { pathname } = useLocation();
	const hasToken = useHasToken();
	const [opened, { toggle, close }] = useDisclosure(false);
	const { showSignIn, showDashboard } = mainHeaderActions(pathname, hasToken);
	const [menuLoaded, setMenuLoaded] = useState(false);
	if (opened && !menuLoaded) setMenuLoaded(true);
	useEffect(close, [pathname, close]);
	return /* @__PURE__ */ jsxs("header", {
		className: layout_module_default.header,
		children: [/* @__PURE__ */ jsxs("div", {
			className: layout_module_default.headerInner,
			children: [
				/* @__PURE__ */ jsx(Logo, {}),
				/* @__PURE__ */ jsx("nav", {
					"aria-label": "Main",
					className: layout_module_default.nav,
					children: LINKS$1.map((link) => /* @__PURE__ */ jsx(NavLink, {
						to: link.to,
						className: layout_module_default.navLink,
						children: link.label
					}, link.to))
				}),
				/* @__PURE__ */ jsxs("div", {
					className: layout_module_default.actions,
					children: [showSignIn && /* @__PURE__ */ jsx(Button, {
						component: Link,
						to: paths.login,
						children: "Sign In"
					}), showDashboard && /* @__PURE__ */ jsx(Button, {
						component: Link,
						to: paths.profile,
						variant: "light",
						children: "Dashboard"
					})]
				}),
				/* @__PURE__ */ jsx(Burger, {
					className: layout_module_default.burger,
					opened,
					onClick: toggle,
					"aria-label": opened ? "Close menu" : "Open menu",
					"aria-expanded": opened,
					"aria-controls": opened ? "mobile-menu" : void 0
				})
			]
		}), menuLoaded && /* @__PURE__ */ jsx(Suspense, {
			fallback: null,
			children: /* @__PURE__ */ jsx(MobileMenu, {
				opened,
				onClose: close,
				links: LINKS$1,
				hasToken
			})
		})]
	});
}
// src/routes/layouts/main-layout.tsx
/** Main layout (spec section 2): the main header, a main area, the footer. */
function MainLayout() {
	return /* @__PURE__ */ jsxs("div", {
		className: layout_module_default.shell,
		children: [
			/* @__PURE__ */ jsx("a", {
				href: "#main",
				className: "skip-link",
				children: "Skip to content"
			}),
			/* @__PURE__ */ jsx(MainHeader, {}),
			/* @__PURE__ */ jsx("main", {
				id: "main",
				tabIndex: -1,
				className: layout_module_default.main,
				children: /* @__PURE__ */ jsx(Outlet, {})
			}),
			/* @__PURE__ */ jsx(Footer, {})
		]
	});
}
// src/components/layout/public-header.tsx
var LINKS = [
	{
		label: "Home",
		to: paths.home
	},
	{
		label: "Fertility Resources",
		to: paths.fertilityResources
	},
	{
		label: "About Us",
		to: paths.about
	}
];
/** The public layout's simple header (spec section 2): Home, Fertility Resources, About Us. */
function PublicHeader() {
	return /* @__PURE__ */ jsx("header", {
		className: `${layout_module_default.header} ${layout_module_default.simpleHeader}`,
		children: /* @__PURE__ */ jsxs("div", {
			className: layout_module_default.headerInner,
			children: [/* @__PURE__ */ jsx(Logo, {}), /* @__PURE__ */ jsx("nav", {
				"aria-label": "Main",
				className: layout_module_default.simpleNav,
				children: LINKS.map((link) => /* @__PURE__ */ jsx(NavLink, {
					to: link.to,
					end: true,
					className: layout_module_default.navLink,
					children: link.label
				}, link.to))
			})]
		})
	});
}
// src/routes/layouts/public-layout.tsx
/** Public layout (spec section 2): the simple header, the page, the footer. */
function PublicLayout() {
	return /* @__PURE__ */ jsxs("div", {
		className: layout_module_default.shell,
		children: [
			/* @__PURE__ */ jsx("a", {
				href: "#main",
				className: "skip-link",
				children: "Skip to content"
			}),
			/* @__PURE__ */ jsx(PublicHeader, {}),
			/* @__PURE__ */ jsx("main", {
				id: "main",
				tabIndex: -1,
				className: layout_module_default.main,
				children: /* @__PURE__ */ jsx(Outlet, {})
			}),
			/* @__PURE__ */ jsx(Footer, {})
		]
	});
}
// src/components/ui/page-container.tsx
/** Consistent page width and breathing room inside the main and public layouts. */
function PageContainer({ children, size = "lg" }) {
	return /* @__PURE__ */ jsx(Container, {
		size,
		px: {
			base: "md",
			sm: "lg"
		},
		py: {
			base: "lg",
			sm: 40
		},
		children
	});
}
// src/routes/not-found.route.tsx
/** Any path the app does not know. */
function NotFoundPage() {
	return /* @__PURE__ */ jsx(PageContainer, {
		size: "sm",
		children: /* @__PURE__ */ jsxs(Stack, {
			align: "center",
			ta: "center",
			gap: "md",
			py: 48,
			children: [
				/* @__PURE__ */ jsx(Text, {
					fw: 700,
					c: "plum.7",
					size: "xl",
					"aria-hidden": true,
					children: "404"
				}),
				/* @__PURE__ */ jsx(Title, {
					order: 1,
					children: "Page not found"
				}),
				/* @__PURE__ */ jsx(Text, {
					c: "dimmed",
					maw: 440,
					children: "The page you are looking for does not exist or has moved."
				}),
				/* @__PURE__ */ jsx(Group, { children: /* @__PURE__ */ jsx(Button, {
					component: Link,
					to: paths.home,
					children: "Go to home"
				}) })
			]
		})
	});
}
// src/routes/placeholder.route.tsx
/** Stands in for pages that later issues build, so every link of the shell leads somewhere sensible. */
function PlaceholderPage({ title, description }) {
	return /* @__PURE__ */ jsx(PageContainer, {
		size: "md",
		children: /* @__PURE__ */ jsx(Paper, {
			withBorder: true,
			radius: "lg",
			p: {
				base: "lg",
				sm: 48
			},
			shadow: "xs",
			children: /* @__PURE__ */ jsxs(Stack, {
				align: "flex-start",
				gap: "md",
				children: [
					/* @__PURE__ */ jsx(ThemeIcon, {
						size: 48,
						radius: "xl",
						variant: "light",
						color: "plum",
						"aria-hidden": true,
						children: /* @__PURE__ */ jsx(IconSparkles, { size: 26 })
					}),
					/* @__PURE__ */ jsx(Title, {
						order: 1,
						children: title
					}),
					/* @__PURE__ */ jsx(Text, {
						c: "dimmed",
						size: "lg",
						maw: 560,
						children: description ?? "This page is on its way. In the meantime, your profile and account are ready to use."
					}),
					/* @__PURE__ */ jsx(Group, { children: /* @__PURE__ */ jsx(Button, {
						component: Link,
						to: paths.home,
						variant: "light",
						children: "Back to home"
					}) })
				]
			})
		})
	});
}
// src/app/router.tsx
var placeholder = (path, title, description) => ({
	path,
	element: /* @__PURE__ */ jsx(PlaceholderPage, {
		title,
		description
	})
});
/** Signed-in and auth screens load on demand, keeping the first page small (and phone metadata off public pages). */
var lazyPage = (path, load) => ({
	path,
	lazy: async () => ({ Component: await load() })
});
function Root() {
	return /* @__PURE__ */ jsxs(Fragment$1, { children: [/* @__PURE__ */ jsx(ScrollRestoration, {}), /* @__PURE__ */ jsx(Outlet, {})] });
}
var routes = [{
	element: /* @__PURE__ */ jsx(Root, {}),
	errorElement: /* @__PURE__ */ jsx(RouteErrorScreen, {}),
	hydrateFallbackElement: /* @__PURE__ */ jsx(PageLoader, {}),
	children: [
		{
			element: /* @__PURE__ */ jsx(MainLayout, {}),
			children: [
				lazyPage(paths.home, async () => (await import("./assets/home-page-BR1GduxI.js")).HomePage),
				lazyPage(paths.about, async () => (await import("./assets/about-page-BSst71N1.js")).AboutPage),
				lazyPage(paths.faqs, async () => (await import("./assets/faq-page-oardKKLf.js")).FaqPage),
				lazyPage(paths.blogs, async () => (await import("./assets/blog-list-page-BZdaqnnj.js")).BlogListPage),
				lazyPage(paths.blogArticle, async () => (await import("./assets/article-page-D3kDB6w_.js")).ArticlePage),
				lazyPage(paths.pricing, async () => (await import("./assets/pricing-page.route-QmcfxFcj.js")).PricingWithMeta),
				lazyPage(paths.profileSteps, async () => (await import("./assets/profile-steps.route-B3PAz2h4.js")).ProfileStepsPage),
				{
					element: /* @__PURE__ */ jsx(RequireAuth, {}),
					children: [
						lazyPage(paths.profile, async () => (await import("./assets/profile.route-N--XaeKJ.js")).ProfilePage),
						lazyPage(paths.dashboard, async () => (await import("./assets/dashboard.route-IxqUTBbF.js")).DashboardPage),
						lazyPage(paths.donorMatches, async () => (await import("./assets/donor-matches.route-D4-m2Pob.js")).DonorMatchesPage),
						lazyPage(paths.donorCompare, async () => (await import("./assets/donor-compare.route-U_Cg024F.js")).DonorComparePage),
						lazyPage(paths.donorDetail, async () => (await import("./assets/donor-detail.route-DepHwVOm.js")).DonorDetailPage),
						lazyPage(paths.subscription, async () => (await import("./assets/subscription.route-CwJiu9st.js")).SubscriptionPage)
					]
				},
				{
					path: "*",
					element: /* @__PURE__ */ jsx(NotFoundPage, {})
				}
			]
		},
		{
			element: /* @__PURE__ */ jsx(PublicLayout, {}),
			children: [
				lazyPage(paths.fertilityResources, async () => (await import("./assets/resources-page-B114m4AM.js")).ResourcesPage),
				lazyPage(paths.support, async () => (await import("./assets/support-page-B87mRQeS.js")).SupportPage),
				lazyPage(paths.findBlog, async () => (await import("./assets/article-page-D3kDB6w_.js")).FindBlogPage),
				lazyPage(paths.privacyPolicy, async () => (await import("./assets/privacy-page-BMhg1CJy.js")).PrivacyPage),
				lazyPage(paths.termsConditions, async () => (await import("./assets/terms-page-Dhca2_MQ.js")).TermsPage),
				placeholder(paths.bookAppointment, "BOOK APPOINMENT"),
				lazyPage(paths.paymentSuccess, async () => (await import("./assets/payment-success.route-CQdkyDdV.js")).PaymentSuccessPage)
			]
		},
		{
			element: /* @__PURE__ */ jsx(AuthLayout, {}),
			children: [
				lazyPage(paths.login, async () => (await import("./assets/login.route-aemfqXMv.js")).LoginPage),
				lazyPage(paths.register, async () => (await import("./assets/register.route-BwHuG96w.js")).RegisterPage),
				lazyPage(paths.forgetPassword, async () => (await import("./assets/forget-password.route-DWTIrbK0.js")).ForgetPasswordPage),
				lazyPage(paths.otpVerification, async () => (await import("./assets/otp-verification.route-BsGSk3sU.js")).OtpVerificationPage),
				lazyPage(paths.createPassword, async () => (await import("./assets/create-password.route-BzcDHeGE.js")).CreatePasswordPage),
				lazyPage(paths.newPassword, async () => (await import("./assets/create-password.route-BzcDHeGE.js")).CreatePasswordPage)
			]
		},
		{
			path: paths.crash,
			element: /* @__PURE__ */ jsx(CrashPage, {})
		}
	]
}];
// src/features/content/api/content.api.ts
/** Query keys shared with the server renderer (entry-server.tsx), which fills the cache under the same keys. */
var contentKeys = {
	recent: ["blogs", "recent"],
	page: (page) => [
		"blogs",
		"page",
		page
	],
	slug: (slug) => [
		"blogs",
		"slug",
		slug
	],
	team: ["team"],
	testimonials: ["testimonials"],
	resources: ["resources"]
};
/** Spec section 8: a failed list fetch is logged and read as an empty list (the spinner stops, no message). */
async function listOrEmpty(what, load) {
	try {
		return await load();
	} catch (err) {
		console.warn(`Could not load ${what}`, err);
		return [];
	}
}
/** Spec section 7: data.results, or a single item wrapped into an array. */
function resultsOf(body) {
	if (Array.isArray(body)) return body;
	const b = body;
	if (Array.isArray(b?.results)) return b.results;
	if (Array.isArray(b?.data)) return b.data;
	return b && typeof b === "object" && "id" in b ? [b] : [];
}
var recentBlogsQuery = () => queryOptions({
	queryKey: contentKeys.recent,
	queryFn: ({ signal }) => listOrEmpty("recent blogs", async () => resultsOf(await apiRequest("blogs/recent/", { signal })))
});
var blogPageQuery = (page) => queryOptions({
	queryKey: contentKeys.page(page),
	queryFn: async ({ signal }) => {
		try {
			return await apiRequest("blogs/", {
				signal,
				query: {
					page: String(page),
					page_size: String(9)
				}
			});
		} catch (err) {
			console.warn("Could not load blogs", err);
			return {
				count: 0,
				next: null,
				previous: null,
				results: []
			};
		}
	}
});
/** One article by slug; null when there is no such published article. */
var blogBySlugQuery = (slug) => queryOptions({
	queryKey: contentKeys.slug(slug),
	queryFn: async ({ signal }) => {
		try {
			return await apiRequest(`blogs/slug/${encodeURIComponent(slug)}/`, { signal });
		} catch (err) {
			if (err instanceof ApiError && err.status === 404) return null;
			throw err;
		}
	}
});
var teamQuery = () => queryOptions({
	queryKey: contentKeys.team,
	queryFn: ({ signal }) => listOrEmpty("team", async () => resultsOf(await apiRequest("team/", { signal })))
});
var testimonialsQuery = () => queryOptions({
	queryKey: contentKeys.testimonials,
	queryFn: ({ signal }) => listOrEmpty("testimonials", async () => resultsOf(await apiRequest("testimonials/", { signal })))
});
var resourcesQuery = () => queryOptions({
	queryKey: contentKeys.resources,
	queryFn: ({ signal }) => listOrEmpty("resources", async () => resultsOf(await apiRequest("resources/", { signal })))
});
// src/lib/seo.tsx
var SITE_NAME = "Kindred";
var DEFAULT_DESCRIPTION = "Kindred: AI-assisted matching with egg donors, sperm donors and surrogates for intended parents, with clear explanations.";
var DEFAULT_OG_IMAGE = "/images/og-default.png";
var SeoContext = createContext(null);
/**
* A page's title, description and Open Graph data. On the server it is collected into the document head; in the
* browser it updates the title and description after client-side navigation.
*/
function Seo(meta) {
	const sink = useContext(SeoContext);
	if (sink) sink.meta = meta;
	useEffect(() => {
		document.title = fullTitle(meta.title);
		document.querySelector("meta[name=\"description\"]")?.setAttribute("content", meta.description);
	}, [meta.title, meta.description]);
	return null;
}
var fullTitle = (title) => title === "Kindred" ? `${SITE_NAME}: AI-assisted fertility matching` : `${title} | ${SITE_NAME}`;
var hydrating = typeof document !== "undefined" && document.getElementById("kindred-ssr-data") !== null;
/** True on the server and while hydrating server HTML: the first render must match the HTML that was sent. */
var isServerOrHydrating = () => typeof window === "undefined" || hydrating;
// src/entry-server.tsx
var SERVER_RENDERED = /* @__PURE__ */ new Set([
	paths.home,
	paths.about,
	paths.faqs,
	paths.support,
	paths.blogs,
	paths.findBlog,
	paths.fertilityResources,
	paths.pricing,
	paths.privacyPolicy,
	paths.termsConditions
]);
var ARTICLE = /^\/blogs\/([^/]+)\/?$/;
var normalise = (pathname) => pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
/** The public pages rendered on the server; every other path gets the client shell. */
function isServerRendered(pathname) {
	const p = normalise(pathname);
	return SERVER_RENDERED.has(p) || ARTICLE.test(p);
}
/** The lazy page module each public page loads, so the server can preload its chunks (keys of the Vite manifest). */
var PAGE_MODULES = {
	[paths.home]: "src/features/home/components/home-page.tsx",
	[paths.about]: "src/features/about/components/about-page.tsx",
	[paths.faqs]: "src/features/faq/components/faq-page.tsx",
	[paths.support]: "src/features/about/components/support-page.tsx",
	[paths.blogs]: "src/features/blog/components/blog-list-page.tsx",
	[paths.findBlog]: "src/features/blog/components/article-page.tsx",
	[paths.fertilityResources]: "src/features/about/components/resources-page.tsx",
	[paths.pricing]: "src/routes/pricing-page.route.tsx",
	[paths.privacyPolicy]: "src/features/legal/components/privacy-page.tsx",
	[paths.termsConditions]: "src/features/legal/components/terms-page.tsx"
};
var pageModule = (pathname) => PAGE_MODULES[normalise(pathname)] ?? (ARTICLE.test(normalise(pathname)) ? "src/features/blog/components/article-page.tsx" : void 0);
/** Fills the query cache with what the page at `url` shows, under the keys its components read. */
async function preload(url, client, loaders) {
	const p = normalise(url.pathname);
	const jobs = [];
	const put = (key, load) => jobs.push(load().then((data) => void client.setQueryData(key, data)));
	if (p === paths.home) {
		put(contentKeys.recent, loaders.recentBlogs);
		put(contentKeys.team, loaders.team);
		put(contentKeys.testimonials, loaders.testimonials);
	} else if (p === paths.blogs) {
		const page = Math.max(1, Number.parseInt(url.searchParams.get("page") ?? "1", 10) || 1);
		put(contentKeys.recent, loaders.recentBlogs);
		put(contentKeys.page(page), () => loaders.blogPage(page, 9));
	} else if (p === paths.fertilityResources) put(contentKeys.resources, loaders.resources);
	else if (p === paths.pricing) put(["subscriptions", "plans"], loaders.plans);
	else {
		const m = ARTICLE.exec(p);
		if (m) {
			const slug = decodeURIComponent(m[1]);
			put(contentKeys.slug(slug), () => loaders.blogBySlug(slug));
		}
	}
	await Promise.all(jobs);
}
var esc = (s) => s.replace(/[&<>"']/g, (c) => ({
	"&": "&amp;",
	"<": "&lt;",
	">": "&gt;",
	"\"": "&quot;",
	"'": "&#39;"
})[c]);
function headTags(sink, origin) {
	const meta = sink.meta ?? {
		title: "Kindred",
		description: "Kindred: AI-assisted matching with egg donors, sperm donors and surrogates for intended parents, with clear explanations.",
		path: "/"
	};
	const base = origin.replace(/\/+$/, "");
	const url = base + meta.path;
	const image = base + (meta.image && !meta.image.endsWith(".svg") ? meta.image : DEFAULT_OG_IMAGE);
	const title = fullTitle(meta.title);
	return [
		`<title>${esc(title)}</title>`,
		`<meta name="description" content="${esc(meta.description)}" />`,
		`<link rel="canonical" href="${esc(url)}" />`,
		`<meta property="og:site_name" content="${SITE_NAME}" />`,
		`<meta property="og:type" content="${meta.type ?? "website"}" />`,
		`<meta property="og:title" content="${esc(title)}" />`,
		`<meta property="og:description" content="${esc(meta.description)}" />`,
		`<meta property="og:url" content="${esc(url)}" />`,
		`<meta property="og:image" content="${esc(image)}" />`,
		`<meta name="twitter:card" content="summary_large_image" />`
	].join("\n    ");
}
/** Renders one public page to HTML, with its head tags, HTTP status and the data the client hydrates with. */
async function render(url, opts) {
	const full = new URL(url, opts.origin);
	const client = new QueryClient({ defaultOptions: { queries: {
		staleTime: Number.POSITIVE_INFINITY,
		retry: false
	} } });
	await preload(full, client, opts.loaders);
	const handler = createStaticHandler(routes);
	const context = await handler.query(new Request(full.href));
	if (context instanceof Response) throw new Error(`unexpected redirect while rendering ${url}`);
	const router = createStaticRouter(handler.dataRoutes, context);
	const sink = {};
	const html = renderToString(/* @__PURE__ */ jsx(StrictMode, { children: /* @__PURE__ */ jsx(SeoContext.Provider, {
		value: sink,
		children: /* @__PURE__ */ jsx(AppErrorBoundary, { children: /* @__PURE__ */ jsx(Providers, {
			client,
			children: /* @__PURE__ */ jsx(StaticRouterProvider, {
				router,
				context,
				hydrate: false
			})
		}) })
	}) }));
	const data = JSON.stringify(client.getQueryCache().getAll().filter((q) => q.state.status === "success").map((q) => [q.queryKey, q.state.data]));
	return {
		status: sink.meta?.status ?? context.statusCode,
		html,
		head: headTags(sink, opts.origin),
		data,
		module: pageModule(full.pathname)
	};
}
export { apiPaths as A, readRememberedLogin as C, setOtpToken as D, saveSignIn as E, errorMessage as F, fieldErrorsOf as I, signupErrorMessage as L, donorPath as M, paths as N, setResetEmail as O, ApiError as P, MSG as R, readProfileData as S, saveRememberedLogin as T, clearOtpToken as _, blogPageQuery as a, getResetEmail as b, teamQuery as c, layout_module_default as d, useHasToken as f, clearAllExceptProfile as g, apiRequest as h, blogBySlugQuery as i, isServerRendered, comparePath as j, REALTIME_MATCHING_PATH as k, testimonialsQuery as l, Logo as m, Seo as n, recentBlogsQuery as o, mobileMenuActions as p, isServerOrHydrating as r, render, resourcesQuery as s, DEFAULT_DESCRIPTION as t, PageContainer as u, clearSession as v, saveProfileData as w, getToken as x, getOtpToken as y, SERVER_MSG as z };

//# sourceMappingURL=entry-server.js.map