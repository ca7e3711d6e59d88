// src/lib/match-profile.ts
/**
* What the wizard hands to the matches screens through browser storage: the saved preference profile's id and
* the preference set last submitted (so a counterfactual re-run can relax one filter and submit it again). These
* outlive the wizard's draft, which is cleared after a submit.
*/
var PROFILE_ID_KEY = "profileId";
var LAST_PREFERENCES_KEY = "submittedPreferences";
function getStoredProfileId() {
	return localStorage.getItem(PROFILE_ID_KEY);
}
function setStoredProfileId(id) {
	localStorage.setItem(PROFILE_ID_KEY, id);
}
function getSubmittedPreferences() {
	try {
		const value = JSON.parse(localStorage.getItem(LAST_PREFERENCES_KEY) ?? "null");
		return value && typeof value === "object" && !Array.isArray(value) ? value : null;
	} catch {
		return null;
	}
}
function setSubmittedPreferences(preferences) {
	localStorage.setItem(LAST_PREFERENCES_KEY, JSON.stringify(preferences));
}
export { setSubmittedPreferences as i, getSubmittedPreferences as n, setStoredProfileId as r, getStoredProfileId as t };

//# sourceMappingURL=match-profile-C0RWYp5q.js.map