import { A as apiPaths, S as readProfileData, h as apiRequest, w as saveProfileData } from "../entry-server.js";
import { queryOptions, useQuery } from "@tanstack/react-query";
// src/features/profile/api/profile.api.ts
var profileKey = ["profile"];
/** GET auth/profile/ (bearer). The result is cached in localStorage as profileData (spec section 3). */
async function fetchProfile(signal) {
	const res = await apiRequest(apiPaths.profile, {
		auth: true,
		signal
	});
	saveProfileData(res.user);
	return res.user;
}
var profileQueryOptions = () => queryOptions({
	queryKey: profileKey,
	queryFn: ({ signal }) => fetchProfile(signal),
	placeholderData: () => readProfileData()
});
function useProfile() {
	return useQuery(profileQueryOptions());
}
export { useProfile as n, profileKey as t };

//# sourceMappingURL=profile.api-BSGmH8Jd.js.map