import { A as apiPaths, F as errorMessage, h as apiRequest } from "../entry-server.js";
import { n as MATCH_CATEGORIES } from "./vocabulary-BH9a7HMT.js";
import { r as CATEGORY_LABELS } from "./score-badge-BdnEQ7oc.js";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ActionIcon, Group, Progress, Stack, Text, Tooltip } from "@mantine/core";
import { IconStar, IconStarFilled } from "@tabler/icons-react";
import { jsx, jsxs } from "react/jsx-runtime";
import { toast } from "react-hot-toast";
// src/features/matches/components/category-scores.tsx
/** The four category scores, each with a bar (and, in the detail view, the category's weight). */
function CategoryScores({ scores, weights }) {
	return /* @__PURE__ */ jsx(Stack, {
		gap: 8,
		children: MATCH_CATEGORIES.map((c) => /* @__PURE__ */ jsxs(Stack, {
			gap: 2,
			children: [/* @__PURE__ */ jsxs(Group, {
				justify: "space-between",
				gap: "xs",
				children: [/* @__PURE__ */ jsx(Text, {
					size: "sm",
					children: CATEGORY_LABELS[c]
				}), /* @__PURE__ */ jsxs(Text, {
					size: "sm",
					fw: 700,
					children: [
						Math.round(scores[c]),
						"%",
						weights ? /* @__PURE__ */ jsxs(Text, {
							span: true,
							size: "xs",
							c: "var(--kindred-muted)",
							fw: 400,
							children: [
								" · weight ",
								Math.round(weights[c]),
								"%"
							]
						}) : null
					]
				})]
			}), /* @__PURE__ */ jsx(Progress, {
				value: scores[c],
				color: "teal",
				size: "sm",
				"aria-label": `${CATEGORY_LABELS[c]} score ${Math.round(scores[c])}%`
			})]
		}, c))
	});
}
// src/features/matches/api/favourites.api.ts
var favouritesKey = ["favourites"];
/** GET/POST/DELETE donors/favourites/ (bearer): the parent's starred donors, kept on the account. */
function useFavourites() {
	return useQuery(queryOptions({
		queryKey: favouritesKey,
		queryFn: ({ signal }) => apiRequest(apiPaths.favourites, {
			auth: true,
			signal
		}),
		select: (body) => new Set(body.favourites.map((f) => f.donor_reference_id))
	}));
}
function useToggleFavourite() {
	const client = useQueryClient();
	return useMutation({
		mutationFn: ({ referenceId, favourite }) => apiRequest(apiPaths.favourites, {
			method: favourite ? "POST" : "DELETE",
			body: { donor_reference_id: referenceId },
			auth: true
		}),
		onSuccess: (body) => client.setQueryData(favouritesKey, body),
		onError: (error) => toast.error(errorMessage(error, "Could not update your favourites. Please try again."))
	});
}
// src/features/matches/components/favourite-button.tsx
/** Star a donor; the list lives on the account, so it follows the parent to any device. */
function FavouriteButton({ referenceId }) {
	const { data: favourites } = useFavourites();
	const toggle = useToggleFavourite();
	const on = favourites?.has(referenceId) ?? false;
	const label = on ? `Remove donor ${referenceId} from favourites` : `Add donor ${referenceId} to favourites`;
	return /* @__PURE__ */ jsx(Tooltip, {
		label: on ? "Remove from favourites" : "Add to favourites",
		children: /* @__PURE__ */ jsx(ActionIcon, {
			variant: on ? "filled" : "default",
			color: "yellow.9",
			size: "lg",
			radius: "xl",
			"aria-label": label,
			"aria-pressed": on,
			loading: toggle.isPending,
			onClick: () => toggle.mutate({
				referenceId,
				favourite: !on
			}),
			children: on ? /* @__PURE__ */ jsx(IconStarFilled, {
				size: 18,
				"aria-hidden": true
			}) : /* @__PURE__ */ jsx(IconStar, {
				size: 18,
				"aria-hidden": true
			})
		})
	});
}
export { CategoryScores as n, FavouriteButton as t };

//# sourceMappingURL=favourite-button-CHjuZdbp.js.map