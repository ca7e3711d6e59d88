// ../../packages/shared/src/constants.ts
var REDIRECT_DELAY_MS = 1e3;
var PAYMENT_REDIRECT_DELAY_MS = 1500;
var COPY_CONFIRMATION_MS = 1500;
var TOAST_DURATION_MS = 4e3;
var TOAST_SUCCESS_DURATION_MS = 2e3;
/** Browser storage keys (spec section 3). rememberedPassword is deliberately never written: see README. */
var STORAGE_KEYS = {
	userToken: "userToken",
	profileUserId: "profileUserId",
	profileData: "profileData",
	otpToken: "otpToken",
	rememberMe: "rememberMe",
	rememberedEmail: "rememberedEmail",
	currentCountry: "current_country",
	donorTypePreference: "donor_type_preference",
	resetEmail: "resetEmail"
};
var RELATIONSHIP_OPTIONS = [
	"father",
	"mother",
	"parent",
	"partner",
	"other"
];
var EDUCATION_LEVELS = [
	"high_school",
	"college",
	"masters",
	"doctorate"
];
var RACES = [
	"black_african",
	"white",
	"asian",
	"american_indian",
	"pacific_islander",
	"mixed_race"
];
var ETHNICITIES = ["hispanic_latino", "not_hispanic_latino"];
/** Sign-up defaults the form does not let the user edit (spec section 3). */
var SIGNUP_DEFAULTS = {
	relationship_to_child: "father",
	highest_education: "masters",
	race: "asian",
	ethnicity: "hispanic_latino"
};
export { RACES as a, SIGNUP_DEFAULTS as c, TOAST_SUCCESS_DURATION_MS as d, PAYMENT_REDIRECT_DELAY_MS as i, STORAGE_KEYS as l, EDUCATION_LEVELS as n, REDIRECT_DELAY_MS as o, ETHNICITIES as r, RELATIONSHIP_OPTIONS as s, COPY_CONFIRMATION_MS as t, TOAST_DURATION_MS as u };

//# sourceMappingURL=constants-CZAAzTUa.js.map