import { A as apiPaths, N as paths, P as ApiError, f as useHasToken, h as apiRequest, k as REALTIME_MATCHING_PATH, u as PageContainer, x as getToken } from "../entry-server.js";
import { a as NO_PREFERENCE, i as NO_CHRONIC_CONDITIONS, o as donorTypeSchema, r as NONE_KNOWN } from "./vocabulary-BH9a7HMT.js";
import { i as setSubmittedPreferences, r as setStoredProfileId } from "./match-profile-C0RWYp5q.js";
import { t as useDelayedNavigate } from "./use-delayed-navigate-BKV890Vb.js";
import { r as PAYMENT_MSG } from "./plans-BS_s-Fq9.js";
import { t as AppModal } from "./app-modal-B2uXULhJ.js";
import { queryOptions, useMutation, useQuery } from "@tanstack/react-query";
import { useCallback, useEffect, useId, useMemo, useRef, useState } from "react";
import { Link, useNavigate } from "react-router";
import { Alert, Autocomplete, Badge, Button, Checkbox, Group, Loader, Paper, Progress, Radio, SimpleGrid, Slider, Stack, Table, Text, Textarea, Title, VisuallyHidden } from "@mantine/core";
import { IconCheck } from "@tabler/icons-react";
import { z } from "zod";
import { Fragment as Fragment$1, jsx, jsxs } from "react/jsx-runtime";
import { useDebouncedValue } from "@mantine/hooks";
import { toast } from "react-hot-toast";
// ../../packages/shared/src/preferences.ts
/**
* The preference set the wizard (and the realtime connection) sends, and its normalised form that the matching
* engine reads. The raw schema is deliberately lenient (keys exactly as the spec spells them, every one optional,
* strings or lists, booleans as "yes"/"no") because the documented client sends all of those shapes; all
* interpretation happens once, in `normalizePreferences`, so the engine never sees a spelling variant.
*/
/** Stored spelling of any client value: trimmed, lowercased, runs of other characters turned into one underscore. */
function toToken(value) {
	if (value === null || value === void 0) return "";
	return String(value).trim().toLowerCase().replace(/[^a-z0-9]+/g, "_").replace(/^_+|_+$/g, "");
}
/** Smoking and drug answers. "Yes" (a history is acceptable) means the highest level, i.e. any donor qualifies. */
var EXPOSURE_ALIASES = {
	no: "never",
	false: "never",
	none: "never",
	non_smoker: "never",
	nonsmoker: "never",
	never_smoked: "never",
	ex_smoker: "former",
	quit: "former",
	past: "former",
	occasionally: "occasional",
	social: "occasional",
	socially: "occasional",
	yes: "regular",
	true: "regular",
	smoker: "regular"
};
/** Spellings seen from clients and banks, mapped to the stored spelling, per preference key. */
var ALIASES = {
	donor_type_preference: {
		egg_donor: "egg",
		eggs: "egg",
		sperm_donor: "sperm",
		surrogate_mother: "surrogate",
		gestational_surrogate: "surrogate",
		gestational_carrier: "surrogate"
	},
	preferred_races: {
		black: "black_african",
		african: "black_african",
		african_american: "black_african",
		black_or_african_american: "black_african",
		caucasian: "white",
		mixed: "mixed_race",
		multiracial: "mixed_race",
		native_american: "american_indian",
		american_indian_or_alaska_native: "american_indian",
		native_hawaiian: "pacific_islander",
		native_hawaiian_or_other_pacific_islander: "pacific_islander"
	},
	preferred_ethnicities: {
		hispanic: "hispanic_latino",
		latino: "hispanic_latino",
		latina: "hispanic_latino",
		hispanic_or_latino: "hispanic_latino",
		not_hispanic: "not_hispanic_latino",
		non_hispanic: "not_hispanic_latino",
		non_hispanic_latino: "not_hispanic_latino",
		not_hispanic_or_latino: "not_hispanic_latino"
	},
	preferred_hair_colors: {
		blond: "blonde",
		auburn: "red",
		ginger: "red",
		dark_brown: "brown",
		light_brown: "brown"
	},
	preferred_eye_colors: { gray: "grey" },
	preferred_religions: {
		christian: "christianity",
		muslim: "islam",
		hindu: "hinduism",
		buddhist: "buddhism",
		jewish: "judaism",
		sikh: "sikhism",
		jain: "jainism",
		taoist: "taoism",
		zoroastrian: "zoroastrianism",
		spiritist: "spiritism",
		confucian: "confucianism"
	},
	preferred_minimum_education: {
		master: "masters",
		master_s: "masters",
		masters_degree: "masters",
		bachelor: "college",
		bachelors: "college",
		bachelor_s: "college",
		phd: "doctorate",
		doctoral: "doctorate",
		highschool: "high_school",
		high_school_diploma: "high_school"
	},
	smoking_history_preference: EXPOSURE_ALIASES,
	recreational_drugs_preference: EXPOSURE_ALIASES,
	regular_exercise_preferred: {
		yes: "regular",
		true: "regular",
		weekly: "regular",
		no: "none",
		false: "none",
		never: "none",
		sometimes: "occasional"
	},
	acceptable_chronic_conditions: {
		diabetes_1: "diabetes_i",
		diabetes_type_1: "diabetes_i",
		type_1_diabetes: "diabetes_i",
		diabetes_type_i: "diabetes_i",
		diabetes_2: "diabetes_ii",
		diabetes_type_2: "diabetes_ii",
		type_2_diabetes: "diabetes_ii",
		diabetes_type_ii: "diabetes_ii",
		familial_high_cholesterol: "high_cholesterol",
		hypercholesterolemia: "high_cholesterol",
		high_blood_pressure: "hypertension",
		autoimmune: "autoimmune_disease"
	},
	user_genetic_conditions: {
		fragile_x: "fragile_x_syndrome",
		sickle_cell: "sickle_cell_disease",
		tay_sachs: "tay_sachs_disease",
		sma: "spinal_muscular_atrophy",
		alpha_1_antitrypsin_deficiency: "a1_antitrypsin_deficiency",
		a1at: "a1_antitrypsin_deficiency",
		hemochromatosis: "hereditary_hemochromatosis",
		cah: "congenital_adrenal_hyperplasia",
		pku: "phenylketonuria",
		canavan: "canavan_disease",
		gaucher: "gaucher_disease",
		bloom: "bloom_syndrome",
		fanconi_anemia: "fanconi_anemia_group_c",
		gsd1a: "glycogen_storage_disease_1a",
		glycogen_storage_disease_type_1a: "glycogen_storage_disease_1a",
		msud: "maple_syrup_urine_disease",
		niemann_pick: "niemann_pick_a",
		niemann_pick_disease_type_a: "niemann_pick_a",
		turner: "turner_syndrome",
		wilson: "wilson_disease",
		wilsons_disease: "wilson_disease",
		hemoglobin_c_disease: "hemoglobin_c",
		hemoglobin_e_disease: "hemoglobin_e",
		mucolipidosis_type_iv: "mucolipidosis_iv"
	}
};
/** Bounded so a hostile client cannot make normalisation expensive (the realtime path runs it per message). */
var text = z.string().max(200);
var list = z.union([
	z.array(z.union([text, z.number()])).max(64),
	text,
	z.null()
]).optional();
var flag = z.union([
	z.boolean(),
	text,
	z.number(),
	z.null()
]).optional();
var num = z.union([
	z.number(),
	text,
	z.null()
]).optional();
var str = z.union([text, z.null()]).optional();
/** The preference set as sent by the wizard or the realtime connection; unknown keys are dropped. */
var rawPreferencesSchema = z.object({
	primary_zip_code: z.union([
		text,
		z.number(),
		z.null()
	]).optional(),
	current_country: str,
	donor_type_preference: str,
	/** The Demographic step's Yes/No answer; when sent, every dealbreaker flag except age follows it (spec 9). */
	dealbreakers: flag,
	race_dealbreaker: flag,
	ethnicity_dealbreaker: flag,
	hair_color_dealbreaker: flag,
	eye_color_dealbreaker: flag,
	height_dealbreaker: flag,
	age_dealbreaker: flag,
	race_no_preference: flag,
	ethnicity_no_preference: flag,
	hair_color_no_preference: flag,
	eye_color_no_preference: flag,
	height_no_preference: flag,
	age_no_preference: flag,
	religion_no_preference: flag,
	education_no_preference: flag,
	preferred_races: list,
	preferred_ethnicities: list,
	preferred_hair_colors: list,
	preferred_eye_colors: list,
	preferred_height_ranges: list,
	preferred_age_ranges: list,
	preferred_religions: list,
	user_genetic_conditions: list,
	userEducationLevel: str,
	preferred_minimum_education: str,
	smoking_history_preference: flag,
	recreational_drugs_preference: flag,
	regular_exercise_preferred: flag,
	no_chronic_conditions_preferred: flag,
	acceptable_chronic_conditions: list,
	health_insurance_required: flag,
	previous_full_term_pregnancies_preferred: flag,
	pregnancy_complications_ok: flag,
	fertility_treatments_preference: str,
	lifestyle_environment_importance: num,
	medical_genetic_importance: num,
	values_legal_importance: num,
	importance_physical: num,
	importance_education: num,
	importance_medical: num,
	importance_personality: num,
	post_match_communication_importance: num
});
/** Forced submit defaults from spec section 9, applied when the client leaves a value out. */
var PREFERENCE_DEFAULTS = {
	no_chronic_conditions_preferred: true,
	post_match_communication_importance: 5,
	lifestyle_environment_importance: 40,
	medical_genetic_importance: 35,
	fertility_treatments_preference: "none",
	/** Slider defaults (spec 9): values 25; demographic has no slider of its own, so the neutral middle. */
	values_legal_importance: 25,
	importance_physical: 50
};
/** Collapses the genetic checklist's spellings: BRCA1/BRCA2 → one value, thalassemia and CF variants → one name. */
function collapseGeneticCondition(token) {
	if (token.startsWith("brca")) return "brca1_brca2";
	if (token.includes("thalass")) return "thalassemia";
	if (token.includes("cystic_fibrosis") || token === "cf" || token === "cftr") return "cystic_fibrosis";
	return ALIASES.user_genetic_conditions?.[token] ?? token;
}
// ../../packages/shared/src/realtime.schemas.ts
/**
* The live match-count WebSocket (`/ws/realtime-matching/?token=<access token>`): the messages each side sends,
* the limits the server enforces and the close codes it uses. OpenAPI does not describe sockets, so this file
* (and the README's "Realtime match count" section) is the contract.
*/
/** Close codes: 4401 bad, missing or expired token; 4400 malformed or invalid message; 4429 too many messages. */
var REALTIME_CLOSE = {
	badToken: 4401,
	badMessage: 4400,
	tooManyMessages: 4429,
	/** Set by the WebSocket protocol itself for a frame over `maxMessageBytes`. */
	messageTooBig: 1009
};
/** The preference set as the wizard holds it, plus the coordinates of the parent's chosen place when known. */
var realtimePreferencesSchema = rawPreferencesSchema.extend({
	location: z.string().max(200).nullish(),
	latitude: z.number().min(-90).max(90).nullish(),
	longitude: z.number().min(-180).max(180).nullish()
});
z.object({
	type: z.literal("update_preferences"),
	preferences: realtimePreferencesSchema
});
/** Messages the server sends. `matching_results` counts donors passing every hard filter; it reveals no donor. */
var realtimeServerMessageSchema = z.discriminatedUnion("type", [
	z.object({ type: z.literal("connection_established") }),
	z.object({
		type: z.literal("matching_results"),
		data: z.object({
			total_matches: z.number().int().min(0),
			donor_type: donorTypeSchema.nullable()
		})
	}),
	z.object({
		type: z.literal("error"),
		message: z.string()
	})
]);
// src/features/preferences/hooks/use-live-match-count.ts
/** Preference changes are sent at most this often, keeping well inside the server's 20 messages per 10 s. */
var SEND_DEBOUNCE_MS = 400;
var MAX_BACKOFF_MS = 15e3;
function socketUrl(token) {
	return `${window.location.protocol === "https:" ? "wss" : "ws"}://${window.location.host}${REALTIME_MATCHING_PATH}?token=${encodeURIComponent(token)}`;
}
/**
* The live match count (spec section 7): opens the realtime socket with the access token, sends the whole
* preference set on open and after every change, and shows the server's total. A dropped socket reconnects with
* backoff (status 'reconnecting'); a refused token (4401) stops trying. Closed when the wizard unmounts.
*/
function useLiveMatchCount(preferences, enabled) {
	const [state, setState] = useState({
		status: "connecting",
		total: null
	});
	const socketRef = useRef(null);
	const latest = useRef(JSON.stringify(preferences));
	const payload = JSON.stringify(preferences);
	latest.current = payload;
	useEffect(() => {
		if (!enabled) return;
		let stopped = false;
		let attempt = 0;
		let retry;
		const connect = () => {
			const token = getToken();
			if (!token) return setState((s) => ({
				...s,
				status: "unavailable"
			}));
			const ws = new WebSocket(socketUrl(token));
			socketRef.current = ws;
			ws.onmessage = (event) => {
				let parsed;
				try {
					parsed = realtimeServerMessageSchema.safeParse(JSON.parse(String(event.data)));
				} catch {
					return;
				}
				if (!parsed.success) return;
				const msg = parsed.data;
				if (msg.type === "connection_established") {
					attempt = 0;
					setState((s) => ({
						...s,
						status: "open"
					}));
					ws.send(JSON.stringify({
						type: "update_preferences",
						preferences: JSON.parse(latest.current)
					}));
				} else if (msg.type === "matching_results") setState({
					status: "open",
					total: msg.data.total_matches
				});
			};
			ws.onclose = (event) => {
				if (socketRef.current === ws) socketRef.current = null;
				if (stopped) return;
				if (event.code === REALTIME_CLOSE.badToken) return setState((s) => ({
					...s,
					status: "unavailable"
				}));
				setState((s) => ({
					...s,
					status: "reconnecting"
				}));
				const base = event.code === REALTIME_CLOSE.tooManyMessages ? 1e4 : 1e3;
				retry = setTimeout(connect, Math.min(MAX_BACKOFF_MS, base * 2 ** attempt++));
			};
		};
		connect();
		return () => {
			stopped = true;
			clearTimeout(retry);
			socketRef.current?.close(1e3, "left the wizard");
			socketRef.current = null;
		};
	}, [enabled]);
	useEffect(() => {
		if (!enabled) return;
		const timer = setTimeout(() => {
			const ws = socketRef.current;
			if (ws && ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify({
				type: "update_preferences",
				preferences: JSON.parse(payload)
			}));
		}, SEND_DEBOUNCE_MS);
		return () => clearTimeout(timer);
	}, [payload, enabled]);
	return state;
}
// src/features/preferences/api/preference-profiles.api.ts
/** GET fertility-profile/list/ (bearer): the parent's preference sets, latest first (profiles[0] is kept). */
function fetchPreferenceProfiles(signal) {
	return apiRequest(apiPaths.listPreferences, {
		auth: true,
		signal
	});
}
// src/features/preferences/api/submit-preferences.api.ts
/** POST fertility-profile/create/ (bearer): saves the preference set; one per donor type, re-submitting updates it. */
function submitPreferences(payload) {
	return apiRequest(apiPaths.createPreferences, {
		method: "POST",
		body: payload,
		auth: true
	});
}
function useSubmitPreferencesMutation() {
	return useMutation({ mutationFn: submitPreferences });
}
// src/features/preferences/model/draft.ts
/** Slider defaults from spec section 9: medical 50, lifestyle 100, values 25. */
var EMPTY_DRAFT = {
	location: "",
	latitude: null,
	longitude: null,
	primary_zip_code: "",
	current_country: "",
	donor_type_preference: "",
	preferred_races: [],
	preferred_ethnicities: [],
	preferred_hair_colors: [],
	preferred_eye_colors: [],
	preferred_height_ranges: [],
	preferred_age_ranges: [],
	dealbreakers: "",
	dealbreaker_details: "",
	acceptable_chronic_conditions: [],
	user_genetic_conditions: [],
	medical_genetic_importance: 50,
	previous_full_term_pregnancies_preferred: "",
	pregnancy_complications_ok: "",
	preferred_minimum_education: "",
	smoking_history_preference: "",
	recreational_drugs_preference: "",
	regular_exercise_preferred: "",
	lifestyle_environment_importance: 100,
	preferred_religions: [],
	values_legal_importance: 25,
	post_match_communication: "",
	health_insurance_required: ""
};
var DRAFT_KEYS = Object.keys(EMPTY_DRAFT);
/** Where the wizard is and which steps were left forward; cleared with the draft. */
var PROGRESS_KEYS = {
	step: "profile_steps_current",
	completed: "profile_steps_completed"
};
function parse(raw) {
	if (raw === null) return void 0;
	try {
		return JSON.parse(raw);
	} catch {
		return raw;
	}
}
function coerce(key, value) {
	const fallback = EMPTY_DRAFT[key];
	if (value === void 0 || value === null) return fallback;
	if (Array.isArray(fallback)) return Array.isArray(value) ? value.filter((v) => typeof v === "string") : fallback;
	if (typeof fallback === "number" || fallback === null) {
		const n = typeof value === "number" ? value : Number(value);
		return Number.isFinite(n) ? n : fallback;
	}
	return typeof value === "string" ? value : fallback;
}
function readDraft(storage) {
	const draft = { ...EMPTY_DRAFT };
	for (const key of DRAFT_KEYS) draft[key] = coerce(key, parse(storage.getItem(key)));
	return draft;
}
function writeDraftValue(storage, key, value) {
	if (value === "" || value === null || Array.isArray(value) && value.length === 0) storage.removeItem(key);
	else storage.setItem(key, JSON.stringify(value));
}
/** After a successful submit: every draft key and the progress go; the session keys stay. */
function clearDraft(storage) {
	for (const key of DRAFT_KEYS) storage.removeItem(key);
	storage.removeItem(PROGRESS_KEYS.step);
	storage.removeItem(PROGRESS_KEYS.completed);
}
function readProgress(storage) {
	const step = Number(storage.getItem(PROGRESS_KEYS.step));
	const completed = parse(storage.getItem(PROGRESS_KEYS.completed));
	return {
		step: Number.isInteger(step) && step >= 0 ? step : 0,
		completed: Array.isArray(completed) ? completed.filter((n) => Number.isInteger(n)) : []
	};
}
function writeProgress(storage, progress) {
	storage.setItem(PROGRESS_KEYS.step, String(progress.step));
	storage.setItem(PROGRESS_KEYS.completed, JSON.stringify(progress.completed));
}
// src/features/preferences/model/submit-result.ts
/** What the Review step shows and where it goes after a submit (spec sections 4 and 8). */
var SUBMIT_MSG = {
	submitting: "Submitting your preferences...",
	submitted: "Preferences submitted!",
	failed: "Submission failed. Please try again."
};
/** Success: the server's message or the fallback, then /donor-matches when the subscription is active. */
function submitOutcome(res) {
	return {
		message: res.message?.trim() || SUBMIT_MSG.submitted,
		to: res.subscription === true ? "matches" : "subscription"
	};
}
/**
* Failure: the first of subscription_message, message, detail, the error's own text, else the fallback; the
* no-subscription message also sends the parent to /subscription.
*/
function submitFailure(body, errorText) {
	const b = body && typeof body === "object" ? body : {};
	const pick = (v) => typeof v === "string" && v.trim() !== "" ? v : void 0;
	return {
		message: pick(b.subscription_message) ?? pick(b.message) ?? pick(b.detail) ?? pick(errorText) ?? SUBMIT_MSG.failed,
		toSubscription: b.subscription_message === PAYMENT_MSG.noSubscription
	};
}
// src/features/preferences/hooks/use-submit-preferences.ts
/**
* Review's submit (spec sections 4 and 8): a loading toast, then the server's message, the profile id refreshed
* from the list, and after 1 s the draft cleared and /donor-matches or /subscription. Failures show the spec's
* message priority.
*/
function useSubmitPreferences() {
	const mutation = useSubmitPreferencesMutation();
	const navigateLater = useDelayedNavigate();
	const navigate = useNavigate();
	const [leaving, setLeaving] = useState(false);
	const submit = (payload) => {
		const id = toast.loading(SUBMIT_MSG.submitting);
		mutation.mutate(payload, {
			onSuccess: async (res) => {
				const outcome = submitOutcome(res);
				toast.success(outcome.message, { id });
				setLeaving(true);
				setSubmittedPreferences(payload);
				let profileId = res.profile_id;
				try {
					profileId = (await fetchPreferenceProfiles()).profiles[0]?.id ?? profileId;
				} catch {}
				setStoredProfileId(profileId);
				window.setTimeout(() => clearDraft(localStorage), 1e3);
				navigateLater(outcome.to === "matches" ? paths.donorMatches : paths.subscription);
			},
			onError: (error) => {
				const failure = submitFailure(error instanceof ApiError ? error.body : null, error instanceof ApiError ? void 0 : error.message);
				toast.error(failure.message, { id });
				if (failure.toSubscription) navigate(paths.subscription);
			}
		});
	};
	return {
		submit,
		pending: mutation.isPending || leaving
	};
}
// src/features/preferences/model/steps.ts
var STEP_TITLES = {
	welcome: "Welcome Board",
	demographic: "Demographic",
	medical: "Medical & Genetic",
	pregnancy: "Pregnancy History",
	lifestyle: "Lifestyle",
	values: "Values and Legal",
	review: "Review"
};
/** Seven steps for a surrogate, six for egg and sperm donors (no Pregnancy History). */
function stepsFor(donorType) {
	const steps = [
		"welcome",
		"demographic",
		"medical",
		"pregnancy",
		"lifestyle",
		"values",
		"review"
	];
	return donorType === "surrogate" ? steps : steps.filter((s) => s !== "pregnancy");
}
/** Whether the draft already holds answers for a step (a step with data counts as completed). */
function stepHasData(step, d) {
	switch (step) {
		case "welcome": return d.location.trim() !== "" && d.donor_type_preference !== "";
		case "demographic": return d.preferred_races.length > 0 && d.preferred_height_ranges.length > 0 && d.dealbreakers !== "";
		case "medical": return d.acceptable_chronic_conditions.length > 0 && d.user_genetic_conditions.length > 0;
		case "pregnancy": return d.previous_full_term_pregnancies_preferred !== "" && d.pregnancy_complications_ok !== "";
		case "lifestyle": return d.preferred_minimum_education !== "" && d.smoking_history_preference !== "";
		case "values": return d.preferred_religions.length > 0;
		case "review": return false;
	}
}
/** Indices of completed steps: left forward earlier, or holding data. */
function completedSteps(steps, draft, leftForward) {
	const done = new Set(leftForward.filter((i) => i < steps.length));
	steps.forEach((s, i) => {
		if (stepHasData(s, draft)) done.add(i);
	});
	return done;
}
/** A chip is clickable if it is the current step, a completed step, or the next one after a completed current step. */
function isChipClickable(index, current, completed) {
	return index === current || completed.has(index) || index === current + 1 && completed.has(current);
}
// src/features/preferences/hooks/use-wizard-state.ts
/** The draft (mirrored to localStorage on every change), the current step and the step errors. */
function useWizardState() {
	const [draft, setDraft] = useState(() => readDraft(localStorage));
	const [progress, setProgressState] = useState(() => readProgress(localStorage));
	const [errors, setErrors] = useState({});
	const set = useCallback((key, value) => {
		writeDraftValue(localStorage, key, value);
		setDraft((d) => ({
			...d,
			[key]: value
		}));
		setErrors((e) => e[key] ? {
			...e,
			[key]: void 0
		} : e);
	}, []);
	const setProgress = useCallback((next) => {
		writeProgress(localStorage, next);
		setProgressState(next);
	}, []);
	const steps = useMemo(() => stepsFor(draft.donor_type_preference), [draft.donor_type_preference]);
	const completed = useMemo(() => completedSteps(steps, draft, progress.completed), [
		steps,
		draft,
		progress.completed
	]);
	return {
		draft,
		set,
		errors,
		setErrors,
		steps,
		step: Math.min(progress.step, steps.length - 1),
		completed,
		progress,
		setProgress
	};
}
// src/features/preferences/model/payload.ts
/**
* Builds the preference set the server and the live count accept (packages/shared rawPreferencesSchema keys) from
* the draft, following spec sections 4, 5 and 9: strings trimmed and lowercased; 'no preference' for age and
* religion sent as [no_preference] with its flag; every dealbreaker flag except age follows the Yes/No answer;
* BRCA1+BRCA2, thalassemia and cystic fibrosis variants collapsed; 'no chronic conditions preferred' sent as its
* flag, never as a list item; the forced defaults for values the wizard does not ask.
*/
var clean = (v) => v.trim().toLowerCase();
var cleanList = (list) => [...new Set(list.map(clean).filter((v) => v !== ""))];
var isNoPref = (list) => list.includes(NO_PREFERENCE);
/** A list with 'No Preference' goes out as [no_preference] alone. */
var listOf = (list) => isNoPref(list) ? [NO_PREFERENCE] : cleanList(list);
/** The parent's own carrier conditions: None Known alone, else the collapsed, de-duplicated names. */
function geneticConditionsOf(selected) {
	if (selected.includes("none_known")) return [NONE_KNOWN];
	return [...new Set(selected.map(toToken).filter((t) => t !== "").map(collapseGeneticCondition))];
}
/** A five-digit US ZIP code in the chosen place's text, if any. */
function zipOf(location) {
	return /\b(\d{5})\b/.exec(location)?.[1] ?? "";
}
function buildPreferencePayload(d) {
	const dealbreaker = d.dealbreakers === "yes";
	const chronic = [...new Set(d.acceptable_chronic_conditions.map(toToken).filter((t) => t !== ""))];
	const surrogate = d.donor_type_preference === "surrogate";
	const education = clean(d.preferred_minimum_education);
	const payload = {
		primary_zip_code: d.primary_zip_code.trim() || zipOf(d.location),
		current_country: d.current_country.trim().toUpperCase(),
		donor_type_preference: clean(d.donor_type_preference),
		race_dealbreaker: dealbreaker,
		ethnicity_dealbreaker: dealbreaker,
		hair_color_dealbreaker: dealbreaker,
		eye_color_dealbreaker: dealbreaker,
		height_dealbreaker: dealbreaker,
		age_dealbreaker: false,
		preferred_races: listOf(d.preferred_races),
		preferred_ethnicities: listOf(d.preferred_ethnicities),
		preferred_hair_colors: listOf(d.preferred_hair_colors),
		preferred_eye_colors: listOf(d.preferred_eye_colors),
		preferred_height_ranges: listOf(d.preferred_height_ranges),
		preferred_age_ranges: listOf(d.preferred_age_ranges),
		race_no_preference: isNoPref(d.preferred_races),
		ethnicity_no_preference: isNoPref(d.preferred_ethnicities),
		hair_color_no_preference: isNoPref(d.preferred_hair_colors),
		eye_color_no_preference: isNoPref(d.preferred_eye_colors),
		height_no_preference: isNoPref(d.preferred_height_ranges),
		age_no_preference: isNoPref(d.preferred_age_ranges),
		religion_no_preference: isNoPref(d.preferred_religions),
		education_no_preference: education === NO_PREFERENCE,
		preferred_religions: listOf(d.preferred_religions),
		user_genetic_conditions: geneticConditionsOf(d.user_genetic_conditions),
		userEducationLevel: education,
		preferred_minimum_education: education,
		smoking_history_preference: clean(d.smoking_history_preference),
		recreational_drugs_preference: clean(d.recreational_drugs_preference),
		regular_exercise_preferred: clean(d.regular_exercise_preferred),
		no_chronic_conditions_preferred: chronic.includes("no_chronic_conditions_preferred") || chronic.length === 0 ? PREFERENCE_DEFAULTS.no_chronic_conditions_preferred : false,
		acceptable_chronic_conditions: chronic.filter((c) => c !== NO_CHRONIC_CONDITIONS),
		lifestyle_environment_importance: d.lifestyle_environment_importance,
		medical_genetic_importance: d.medical_genetic_importance ?? PREFERENCE_DEFAULTS.medical_genetic_importance,
		values_legal_importance: d.values_legal_importance,
		post_match_communication_importance: d.post_match_communication === "no" ? 0 : PREFERENCE_DEFAULTS.post_match_communication_importance,
		fertility_treatments_preference: PREFERENCE_DEFAULTS.fertility_treatments_preference
	};
	if (surrogate) {
		payload.health_insurance_required = d.health_insurance_required === "yes";
		payload.previous_full_term_pregnancies_preferred = d.previous_full_term_pregnancies_preferred === "yes";
		payload.pregnancy_complications_ok = d.pregnancy_complications_ok !== "no";
	}
	if (d.location.trim() !== "") payload.location = d.location.trim();
	if (d.latitude !== null && d.longitude !== null) {
		payload.latitude = d.latitude;
		payload.longitude = d.longitude;
	}
	return payload;
}
// src/features/preferences/model/validation.ts
var WIZARD_MSG = {
	location: "Please enter your location.",
	donorType: "Please select a donor type.",
	height: "Height is required",
	age: "Age Range is required",
	race: "Race selection is required",
	ethnicity: "Ethnicity selection is required",
	eye: "Eye Color selection is required",
	hair: "Hair Color selection is required",
	dealbreakers: "Please select Yes or No for dealbreakers",
	medicalHistory: "Medical history is required.",
	geneticScreening: "Genetic screening is required.",
	priority: "Priority selection is required.",
	pregnancyHistory: "Please select pregnancy history",
	complications: "Please select pregnancy complication history",
	education: "Education level is required",
	smoking: "Smoking history is required",
	drugs: "Recreational drugs field is required",
	exercise: "Regular exercise history is required",
	valuesImportance: "Please select a valid age.",
	religion: "Please select a religion."
};
function validateStep(step, d) {
	const e = {};
	switch (step) {
		case "welcome":
			if (d.location.trim() === "") e.location = WIZARD_MSG.location;
			if (d.donor_type_preference === "") e.donor_type_preference = WIZARD_MSG.donorType;
			break;
		case "demographic":
			if (d.preferred_races.length === 0) e.preferred_races = WIZARD_MSG.race;
			if (d.preferred_ethnicities.length === 0) e.preferred_ethnicities = WIZARD_MSG.ethnicity;
			if (d.preferred_hair_colors.length === 0) e.preferred_hair_colors = WIZARD_MSG.hair;
			if (d.preferred_eye_colors.length === 0) e.preferred_eye_colors = WIZARD_MSG.eye;
			if (d.preferred_height_ranges.length === 0) e.preferred_height_ranges = WIZARD_MSG.height;
			if (d.preferred_age_ranges.length === 0) e.preferred_age_ranges = WIZARD_MSG.age;
			if (d.dealbreakers === "") e.dealbreakers = WIZARD_MSG.dealbreakers;
			break;
		case "medical":
			if (d.acceptable_chronic_conditions.length === 0) e.acceptable_chronic_conditions = WIZARD_MSG.medicalHistory;
			if (d.user_genetic_conditions.length === 0) e.user_genetic_conditions = WIZARD_MSG.geneticScreening;
			if (d.medical_genetic_importance === null) e.medical_genetic_importance = WIZARD_MSG.priority;
			break;
		case "pregnancy":
			if (d.previous_full_term_pregnancies_preferred === "") e.previous_full_term_pregnancies_preferred = WIZARD_MSG.pregnancyHistory;
			if (d.pregnancy_complications_ok === "") e.pregnancy_complications_ok = WIZARD_MSG.complications;
			break;
		case "lifestyle":
			if (d.preferred_minimum_education === "") e.preferred_minimum_education = WIZARD_MSG.education;
			if (d.smoking_history_preference === "") e.smoking_history_preference = WIZARD_MSG.smoking;
			if (d.recreational_drugs_preference === "") e.recreational_drugs_preference = WIZARD_MSG.drugs;
			if (d.regular_exercise_preferred === "") e.regular_exercise_preferred = WIZARD_MSG.exercise;
			break;
		case "values":
			if (!(d.values_legal_importance >= 1 && d.values_legal_importance <= 100)) e.values_legal_importance = WIZARD_MSG.valuesImportance;
			if (d.preferred_religions.length === 0) e.preferred_religions = WIZARD_MSG.religion;
	}
	return e;
}
// src/features/preferences/components/live-count.tsx
/** The live match count while signed in, with a visible reconnecting state when the socket drops. */
function LiveCountBanner({ live }) {
	return /* @__PURE__ */ jsxs(Group, {
		gap: "sm",
		wrap: "nowrap",
		role: "status",
		"aria-live": "polite",
		"aria-label": "Live match count",
		"data-testid": "live-count",
		children: [
			/* @__PURE__ */ jsx(Text, {
				size: "sm",
				fw: 600,
				children: "Live matches:"
			}),
			live.total === null ? /* @__PURE__ */ jsx(Loader, {
				size: "xs",
				"aria-hidden": true
			}) : /* @__PURE__ */ jsxs(Text, {
				size: "sm",
				fw: 700,
				c: "teal.9",
				"data-testid": "live-count-value",
				children: [
					live.total,
					" ",
					live.total === 1 ? "donor" : "donors"
				]
			}),
			live.status === "reconnecting" && /* @__PURE__ */ jsx(Badge, {
				color: "#9a3412",
				variant: "filled",
				size: "sm",
				children: "Reconnecting…"
			}),
			live.status === "unavailable" && /* @__PURE__ */ jsx(Badge, {
				color: "gray.7",
				variant: "filled",
				size: "sm",
				children: "Unavailable"
			})
		]
	});
}
// src/features/preferences/components/login-required-modal.tsx
/** Spec section 2: the first steps are done; signing in is needed to go on. Closing returns to the caller. */
function LoginRequiredModal({ opened, onClose }) {
	return /* @__PURE__ */ jsxs(AppModal, {
		opened,
		onClose,
		title: "Login Required",
		children: [/* @__PURE__ */ jsx(Text, {
			mb: "lg",
			children: "You have completed the initial steps. Please log in to continue building your donor preferences."
		}), /* @__PURE__ */ jsxs(Group, {
			justify: "flex-end",
			children: [/* @__PURE__ */ jsx(Button, {
				variant: "default",
				onClick: onClose,
				children: "Continue Later"
			}), /* @__PURE__ */ jsx(Button, {
				component: Link,
				to: paths.login,
				color: "teal",
				children: "Create Login"
			})]
		})]
	});
}
var wizard_module_default = {
	fieldset: "_fieldset_1xgoo_1",
	legend: "_legend_1xgoo_10",
	choice: "_choice_1xgoo_16",
	chips: "_chips_1xgoo_20",
	card: "_card_1xgoo_29"
};
// src/features/preferences/components/step-chips.tsx
/** One chip per step; clickability is decided by the wizard (spec's chip rule), so every chip stays focusable. */
function StepChips({ steps, current, completed, onSelect }) {
	return /* @__PURE__ */ jsx("nav", {
		"aria-label": "Wizard steps",
		children: /* @__PURE__ */ jsx("ol", {
			className: wizard_module_default.chips,
			children: steps.map((step, i) => /* @__PURE__ */ jsx("li", { children: /* @__PURE__ */ jsxs(Button, {
				size: "compact-sm",
				radius: "xl",
				variant: i === current ? "filled" : completed.has(i) ? "light" : "default",
				color: "teal",
				"aria-current": i === current ? "step" : void 0,
				leftSection: completed.has(i) && i !== current ? /* @__PURE__ */ jsx(IconCheck, {
					size: 14,
					"aria-hidden": true
				}) : void 0,
				onClick: () => onSelect(i),
				children: [
					i + 1,
					". ",
					STEP_TITLES[step],
					completed.has(i) && i !== current && /* @__PURE__ */ jsx(VisuallyHidden, { children: " (completed)" })
				]
			}) }, step))
		})
	});
}
// src/features/preferences/model/options.ts
/**
* The wizard's option lists (spec sections 3 and 9) as label / stored value pairs. Stored values are the shared
* vocabulary's spellings, so what the wizard sends is exactly what the engine reads.
*/
var opt = (label, value) => ({
	label,
	value
});
var noPref = opt("No Preference", NO_PREFERENCE);
var DONOR_TYPE_OPTIONS = [
	opt("Egg Donor", "egg"),
	opt("Sperm Donor", "sperm"),
	opt("Surrogate", "surrogate")
];
var RACE_OPTIONS = [
	opt("Black / African", "black_african"),
	opt("White", "white"),
	opt("Asian", "asian"),
	opt("American Indian", "american_indian"),
	opt("Pacific Islander", "pacific_islander"),
	opt("Mixed Race", "mixed_race"),
	noPref
];
var ETHNICITY_OPTIONS = [
	opt("Hispanic / Latino", "hispanic_latino"),
	opt("Not Hispanic / Latino", "not_hispanic_latino"),
	noPref
];
var HAIR_OPTIONS = [
	opt("Black", "black"),
	opt("Brown", "brown"),
	opt("Blonde", "blonde"),
	opt("Red", "red"),
	noPref
];
var EYE_OPTIONS = [
	opt("Blue", "blue"),
	opt("Brown", "brown"),
	opt("Green", "green"),
	opt("Hazel", "hazel"),
	opt("Grey", "grey"),
	opt("Amber", "amber"),
	noPref
];
/** Inches. */
var HEIGHT_OPTIONS = [
	opt("60-65 in", "60-65"),
	opt("66-72 in", "66-72"),
	opt("73-77 in", "73-77"),
	opt("78-84 in", "78-84"),
	noPref
];
var AGE_OPTIONS = [
	opt("18-25", "18-25"),
	opt("26-30", "26-30"),
	opt("31-35", "31-35"),
	opt("36-40", "36-40"),
	opt("40-45", "40-45"),
	noPref
];
/** Medical History checklist: chronic conditions the parent accepts in a donor. */
var CHRONIC_OPTIONS = [
	opt("No chronic conditions preferred", NO_CHRONIC_CONDITIONS),
	opt("Hypertension", "hypertension"),
	opt("Diabetes I", "diabetes_i"),
	opt("Diabetes II", "diabetes_ii"),
	opt("High cholesterol", "high_cholesterol"),
	opt("Cancer", "cancer"),
	opt("Obesity", "obesity"),
	opt("Autoimmune disease", "autoimmune_disease")
];
/** Genetic Screening Preferences: conditions the parent knows they carry (spec section 3's list). */
var GENETIC_OPTIONS = [
	"None Known",
	"Cystic fibrosis",
	"Fragile X syndrome",
	"Sickle cell disease",
	"Tay Sachs disease",
	"Thalassemia",
	"Turner syndrome",
	"Wilson disease",
	"Spinal muscular atrophy",
	"BRCA1",
	"BRCA2",
	"a1 Antitrypsin deficiency",
	"Hereditary hemochromatosis",
	"Congenital adrenal hyperplasia",
	"Galactosemia",
	"Phenylketonuria",
	"Alpha thalassemia",
	"Beta thalassemia",
	"Canavan disease",
	"Hemoglobin c",
	"Hemoglobin e",
	"Gaucher disease",
	"Bloom syndrome",
	"Fanconi anemia group C",
	"Glycogen storage disease 1a",
	"Maple syrup urine disease",
	"mucolipidosis iv",
	"Niemann Pick A"
].map((label) => opt(label, label === "None Known" ? NONE_KNOWN : label.trim().toLowerCase().replace(/[^a-z0-9]+/g, "_")));
var EDUCATION_OPTIONS = [
	opt("High School", "high_school"),
	opt("College", "college"),
	opt("Master", "masters"),
	opt("Doctorate", "doctorate"),
	noPref
];
/** Smoking and drugs: the most exposure the parent accepts. */
var SMOKING_OPTIONS = [
	opt("Never smoked", "never"),
	opt("Former smoker is fine", "former"),
	opt("Occasional is fine", "occasional"),
	opt("Regular is fine", "regular"),
	noPref
];
var DRUGS_OPTIONS = [
	opt("Never used", "never"),
	opt("Former use is fine", "former"),
	opt("Occasional is fine", "occasional"),
	opt("Regular is fine", "regular"),
	noPref
];
/** The least exercise the parent wants. */
var EXERCISE_OPTIONS = [
	opt("Any amount", "none"),
	opt("At least occasionally", "occasional"),
	opt("Regularly", "regular"),
	opt("Daily", "daily"),
	noPref
];
var RELIGION_OPTIONS = [
	"Christianity",
	"Islam",
	"Hinduism",
	"Buddhism",
	"Judaism",
	"Sikhism",
	"Confucianism",
	"Jainism",
	"Shinto",
	"Spiritism",
	"Zoroastrianism",
	"Taoism"
].map((label) => opt(label, label.toLowerCase())).concat(noPref);
var PREGNANCY_HISTORY_OPTIONS = [opt("Must have a previous full-term pregnancy", "yes"), opt("No preference", "no")];
var COMPLICATION_OPTIONS = [opt("No previous pregnancy complications", "no"), opt("Complications are acceptable", "yes")];
/** Lifestyle and Values sliders: 0-100 in steps of 25 (spec section 9). */
var IMPORTANCE_LABELS = [
	"Not Important",
	"Somewhat Important",
	"Important",
	"Very Important",
	"Extremely Important"
];
var importanceLabel = (value) => IMPORTANCE_LABELS[Math.round(value / 25)] ?? "";
var labelOf = (options, value) => options.find((o) => o.value === value)?.label ?? value;
// src/features/preferences/model/selection.ts
/** The multi-select, checklist and single-select rules of spec section 4. Pure functions over stored values. */
function toggle(list, value) {
	return list.includes(value) ? list.filter((v) => v !== value) : [...list, value];
}
/** Multi-select: 'No Preference' becomes the only selected option; choosing any other removes it. */
function toggleMulti(selected, value) {
	if (value === "no_preference") return selected.includes("no_preference") ? [] : [NO_PREFERENCE];
	return toggle(selected.filter((v) => v !== NO_PREFERENCE), value);
}
/** Items of the medical checklists that exclude every other choice. */
var EXCLUSIVE_CHECKLIST_ITEMS = [NONE_KNOWN, NO_CHRONIC_CONDITIONS];
/**
* Medical checklists: 'None Known' or 'No chronic conditions preferred' becomes the only selected item (toggling
* it again clears it); any other item removes them.
*/
function toggleChecklist(selected, value) {
	if (EXCLUSIVE_CHECKLIST_ITEMS.includes(value)) return selected.includes(value) ? [] : [value];
	return toggle(selected.filter((v) => !EXCLUSIVE_CHECKLIST_ITEMS.includes(v)), value);
}
/** A single-select checkbox deselects when clicked again. */
function toggleSingle(current, value) {
	return current === value ? "" : value;
}
/** Religion is one choice kept as a list: 'No Preference' is sent as [no_preference] (spec section 5). */
function chooseReligion(current, value) {
	return current[0] === value ? [] : [value.trim().toLowerCase()];
}
// src/features/preferences/components/choice-group.tsx
/**
* A group of checkboxes inside a fieldset. Single-selects of 4 to 6 options lay out in two columns (spec section
* 2); longer lists flow into as many columns as fit.
*/
function ChoiceGroup({ legend, options, selected, onToggle, error, mode = "multi", description }) {
	const errorId = useId();
	const cols = mode === "single" && options.length >= 4 && options.length <= 6 ? {
		base: 1,
		xs: 2
	} : options.length <= 3 ? {
		base: 1,
		xs: options.length
	} : {
		base: 1,
		xs: 2,
		md: 3
	};
	return /* @__PURE__ */ jsxs("fieldset", {
		className: wizard_module_default.fieldset,
		"aria-describedby": error ? errorId : void 0,
		children: [
			/* @__PURE__ */ jsx("legend", {
				className: wizard_module_default.legend,
				children: legend
			}),
			description && /* @__PURE__ */ jsx(Text, {
				size: "sm",
				c: "var(--kindred-muted)",
				mb: "xs",
				children: description
			}),
			/* @__PURE__ */ jsx(SimpleGrid, {
				cols,
				spacing: "xs",
				verticalSpacing: "xs",
				children: options.map((o) => /* @__PURE__ */ jsx(Checkbox, {
					className: wizard_module_default.choice,
					label: o.label,
					checked: selected.includes(o.value),
					onChange: () => onToggle(o.value),
					radius: mode === "single" ? "xl" : "sm"
				}, o.value))
			}),
			error && /* @__PURE__ */ jsx(Text, {
				id: errorId,
				c: "red.9",
				size: "sm",
				mt: 6,
				children: error
			})
		]
	});
}
// src/features/preferences/components/yes-no-field.tsx
/** A Yes/No question as two radio buttons. */
function YesNoField({ label, value, onChange, error }) {
	return /* @__PURE__ */ jsx(Radio.Group, {
		label,
		value,
		onChange: (v) => onChange(v === "yes" ? "yes" : "no"),
		error,
		size: "md",
		children: /* @__PURE__ */ jsxs(Group, {
			mt: "xs",
			gap: "xl",
			children: [/* @__PURE__ */ jsx(Radio, {
				value: "yes",
				label: "Yes"
			}), /* @__PURE__ */ jsx(Radio, {
				value: "no",
				label: "No"
			})]
		})
	});
}
// src/features/preferences/components/steps/demographic-step.tsx
function DemographicStep({ draft, errors, set }) {
	return /* @__PURE__ */ jsxs(Stack, {
		gap: "lg",
		children: [
			/* @__PURE__ */ jsx(ChoiceGroup, {
				legend: "Race",
				options: RACE_OPTIONS,
				selected: draft.preferred_races,
				error: errors.preferred_races,
				onToggle: (v) => set("preferred_races", toggleMulti(draft.preferred_races, v))
			}),
			/* @__PURE__ */ jsx(ChoiceGroup, {
				legend: "Ethnicity",
				options: ETHNICITY_OPTIONS,
				selected: draft.preferred_ethnicities,
				error: errors.preferred_ethnicities,
				onToggle: (v) => set("preferred_ethnicities", toggleMulti(draft.preferred_ethnicities, v))
			}),
			/* @__PURE__ */ jsx(ChoiceGroup, {
				legend: "Hair colour",
				options: HAIR_OPTIONS,
				selected: draft.preferred_hair_colors,
				error: errors.preferred_hair_colors,
				onToggle: (v) => set("preferred_hair_colors", toggleMulti(draft.preferred_hair_colors, v))
			}),
			/* @__PURE__ */ jsx(ChoiceGroup, {
				legend: "Eye colour",
				options: EYE_OPTIONS,
				selected: draft.preferred_eye_colors,
				error: errors.preferred_eye_colors,
				onToggle: (v) => set("preferred_eye_colors", toggleMulti(draft.preferred_eye_colors, v))
			}),
			/* @__PURE__ */ jsx(ChoiceGroup, {
				legend: "Height (inches)",
				options: HEIGHT_OPTIONS,
				selected: draft.preferred_height_ranges,
				error: errors.preferred_height_ranges,
				onToggle: (v) => set("preferred_height_ranges", toggleMulti(draft.preferred_height_ranges, v))
			}),
			/* @__PURE__ */ jsx(ChoiceGroup, {
				legend: "Age range",
				options: AGE_OPTIONS,
				selected: draft.preferred_age_ranges,
				error: errors.preferred_age_ranges,
				onToggle: (v) => set("preferred_age_ranges", toggleMulti(draft.preferred_age_ranges, v))
			}),
			/* @__PURE__ */ jsx(YesNoField, {
				label: "Are any of these preferences dealbreakers?",
				value: draft.dealbreakers,
				onChange: (v) => set("dealbreakers", v),
				error: errors.dealbreakers
			}),
			draft.dealbreakers === "yes" && /* @__PURE__ */ jsx(Textarea, {
				label: "Dealbreaker details",
				description: "Donors who do not meet your race, ethnicity, hair, eye colour or height choices will not be shown.",
				value: draft.dealbreaker_details,
				onChange: (e) => set("dealbreaker_details", e.currentTarget.value),
				maxLength: 500,
				autosize: true,
				minRows: 2
			})
		]
	});
}
// src/features/preferences/components/importance-slider.tsx
var MARKS = [
	0,
	25,
	50,
	75,
	100
].map((value) => ({ value }));
/**
* The 0-100 importance slider in steps of 25, read out as Not Important … Extremely Important (spec section 9).
* The words are shown beside the number so the scale is clear without the marks' labels crowding a phone.
*/
function ImportanceSlider({ label, value, onChange, error, description }) {
	const labelId = useId();
	const word = importanceLabel(value);
	return /* @__PURE__ */ jsxs(Stack, {
		gap: 6,
		children: [
			/* @__PURE__ */ jsx(Text, {
				id: labelId,
				fw: 600,
				children: label
			}),
			description && /* @__PURE__ */ jsx(Text, {
				size: "sm",
				c: "var(--kindred-muted)",
				children: description
			}),
			/* @__PURE__ */ jsx(Slider, {
				value,
				onChange,
				min: 0,
				max: 100,
				step: 25,
				marks: MARKS,
				label: null,
				thumbLabel: label,
				thumbProps: {
					"aria-valuetext": `${value}% – ${word}`,
					"aria-labelledby": labelId
				},
				color: "teal",
				mx: 6
			}),
			/* @__PURE__ */ jsxs(Text, {
				size: "sm",
				fw: 600,
				c: "teal.9",
				"aria-live": "polite",
				mt: 4,
				children: [
					value,
					"% · ",
					word
				]
			}),
			error && /* @__PURE__ */ jsx(Text, {
				c: "red.9",
				size: "sm",
				children: error
			})
		]
	});
}
// src/features/preferences/components/steps/lifestyle-step.tsx
function LifestyleStep({ draft, errors, set }) {
	return /* @__PURE__ */ jsxs(Stack, {
		gap: "lg",
		children: [
			/* @__PURE__ */ jsx(ChoiceGroup, {
				legend: "Minimum education level",
				mode: "single",
				options: EDUCATION_OPTIONS,
				selected: [draft.preferred_minimum_education],
				error: errors.preferred_minimum_education,
				onToggle: (v) => set("preferred_minimum_education", toggleSingle(draft.preferred_minimum_education, v))
			}),
			/* @__PURE__ */ jsx(ChoiceGroup, {
				legend: "Smoking history",
				mode: "single",
				options: SMOKING_OPTIONS,
				selected: [draft.smoking_history_preference],
				error: errors.smoking_history_preference,
				onToggle: (v) => set("smoking_history_preference", toggleSingle(draft.smoking_history_preference, v))
			}),
			/* @__PURE__ */ jsx(ChoiceGroup, {
				legend: "Recreational drugs",
				mode: "single",
				options: DRUGS_OPTIONS,
				selected: [draft.recreational_drugs_preference],
				error: errors.recreational_drugs_preference,
				onToggle: (v) => set("recreational_drugs_preference", toggleSingle(draft.recreational_drugs_preference, v))
			}),
			/* @__PURE__ */ jsx(ChoiceGroup, {
				legend: "Regular exercise",
				mode: "single",
				options: EXERCISE_OPTIONS,
				selected: [draft.regular_exercise_preferred],
				error: errors.regular_exercise_preferred,
				onToggle: (v) => set("regular_exercise_preferred", toggleSingle(draft.regular_exercise_preferred, v))
			}),
			/* @__PURE__ */ jsx(ImportanceSlider, {
				label: "How important are lifestyle and environment factors to you?",
				value: draft.lifestyle_environment_importance,
				onChange: (v) => set("lifestyle_environment_importance", v)
			})
		]
	});
}
// src/features/preferences/components/steps/medical-step.tsx
var SNAP_POINTS = [
	0,
	25,
	50,
	75,
	100
].map((value) => ({ value }));
function MedicalStep({ draft, errors, set }) {
	const priorityId = useId();
	const priority = draft.medical_genetic_importance ?? 50;
	return /* @__PURE__ */ jsxs(Stack, {
		gap: "lg",
		children: [
			/* @__PURE__ */ jsx(ChoiceGroup, {
				legend: "Medical History",
				description: "Chronic conditions you would accept in a donor.",
				options: CHRONIC_OPTIONS,
				selected: draft.acceptable_chronic_conditions,
				error: errors.acceptable_chronic_conditions,
				onToggle: (v) => set("acceptable_chronic_conditions", toggleChecklist(draft.acceptable_chronic_conditions, v))
			}),
			/* @__PURE__ */ jsx(ChoiceGroup, {
				legend: "Genetic Screening Preferences",
				description: "Conditions you know you carry. Donors who carry the same condition are flagged so you can discuss them with a counsellor.",
				options: GENETIC_OPTIONS,
				selected: draft.user_genetic_conditions,
				error: errors.user_genetic_conditions,
				onToggle: (v) => set("user_genetic_conditions", toggleChecklist(draft.user_genetic_conditions, v))
			}),
			/* @__PURE__ */ jsxs(Stack, {
				gap: 6,
				children: [
					/* @__PURE__ */ jsx(Text, {
						id: priorityId,
						fw: 600,
						children: "How important are medical and genetic factors to you?"
					}),
					/* @__PURE__ */ jsx(Slider, {
						value: priority,
						onChange: (v) => set("medical_genetic_importance", v),
						min: 0,
						max: 100,
						step: 25,
						marks: SNAP_POINTS,
						label: null,
						thumbLabel: "Medical and genetic importance",
						thumbProps: { "aria-valuetext": `${priority}% – ${importanceLabel(priority)}` },
						color: "teal",
						mx: 6
					}),
					/* @__PURE__ */ jsxs(Text, {
						size: "sm",
						fw: 600,
						c: "teal.9",
						mt: 4,
						children: [
							priority,
							"% · ",
							importanceLabel(priority)
						]
					}),
					errors.medical_genetic_importance && /* @__PURE__ */ jsx(Text, {
						c: "red.9",
						size: "sm",
						children: errors.medical_genetic_importance
					})
				]
			})
		]
	});
}
// src/features/preferences/components/steps/pregnancy-step.tsx
var asYesNo = (v) => v === "yes" || v === "no" ? v : "";
/** Surrogates only. */
function PregnancyStep({ draft, errors, set }) {
	return /* @__PURE__ */ jsxs(Stack, {
		gap: "lg",
		children: [/* @__PURE__ */ jsx(ChoiceGroup, {
			legend: "Pregnancy history",
			mode: "single",
			options: PREGNANCY_HISTORY_OPTIONS,
			selected: [draft.previous_full_term_pregnancies_preferred],
			error: errors.previous_full_term_pregnancies_preferred,
			onToggle: (v) => set("previous_full_term_pregnancies_preferred", asYesNo(toggleSingle(draft.previous_full_term_pregnancies_preferred, v)))
		}), /* @__PURE__ */ jsx(ChoiceGroup, {
			legend: "Pregnancy complication history",
			mode: "single",
			options: COMPLICATION_OPTIONS,
			selected: [draft.pregnancy_complications_ok],
			error: errors.pregnancy_complications_ok,
			onToggle: (v) => set("pregnancy_complications_ok", asYesNo(toggleSingle(draft.pregnancy_complications_ok, v)))
		})]
	});
}
// src/features/preferences/model/review.ts
/** The rows of 'Review Your Preferences' (spec section 2), in the spec's order. */
/** User-entered conditions are cut at 50 characters. */
var cut50 = (text) => text.length > 50 ? `${text.slice(0, 50)}…` : text;
var many = (options, values) => values.length === 0 ? "—" : values.map((v) => v === "no_preference" ? "No Preference" : labelOf(options, v)).join(", ");
var one = (options, value) => value === "" ? "—" : labelOf(options, value);
function reviewRows(d) {
	const rows = [
		{
			label: "Donor type",
			value: one(DONOR_TYPE_OPTIONS, d.donor_type_preference)
		},
		{
			label: "Location",
			value: d.location || "—"
		},
		{
			label: "Importance",
			value: "100%"
		},
		{
			label: "Dealbreaker",
			value: d.dealbreakers === "yes" ? "true" : "false"
		}
	];
	if (d.dealbreakers === "yes" && d.dealbreaker_details.trim()) rows.push({
		label: "Dealbreaker details",
		value: cut50(d.dealbreaker_details.trim())
	});
	rows.push({
		label: "Conditions",
		value: cut50(many(GENETIC_OPTIONS, d.user_genetic_conditions))
	}, {
		label: "Medical history",
		value: cut50(many(CHRONIC_OPTIONS, d.acceptable_chronic_conditions))
	}, {
		label: "Age",
		value: many(AGE_OPTIONS, d.preferred_age_ranges)
	}, {
		label: "Height",
		value: many(HEIGHT_OPTIONS, d.preferred_height_ranges)
	}, {
		label: "Ethnicity",
		value: many(ETHNICITY_OPTIONS, d.preferred_ethnicities)
	}, {
		label: "Race",
		value: many(RACE_OPTIONS, d.preferred_races)
	}, {
		label: "Eye colour",
		value: many(EYE_OPTIONS, d.preferred_eye_colors)
	}, {
		label: "Hair colour",
		value: many(HAIR_OPTIONS, d.preferred_hair_colors)
	}, {
		label: "Education",
		value: one(EDUCATION_OPTIONS, d.preferred_minimum_education)
	}, {
		label: "Recreational drugs",
		value: one(DRUGS_OPTIONS, d.recreational_drugs_preference)
	}, {
		label: "Smoking",
		value: one(SMOKING_OPTIONS, d.smoking_history_preference)
	}, {
		label: "Religion",
		value: many(RELIGION_OPTIONS, d.preferred_religions)
	}, {
		label: "Regular exercise",
		value: one(EXERCISE_OPTIONS, d.regular_exercise_preferred)
	}, {
		label: "Lifestyle importance",
		value: `${d.lifestyle_environment_importance}%`
	}, {
		label: "Medical importance",
		value: `${d.medical_genetic_importance ?? 0}%`
	}, {
		label: "Values importance",
		value: `${d.values_legal_importance}%`
	});
	return rows;
}
// src/features/preferences/components/steps/review-step.tsx
function ReviewStep({ draft }) {
	return /* @__PURE__ */ jsxs(Fragment$1, { children: [/* @__PURE__ */ jsx(Text, {
		c: "var(--kindred-muted)",
		mb: "md",
		children: "Check your answers. You can go back to any step to change them before submitting."
	}), /* @__PURE__ */ jsx(Table, {
		withTableBorder: true,
		withRowBorders: true,
		verticalSpacing: "xs",
		layout: "fixed",
		children: /* @__PURE__ */ jsx(Table.Tbody, { children: reviewRows(draft).map((row) => /* @__PURE__ */ jsxs(Table.Tr, { children: [/* @__PURE__ */ jsx(Table.Th, {
			scope: "row",
			w: "40%",
			children: row.label
		}), /* @__PURE__ */ jsx(Table.Td, {
			style: { overflowWrap: "anywhere" },
			children: row.value
		})] }, row.label)) })
	})] });
}
// src/features/preferences/components/steps/values-step.tsx
function ValuesStep({ draft, errors, set }) {
	return /* @__PURE__ */ jsxs(Stack, {
		gap: "lg",
		children: [
			/* @__PURE__ */ jsx(Text, {
				c: "var(--kindred-muted)",
				children: "How Important are Values and Legal factors to you"
			}),
			/* @__PURE__ */ jsx(ChoiceGroup, {
				legend: "Religion",
				mode: "single",
				options: RELIGION_OPTIONS,
				selected: draft.preferred_religions,
				error: errors.preferred_religions,
				onToggle: (v) => set("preferred_religions", chooseReligion(draft.preferred_religions, v))
			}),
			/* @__PURE__ */ jsx(ImportanceSlider, {
				label: "How important are values and legal factors to you?",
				value: draft.values_legal_importance,
				onChange: (v) => set("values_legal_importance", v),
				error: errors.values_legal_importance
			}),
			/* @__PURE__ */ jsx(YesNoField, {
				label: "Are you interested in post-match communication with the donor?",
				value: draft.post_match_communication,
				onChange: (v) => set("post_match_communication", v)
			}),
			draft.donor_type_preference === "surrogate" && /* @__PURE__ */ jsx(YesNoField, {
				label: "Surrogate must have their own health insurance covering pregnancy?",
				value: draft.health_insurance_required,
				onChange: (v) => set("health_insurance_required", v)
			})
		]
	});
}
/** GET geocoding/autocomplete/: a failure yields no suggestions, silently (spec section 8). */
async function fetchPlaces(text, signal) {
	try {
		return ((await apiRequest(apiPaths.geocodeAutocomplete, {
			query: {
				text,
				limit: String(5)
			},
			signal
		})).features ?? []).map((f) => f.properties);
	} catch {
		return [];
	}
}
function usePlaceSuggestions(text) {
	const trimmed = text.trim();
	return useQuery(queryOptions({
		queryKey: ["geocoding", trimmed.toLowerCase()],
		queryFn: ({ signal }) => fetchPlaces(trimmed, signal),
		enabled: trimmed.length >= 2,
		staleTime: 36e5
	}));
}
// src/features/preferences/components/location-field.tsx
/** Spec section 9: 300 ms debounce before asking for suggestions. */
var DEBOUNCE_MS = 300;
/**
* Location with address suggestions from our geocoding endpoint: from 2 characters, 5 results, failures leave the
* list empty. Picking a suggestion keeps its coordinates so distance can count in matching.
*/
function LocationField({ value, onType, onPick, error }) {
	const [debounced] = useDebouncedValue(value, DEBOUNCE_MS);
	const { data = [] } = usePlaceSuggestions(debounced);
	return /* @__PURE__ */ jsx(Autocomplete, {
		label: "Your location",
		description: "City or US ZIP code",
		placeholder: "Start typing, e.g. Austin or 10001",
		value,
		onChange: onType,
		data: [...new Set(data.map((p) => p.formatted))],
		filter: ({ options }) => options,
		onOptionSubmit: (formatted) => {
			const place = data.find((p) => p.formatted === formatted);
			if (place) onPick(place);
		},
		error,
		size: "md",
		autoComplete: "off",
		withAsterisk: true
	});
}
// src/features/preferences/components/steps/welcome-step.tsx
function WelcomeStep({ draft, errors, set }) {
	return /* @__PURE__ */ jsxs(Stack, {
		gap: "lg",
		children: [/* @__PURE__ */ jsx(LocationField, {
			value: draft.location,
			error: errors.location,
			onType: (text) => {
				set("location", text);
				set("latitude", null);
				set("longitude", null);
				set("primary_zip_code", zipOf(text));
			},
			onPick: (place) => {
				set("location", place.formatted);
				set("latitude", place.lat);
				set("longitude", place.lon);
				set("current_country", place.country);
				set("primary_zip_code", place.kind === "zip" ? zipOf(place.formatted) : "");
			}
		}), /* @__PURE__ */ jsx(ChoiceGroup, {
			legend: "Which donor are you looking for?",
			mode: "single",
			options: DONOR_TYPE_OPTIONS,
			selected: [draft.donor_type_preference],
			onToggle: (v) => set("donor_type_preference", toggleSingle(draft.donor_type_preference, v)),
			error: errors.donor_type_preference
		})]
	});
}
// src/features/preferences/components/preference-wizard.tsx
var HEADINGS = {
	review: "Review Your Preferences",
	welcome: "Welcome Board"
};
function stepBody(step, props) {
	switch (step) {
		case "welcome": return /* @__PURE__ */ jsx(WelcomeStep, { ...props });
		case "demographic": return /* @__PURE__ */ jsx(DemographicStep, { ...props });
		case "medical": return /* @__PURE__ */ jsx(MedicalStep, { ...props });
		case "pregnancy": return /* @__PURE__ */ jsx(PregnancyStep, { ...props });
		case "lifestyle": return /* @__PURE__ */ jsx(LifestyleStep, { ...props });
		case "values": return /* @__PURE__ */ jsx(ValuesStep, { ...props });
		case "review": return /* @__PURE__ */ jsx(ReviewStep, { draft: props.draft });
	}
}
/**
* The preference wizard (/profile-steps, spec sections 2, 4 and 5): steps with chips and a progress bar, the
* draft kept in browser storage, sign-in required from the third step, the live match count while signed in,
* and the Review submit.
*/
function PreferenceWizard() {
	const navigate = useNavigate();
	const hasToken = useHasToken();
	const { draft, set, errors, setErrors, steps, step: storedStep, completed, progress, setProgress } = useWizardState();
	const step = !hasToken ? Math.min(storedStep, 1) : storedStep;
	const [loginOpen, setLoginOpen] = useState(false);
	const [chipAlert, setChipAlert] = useState(false);
	const headingRef = useRef(null);
	const payload = useMemo(() => buildPreferencePayload(draft), [draft]);
	const live = useLiveMatchCount(payload, hasToken);
	const { submit, pending } = useSubmitPreferences();
	const stepId = steps[step];
	const goTo = (index, leftForward = false) => {
		const done = leftForward && !progress.completed.includes(step) ? [...progress.completed, step] : progress.completed;
		setProgress({
			step: index,
			completed: done
		});
		setChipAlert(false);
		setErrors({});
		requestAnimationFrame(() => headingRef.current?.focus());
	};
	const validateCurrent = () => {
		const found = validateStep(stepId, draft);
		setErrors(found);
		return Object.keys(found).length === 0;
	};
	const forward = () => {
		if (stepId === "review") return submit(payload);
		if (!validateCurrent()) return;
		if (!hasToken && step >= 1) {
			setProgress({
				step,
				completed: progress.completed.includes(step) ? progress.completed : [...progress.completed, step]
			});
			navigate(paths.register);
			return;
		}
		goTo(step + 1, true);
	};
	const selectChip = (index) => {
		if (index === step) return;
		if (!isChipClickable(index, step, completed)) return setChipAlert(true);
		if (index >= 2 && !hasToken) return setLoginOpen(true);
		goTo(index);
	};
	const closeLogin = () => {
		setLoginOpen(false);
		goTo(1);
	};
	const forwardLabel = stepId === "review" ? "Submit" : !hasToken && step >= 1 ? "Sign Up" : "Continue";
	const heading = HEADINGS[stepId] ?? STEP_TITLES[stepId];
	return /* @__PURE__ */ jsxs(Stack, {
		gap: "lg",
		children: [
			/* @__PURE__ */ jsxs(Stack, {
				gap: 4,
				children: [/* @__PURE__ */ jsx(Text, {
					tt: "uppercase",
					fw: 700,
					c: "teal.9",
					size: "sm",
					lts: 1,
					children: "Create Profile"
				}), /* @__PURE__ */ jsx(Title, {
					order: 1,
					fz: {
						base: 28,
						sm: 36
					},
					children: "Find the Perfect Match"
				})]
			}),
			/* @__PURE__ */ jsx(Progress, {
				value: (step + 1) / steps.length * 100,
				color: "teal",
				size: "md",
				radius: "xl",
				"aria-label": `Step ${step + 1} of ${steps.length}`
			}),
			/* @__PURE__ */ jsx(StepChips, {
				steps,
				current: step,
				completed,
				onSelect: selectChip
			}),
			chipAlert && /* @__PURE__ */ jsx(Alert, {
				color: "orange",
				variant: "light",
				role: "alert",
				withCloseButton: true,
				closeButtonLabel: "Dismiss",
				onClose: () => setChipAlert(false),
				children: /* @__PURE__ */ jsx(Text, {
					c: "var(--kindred-ink)",
					fw: 500,
					children: "Please complete the current step before proceeding to the next step."
				})
			}),
			hasToken && /* @__PURE__ */ jsx(LiveCountBanner, { live }),
			/* @__PURE__ */ jsxs(Paper, {
				withBorder: true,
				radius: "lg",
				p: {
					base: "md",
					sm: "xl"
				},
				component: "section",
				"aria-labelledby": "wizard-step-title",
				children: [
					/* @__PURE__ */ jsxs(Text, {
						size: "sm",
						c: "var(--kindred-muted)",
						mb: 4,
						children: [
							"Step ",
							step + 1,
							" of ",
							steps.length
						]
					}),
					/* @__PURE__ */ jsx(Title, {
						order: 2,
						size: "h3",
						mb: "lg",
						id: "wizard-step-title",
						ref: headingRef,
						tabIndex: -1,
						children: heading
					}),
					stepBody(stepId, {
						draft,
						errors,
						set
					}),
					/* @__PURE__ */ jsxs(Group, {
						justify: "space-between",
						mt: "xl",
						children: [/* @__PURE__ */ jsx(Button, {
							variant: "default",
							onClick: () => goTo(Math.max(0, step - 1)),
							disabled: step === 0,
							children: "Back"
						}), /* @__PURE__ */ jsx(Button, {
							color: "teal",
							onClick: forward,
							loading: pending,
							children: forwardLabel
						})]
					})
				]
			}),
			/* @__PURE__ */ jsx(LoginRequiredModal, {
				opened: loginOpen,
				onClose: closeLogin
			})
		]
	});
}
// src/routes/profile-steps.route.tsx
/** /profile-steps: the preference wizard. Public for its first steps; it asks for sign-in itself. */
function ProfileStepsPage() {
	return /* @__PURE__ */ jsx(PageContainer, {
		size: "md",
		children: /* @__PURE__ */ jsx(PreferenceWizard, {})
	});
}
export { ProfileStepsPage };

//# sourceMappingURL=profile-steps.route-B3PAz2h4.js.map