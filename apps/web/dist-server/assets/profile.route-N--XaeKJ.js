import { A as apiPaths, F as errorMessage, I as fieldErrorsOf, N as paths, R as MSG, g as clearAllExceptProfile, h as apiRequest, u as PageContainer, v as clearSession, w as saveProfileData } from "../entry-server.js";
import { t as AppModal } from "./app-modal-B2uXULhJ.js";
import { i as changePasswordRequest, n as fieldErrors, r as withMismatch, s as profileUpdateRequest, t as useFormState } from "./use-form-state-DAH46b9n.js";
import { t as PasswordField } from "./password-field-iRafGbQw.js";
import { t as useDelayedNavigate } from "./use-delayed-navigate-BKV890Vb.js";
import { n as useProfile, t as profileKey } from "./profile.api-BSGmH8Jd.js";
import "./constants-CZAAzTUa.js";
import { t as StatusBadge } from "./status-badge-CoreDwLm.js";
import { i as formatPrice, n as formatDateTime, t as formatDate } from "./format-BbEB47_m.js";
import { i as splitPhone, n as combinePhone, r as formatPhone, t as PhoneField } from "./phone-field-CNcq21Py.js";
import { queryOptions, useIsFetching, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { ActionIcon, Alert, Anchor, Avatar, Button, CopyButton, Group, Menu, Paper, SimpleGrid, Skeleton, Stack, Table, Text, TextInput, ThemeIcon, Title, Tooltip, UnstyledButton } from "@mantine/core";
import { IconAlertCircle, IconCheck, IconChevronDown, IconClipboardHeart, IconCopy, IconCrown, IconDotsVertical, IconListDetails, IconLock, IconLogout, IconMail, IconPencil, IconPhone, IconRefresh, IconSettings, IconUser, IconUserEdit, IconUsers } from "@tabler/icons-react";
import { jsx, jsxs } from "react/jsx-runtime";
import { toast } from "react-hot-toast";
// ../../packages/shared/src/format.ts
/** IDs over 8 characters show as first 4, an ellipsis, last 4 (spec section 2, Profile page). */
function shortenId(id) {
	return id.length > 8 ? `${id.slice(0, 4)}…${id.slice(-4)}` : id;
}
/** Up to two initials from a first and last name ("Ada Lovelace" → "AL"); empty when no letters. */
function initialsOf(first = "", last = "") {
	return [first, last].map((s) => s.trim().charAt(0)).filter(Boolean).join("").slice(0, 2).toUpperCase();
}
/** The avatar palette: 20 colours, each dark enough for white initials at WCAG AA. */
var AVATAR_PALETTE = [
	"#B71C1C",
	"#880E4F",
	"#4A148C",
	"#311B92",
	"#1A237E",
	"#0D47A1",
	"#01579B",
	"#006064",
	"#004D40",
	"#1B5E20",
	"#33691E",
	"#5D4037",
	"#BF360C",
	"#3E2723",
	"#263238",
	"#AD1457",
	"#6A1B9A",
	"#283593",
	"#00695C",
	"#37474F"
];
/** Palette colour chosen by the sum of the name's character codes, so a person keeps one colour everywhere. */
function avatarColor(name) {
	let sum = 0;
	for (const ch of name) sum += ch.codePointAt(0) ?? 0;
	return AVATAR_PALETTE[sum % AVATAR_PALETTE.length];
}
// src/features/auth/api/change-password.api.ts
/** POST auth/change-password/ (bearer) */
function changePassword(body) {
	return apiRequest(apiPaths.changePassword, {
		method: "POST",
		body,
		auth: true
	});
}
function useChangePasswordMutation() {
	return useMutation({ mutationFn: changePassword });
}
// src/features/auth/components/change-password-modal.tsx
var EMPTY = {
	old_password: "",
	new_password: "",
	confirm_new_password: ""
};
function validate$1(v) {
	const errors = fieldErrors(changePasswordRequest, v);
	const { new_password: pw, confirm_new_password: confirm } = v;
	return withMismatch(errors, pw, confirm, "confirm_new_password", MSG.passwordsMismatch);
}
/**
* Change Password dialog (spec sections 2, 5, 8). The server revokes every session on success, so the browser
* session is cleared too and the user signs in again after 1 s.
*/
function ChangePasswordModal({ opened, onClose }) {
	const form = useFormState(EMPTY, validate$1, "revalidate");
	const change = useChangePasswordMutation();
	const navigateLater = useDelayedNavigate();
	const close = () => {
		if (change.isPending) return;
		form.reset(EMPTY);
		onClose();
	};
	const onSubmit = (event) => {
		event.preventDefault();
		if (!form.validateAll()) return;
		change.mutate(form.values, {
			onSuccess: (res) => {
				toast.success(res.message || MSG.passwordChanged);
				clearSession();
				navigateLater(paths.login, { replace: true });
			},
			onError: (error) => toast.error(errorMessage(error, MSG.changePasswordFailed))
		});
	};
	const bind = (field) => ({
		value: form.values[field],
		onChange: (e) => form.setValue(field, e.currentTarget.value),
		error: form.errors[field]
	});
	return /* @__PURE__ */ jsx(AppModal, {
		opened,
		onClose: close,
		title: "Change Password",
		size: "md",
		children: /* @__PURE__ */ jsx("form", {
			onSubmit,
			noValidate: true,
			children: /* @__PURE__ */ jsxs(Stack, {
				gap: "md",
				children: [
					/* @__PURE__ */ jsx(PasswordField, {
						label: "Old Password",
						autoComplete: "current-password",
						"data-autofocus": true,
						...bind("old_password")
					}),
					/* @__PURE__ */ jsx(PasswordField, {
						label: "New Password",
						autoComplete: "new-password",
						...bind("new_password")
					}),
					/* @__PURE__ */ jsx(PasswordField, {
						label: "Confirm Password",
						autoComplete: "new-password",
						...bind("confirm_new_password")
					}),
					/* @__PURE__ */ jsxs(Group, {
						justify: "flex-end",
						mt: "sm",
						children: [/* @__PURE__ */ jsx(Button, {
							variant: "default",
							onClick: close,
							disabled: change.isPending,
							children: "Cancel"
						}), /* @__PURE__ */ jsx(Button, {
							type: "submit",
							loading: change.isPending,
							disabled: change.isSuccess,
							children: "Change Password"
						})]
					})
				]
			})
		})
	});
}
// src/features/auth/api/logout.api.ts
/** POST auth/logout/: the server revokes the refresh token and clears its cookie. */
function logoutUser() {
	return apiRequest(apiPaths.logout, {
		method: "POST",
		body: {},
		auth: true
	});
}
function useLogoutMutation() {
	return useMutation({ mutationFn: logoutUser });
}
// src/features/auth/components/logout-confirm-modal.tsx
/**
* Logout confirmation (spec sections 2, 4). The browser session is cleared even when the server cannot be reached:
* a user who asks to leave must not stay signed in on this device.
*/
function LogoutConfirmModal({ opened, onClose }) {
	const logout = useLogoutMutation();
	const navigate = useNavigate();
	const queryClient = useQueryClient();
	const confirm = () => {
		logout.mutate(void 0, { onSettled: (_data, error) => {
			if (error) console.error("Logout request failed; the local session is cleared anyway", error);
			clearSession();
			toast.success(MSG.loggedOut);
			Promise.resolve(navigate(paths.login, { replace: true })).then(() => queryClient.clear());
		} });
	};
	return /* @__PURE__ */ jsxs(AppModal, {
		opened,
		onClose,
		title: "Log out?",
		size: "sm",
		children: [/* @__PURE__ */ jsx(Text, {
			c: "var(--kindred-muted)",
			children: "You will need to sign in again to see your profile and matches."
		}), /* @__PURE__ */ jsxs(Group, {
			justify: "flex-end",
			mt: "xl",
			children: [/* @__PURE__ */ jsx(Button, {
				variant: "default",
				onClick: onClose,
				disabled: logout.isPending,
				children: "Cancel"
			}), /* @__PURE__ */ jsx(Button, {
				color: "plum",
				onClick: confirm,
				loading: logout.isPending,
				"data-autofocus": true,
				children: "Yes, Logout"
			})]
		})]
	});
}
// src/components/ui/copyable-id.tsx
/**
* An ID shown as first 4 … last 4 when longer than 8 characters, with a copy button whose tooltip says 'Copied!'
* for 1.5 s (spec sections 2 and 9). The full ID stays available to screen readers and as the hover title.
*/
function CopyableId({ id }) {
	const long = id.length > 8;
	return /* @__PURE__ */ jsxs(Group, {
		gap: 4,
		wrap: "nowrap",
		children: [/* @__PURE__ */ jsx(Text, {
			span: true,
			ff: "monospace",
			size: "sm",
			style: { whiteSpace: "nowrap" },
			title: long ? id : void 0,
			"aria-label": long ? `ID ${id}` : void 0,
			children: shortenId(id)
		}), long && /* @__PURE__ */ jsx(CopyButton, {
			value: id,
			timeout: 1500,
			children: ({ copied, copy }) => /* @__PURE__ */ jsx(Tooltip, {
				label: copied ? MSG.copied : "Copy ID",
				opened: copied ? true : void 0,
				children: /* @__PURE__ */ jsx(ActionIcon, {
					variant: "subtle",
					color: copied ? "teal" : "gray",
					size: "sm",
					onClick: copy,
					"aria-label": copied ? MSG.copied : "Copy ID",
					children: copied ? /* @__PURE__ */ jsx(IconCheck, { size: 14 }) : /* @__PURE__ */ jsx(IconCopy, { size: 14 })
				})
			})
		})]
	});
}
// src/lib/status-colors.ts
function appointmentStatusColor(status) {
	switch ((status ?? "").trim().toLowerCase()) {
		case "confirmed":
		case "completed": return "green";
		case "pending":
		case "scheduled": return "orange";
		case "cancelled":
		case "canceled": return "red";
		default: return "gray";
	}
}
function paymentStatusColor(status) {
	switch ((status ?? "").trim().toLowerCase()) {
		case "succeeded": return "green";
		case "failed":
		case "cancelled": return "red";
		default: return "gray";
	}
}
// src/features/profile/api/list-shape.ts
/**
* The earlier backend answered list calls in several shapes (spec section 7: an array, `results`, a named list, or
* a single object). This reads any of them as an array.
*/
function listFrom(body, key) {
	if (Array.isArray(body)) return body;
	if (!body || typeof body !== "object") return [];
	const b = body;
	for (const k of [
		key,
		"results",
		"data"
	]) if (Array.isArray(b[k])) return b[k];
	if ("id" in b || "appointment_id" in b) return [b];
	return [];
}
// src/features/profile/api/appointments.api.ts
/** GET appointments/my-appointments/ (bearer). Failures other than 401 are logged and read as an empty list. */
async function fetchMyAppointments(signal) {
	return listFrom(await apiRequest(apiPaths.myAppointments, {
		auth: true,
		signal
	}), "appointments");
}
function useMyAppointments() {
	return useQuery(queryOptions({
		queryKey: ["appointments", "mine"],
		queryFn: ({ signal }) => fetchMyAppointments(signal)
	}));
}
// src/features/profile/components/section-table.tsx
/** A titled table card with skeleton rows while loading and the spec's empty message when there is nothing. */
function SectionTable({ id, title, columns, loading, emptyText, rows }) {
	return /* @__PURE__ */ jsxs(Paper, {
		radius: "lg",
		p: {
			base: "md",
			sm: "lg"
		},
		withBorder: true,
		component: "section",
		"aria-labelledby": id,
		children: [/* @__PURE__ */ jsx(Title, {
			order: 2,
			size: "h4",
			id,
			mb: "md",
			children: title
		}), loading ? /* @__PURE__ */ jsx(Stack, {
			gap: "xs",
			"aria-busy": "true",
			"aria-label": `Loading ${title}`,
			children: [
				0,
				1,
				2
			].map((i) => /* @__PURE__ */ jsx(Skeleton, {
				h: 36,
				radius: "sm"
			}, i))
		}) : rows.length === 0 ? /* @__PURE__ */ jsx(Text, {
			c: "var(--kindred-muted)",
			ta: "center",
			py: "lg",
			children: emptyText
		}) : /* @__PURE__ */ jsx(Table.ScrollContainer, {
			minWidth: 560,
			children: /* @__PURE__ */ jsxs(Table, {
				verticalSpacing: "sm",
				highlightOnHover: true,
				striped: "even",
				stripedColor: "gray.0",
				children: [/* @__PURE__ */ jsx(Table.Thead, { children: /* @__PURE__ */ jsx(Table.Tr, { children: columns.map((c) => /* @__PURE__ */ jsx(Table.Th, {
					scope: "col",
					children: c
				}, c)) }) }), /* @__PURE__ */ jsx(Table.Tbody, { children: rows })]
			})
		})]
	});
}
// src/features/profile/components/appointments-table.tsx
/** Appointment Info (spec section 2). Load errors are logged and the list reads as empty (spec section 8). */
function AppointmentsTable() {
	const { data, isPending, error } = useMyAppointments();
	useEffect(() => {
		if (error) console.error("Could not load appointments", error);
	}, [error]);
	const rows = (error ? [] : data ?? []).map((a, index) => {
		const id = a.appointment_id ?? a.id ?? "";
		return /* @__PURE__ */ jsxs(Table.Tr, { children: [
			/* @__PURE__ */ jsx(Table.Td, { children: id ? /* @__PURE__ */ jsx(CopyableId, { id }) : "N/A" }),
			/* @__PURE__ */ jsx(Table.Td, { children: formatDateTime(a.booking_date) }),
			/* @__PURE__ */ jsx(Table.Td, {
				tt: "capitalize",
				children: a.reason_for_consultation || "N/A"
			}),
			/* @__PURE__ */ jsx(Table.Td, { children: a.meeting_link ? /* @__PURE__ */ jsx(Anchor, {
				href: a.meeting_link,
				target: "_blank",
				rel: "noopener noreferrer",
				children: "Join meeting"
			}) : "N/A" }),
			/* @__PURE__ */ jsx(Table.Td, { children: /* @__PURE__ */ jsx(StatusBadge, {
				status: a.status,
				color: appointmentStatusColor(a.status)
			}) })
		] }, id || index);
	});
	return /* @__PURE__ */ jsx(SectionTable, {
		id: "appointments-title",
		title: "Appointment Info",
		columns: [
			"ID",
			"Date",
			"Reason",
			"Meeting",
			"Status"
		],
		loading: isPending && !error,
		emptyText: MSG.noAppointments,
		rows
	});
}
// src/features/profile/components/complete-profile-modal.tsx
/** 'Complete Your Profile' (spec section 2): shown while the profile has no subscription. */
function CompleteProfileModal({ opened, onClose, onCompleteNow }) {
	return /* @__PURE__ */ jsx(AppModal, {
		opened,
		onClose,
		title: "Complete Your Profile",
		size: "md",
		children: /* @__PURE__ */ jsxs(Stack, {
			gap: "md",
			children: [/* @__PURE__ */ jsxs(Group, {
				gap: "md",
				wrap: "nowrap",
				align: "flex-start",
				children: [/* @__PURE__ */ jsx(ThemeIcon, {
					size: 44,
					radius: "xl",
					variant: "light",
					color: "plum",
					"aria-hidden": true,
					children: /* @__PURE__ */ jsx(IconClipboardHeart, { size: 24 })
				}), /* @__PURE__ */ jsx(Text, {
					c: "var(--kindred-muted)",
					children: "Tell us about your preferences so we can find donors who fit your family. It takes about ten minutes, and you can stop and come back at any time."
				})]
			}), /* @__PURE__ */ jsxs(Group, {
				justify: "flex-end",
				gap: "sm",
				children: [/* @__PURE__ */ jsx(Button, {
					variant: "default",
					onClick: onClose,
					children: "Maybe Later"
				}), /* @__PURE__ */ jsx(Button, {
					onClick: onCompleteNow,
					"data-autofocus": true,
					children: "Complete Now"
				})]
			})]
		})
	});
}
// src/features/profile/api/payments.api.ts
/** GET payments/ (bearer). */
async function fetchPayments(signal) {
	return listFrom(await apiRequest(apiPaths.payments, {
		auth: true,
		signal
	}), "payments");
}
function usePayments() {
	return useQuery(queryOptions({
		queryKey: ["payments", "mine"],
		queryFn: ({ signal }) => fetchPayments(signal)
	}));
}
// src/features/profile/components/payments-table.tsx
/** Payment History (spec section 2). Load errors are logged and the list reads as empty (spec section 8). */
function PaymentsTable() {
	const { data, isPending, error } = usePayments();
	useEffect(() => {
		if (error) console.error("Could not load payments", error);
	}, [error]);
	const rows = (error ? [] : data ?? []).map((p, index) => /* @__PURE__ */ jsxs(Table.Tr, { children: [
		/* @__PURE__ */ jsx(Table.Td, { children: p.id ? /* @__PURE__ */ jsx(CopyableId, { id: String(p.id) }) : "N/A" }),
		/* @__PURE__ */ jsx(Table.Td, { children: formatDate(p.created_at) }),
		/* @__PURE__ */ jsx(Table.Td, { children: p.plan_name || "N/A" }),
		/* @__PURE__ */ jsx(Table.Td, { children: formatPrice(p.plan_price) }),
		/* @__PURE__ */ jsx(Table.Td, { children: /* @__PURE__ */ jsx(StatusBadge, {
			status: p.payment_status,
			color: paymentStatusColor(p.payment_status)
		}) })
	] }, p.id || index));
	return /* @__PURE__ */ jsx(SectionTable, {
		id: "payments-title",
		title: "Payment History",
		columns: [
			"ID",
			"Date",
			"Plan",
			"Amount",
			"Status"
		],
		loading: isPending && !error,
		emptyText: MSG.noPayments,
		rows
	});
}
// src/features/profile/api/update-profile.api.ts
/** PUT admin/parent/<id>/update/ (bearer) with the three editable fields. */
function updateProfile(id, body) {
	return apiRequest(apiPaths.parentUpdate(id), {
		method: "PUT",
		body,
		auth: true
	});
}
function useUpdateProfileMutation(id) {
	const queryClient = useQueryClient();
	return useMutation({
		mutationFn: (body) => updateProfile(id, body),
		onSuccess: (res) => {
			if (!res.user) return queryClient.invalidateQueries({ queryKey: profileKey });
			saveProfileData(res.user);
			queryClient.setQueryData(profileKey, res.user);
		}
	});
}
// src/features/profile/components/personal-info-form.tsx
function toRequest(v) {
	return {
		first_name: v.first_name.trim(),
		last_name: v.last_name.trim(),
		phone_number: combinePhone(v.country, v.phone_number)
	};
}
var validate = (v) => fieldErrors(profileUpdateRequest, toRequest(v));
function fromUser(user) {
	const { country, national } = splitPhone(user.phone_number);
	return {
		first_name: user.first_name,
		last_name: user.last_name,
		country,
		phone_number: national
	};
}
/** The Personal Info edit form: names and phone are editable, the e-mail is shown read-only. */
function PersonalInfoForm({ user, onDone }) {
	const form = useFormState(fromUser(user), validate, "revalidate");
	const update = useUpdateProfileMutation(user.id);
	const onSubmit = (event) => {
		event.preventDefault();
		if (!form.validateAll()) return;
		update.mutate(toRequest(form.values), {
			onSuccess: () => {
				toast.success(MSG.profileUpdated);
				onDone();
			},
			onError: (error) => {
				form.setErrors(fieldErrorsOf(error));
				toast.error(errorMessage(error, MSG.profileUpdateFailed));
			}
		});
	};
	const cancel = () => {
		form.reset(fromUser(user));
		onDone();
	};
	return /* @__PURE__ */ jsx("form", {
		onSubmit,
		noValidate: true,
		children: /* @__PURE__ */ jsxs(Stack, {
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
						size: "md",
						autoFocus: true,
						value: form.values.first_name,
						onChange: (e) => form.setValue("first_name", e.currentTarget.value),
						error: form.errors.first_name
					}), /* @__PURE__ */ jsx(TextInput, {
						label: "Last Name",
						autoComplete: "family-name",
						size: "md",
						value: form.values.last_name,
						onChange: (e) => form.setValue("last_name", e.currentTarget.value),
						error: form.errors.last_name
					})]
				}),
				/* @__PURE__ */ jsx(TextInput, {
					label: "Email",
					size: "md",
					value: user.email,
					readOnly: true,
					variant: "filled",
					description: "Your email cannot be changed."
				}),
				/* @__PURE__ */ jsx(PhoneField, {
					country: form.values.country,
					national: form.values.phone_number,
					onCountryChange: (c) => form.setValue("country", c),
					onNationalChange: (n) => form.setValue("phone_number", n),
					error: form.errors.phone_number
				}),
				/* @__PURE__ */ jsxs(Group, {
					justify: "flex-end",
					gap: "sm",
					children: [/* @__PURE__ */ jsx(Button, {
						variant: "default",
						onClick: cancel,
						disabled: update.isPending,
						children: "Cancel"
					}), /* @__PURE__ */ jsx(Button, {
						type: "submit",
						loading: update.isPending,
						children: "Save"
					})]
				})
			]
		})
	});
}
var profile_module_default = {
	action: "_action_12o78_1",
	fields: "_fields_12o78_17"
};
// src/features/profile/components/personal-info-card.tsx
/** Personal Info (spec sections 2, 4): view, then edit on the pencil; Save returns to view, Cancel restores. */
function PersonalInfoCard({ user }) {
	const [editing, setEditing] = useState(false);
	const pencil = useRef(null);
	const finish = () => {
		setEditing(false);
		requestAnimationFrame(() => pencil.current?.focus());
	};
	return /* @__PURE__ */ jsxs(Paper, {
		radius: "lg",
		p: {
			base: "md",
			sm: "lg"
		},
		withBorder: true,
		component: "section",
		"aria-labelledby": "pi-title",
		children: [/* @__PURE__ */ jsxs(Group, {
			justify: "space-between",
			mb: "md",
			children: [/* @__PURE__ */ jsx(Title, {
				order: 2,
				size: "h4",
				id: "pi-title",
				children: "Personal Info"
			}), !editing && /* @__PURE__ */ jsx(Tooltip, {
				label: "Edit",
				children: /* @__PURE__ */ jsx(ActionIcon, {
					ref: pencil,
					variant: "light",
					size: 36,
					radius: "xl",
					onClick: () => setEditing(true),
					"aria-label": "Edit personal info",
					children: /* @__PURE__ */ jsx(IconPencil, { size: 18 })
				})
			})]
		}), editing ? /* @__PURE__ */ jsx(PersonalInfoForm, {
			user,
			onDone: finish
		}) : /* @__PURE__ */ jsxs("dl", {
			className: profile_module_default.fields,
			children: [
				/* @__PURE__ */ jsxs("div", { children: [/* @__PURE__ */ jsx("dt", { children: "First Name" }), /* @__PURE__ */ jsx("dd", { children: user.first_name })] }),
				/* @__PURE__ */ jsxs("div", { children: [/* @__PURE__ */ jsx("dt", { children: "Last Name" }), /* @__PURE__ */ jsx("dd", { children: user.last_name })] }),
				/* @__PURE__ */ jsxs("div", { children: [/* @__PURE__ */ jsx("dt", { children: "Email" }), /* @__PURE__ */ jsx("dd", { children: user.email })] }),
				/* @__PURE__ */ jsxs("div", { children: [/* @__PURE__ */ jsx("dt", { children: "Phone Number" }), /* @__PURE__ */ jsx("dd", { children: formatPhone(user.phone_number) })] }),
				/* @__PURE__ */ jsxs("div", { children: [/* @__PURE__ */ jsx("dt", { children: "Date of Birth" }), /* @__PURE__ */ jsx("dd", { children: formatDate(user.date_of_birth) })] })
			]
		})]
	});
}
// src/features/profile/components/profile-avatar.tsx
/** Initials on a palette colour chosen from the name (spec section 9), or a placeholder icon without a name. */
function ProfileAvatar({ firstName = "", lastName = "", size = 88 }) {
	const initials = initialsOf(firstName, lastName);
	if (!initials) return /* @__PURE__ */ jsx(Avatar, {
		size,
		radius: size,
		color: "gray",
		variant: "light",
		alt: "No profile name yet",
		children: /* @__PURE__ */ jsx(IconUser, { size: size / 2 })
	});
	return /* @__PURE__ */ jsx(Avatar, {
		size,
		radius: size,
		variant: "filled",
		color: avatarColor(`${firstName}${lastName}`),
		autoContrast: true,
		alt: `${firstName} ${lastName}`.trim(),
		styles: { placeholder: {
			fontSize: size / 2.6,
			fontWeight: 600
		} },
		children: initials
	});
}
// src/features/profile/components/profile-menus.tsx
/** Settings dropdown (spec section 2): Change Password and Logout. */
function SettingsMenu({ onChangePassword, onLogout }) {
	return /* @__PURE__ */ jsxs(Menu, {
		position: "bottom-end",
		width: 210,
		shadow: "md",
		children: [/* @__PURE__ */ jsx(Menu.Target, { children: /* @__PURE__ */ jsx(Button, {
			variant: "default",
			leftSection: /* @__PURE__ */ jsx(IconSettings, { size: 18 }),
			rightSection: /* @__PURE__ */ jsx(IconChevronDown, { size: 16 }),
			children: "Settings"
		}) }), /* @__PURE__ */ jsxs(Menu.Dropdown, { children: [/* @__PURE__ */ jsx(Menu.Item, {
			leftSection: /* @__PURE__ */ jsx(IconLock, { size: 16 }),
			onClick: onChangePassword,
			children: "Change Password"
		}), /* @__PURE__ */ jsx(Menu.Item, {
			leftSection: /* @__PURE__ */ jsx(IconLogout, { size: 16 }),
			color: "red.9",
			onClick: onLogout,
			children: "Logout"
		})] })]
	});
}
/** The hover menu (spec section 2): Change Password, Donor List, 7 Step Review, Logout. Opens on hover or click. */
function HoverMenu({ onChangePassword, onLogout, onDonorList, onStepReview }) {
	return /* @__PURE__ */ jsxs(Menu, {
		trigger: "click-hover",
		openDelay: 80,
		closeDelay: 200,
		position: "bottom-end",
		width: 210,
		shadow: "md",
		children: [/* @__PURE__ */ jsx(Menu.Target, { children: /* @__PURE__ */ jsx(ActionIcon, {
			variant: "default",
			size: 36,
			radius: "xl",
			"aria-label": "More account options",
			children: /* @__PURE__ */ jsx(IconDotsVertical, { size: 18 })
		}) }), /* @__PURE__ */ jsxs(Menu.Dropdown, { children: [
			/* @__PURE__ */ jsx(Menu.Item, {
				leftSection: /* @__PURE__ */ jsx(IconLock, { size: 16 }),
				onClick: onChangePassword,
				children: "Change Password"
			}),
			/* @__PURE__ */ jsx(Menu.Item, {
				leftSection: /* @__PURE__ */ jsx(IconUsers, { size: 16 }),
				onClick: onDonorList,
				children: "Donor List"
			}),
			/* @__PURE__ */ jsx(Menu.Item, {
				leftSection: /* @__PURE__ */ jsx(IconListDetails, { size: 16 }),
				onClick: onStepReview,
				children: "7 Step Review"
			}),
			/* @__PURE__ */ jsx(Menu.Divider, {}),
			/* @__PURE__ */ jsx(Menu.Item, {
				leftSection: /* @__PURE__ */ jsx(IconLogout, { size: 16 }),
				color: "red.9",
				onClick: onLogout,
				children: "Logout"
			})
		] })]
	});
}
// src/features/profile/components/profile-header.tsx
function InlineSkeleton({ w }) {
	return /* @__PURE__ */ jsx(Skeleton, {
		h: 14,
		w,
		component: "span",
		display: "inline-block"
	});
}
/** Profile header (spec section 2): avatar, first name, e-mail, phone, Settings dropdown, refresh, hover menu. */
function ProfileHeader({ user, refreshing, onRefresh, ...actions }) {
	return /* @__PURE__ */ jsx(Paper, {
		radius: "lg",
		p: {
			base: "lg",
			sm: "xl"
		},
		withBorder: true,
		style: { background: "linear-gradient(120deg, #f8eff5 0%, #ffffff 45%, #e9f6f5 100%)" },
		children: /* @__PURE__ */ jsxs(Group, {
			justify: "space-between",
			align: "flex-start",
			gap: "lg",
			children: [/* @__PURE__ */ jsxs(Group, {
				gap: "lg",
				wrap: "nowrap",
				style: { minWidth: 0 },
				children: [/* @__PURE__ */ jsx(ProfileAvatar, {
					firstName: user?.first_name,
					lastName: user?.last_name
				}), /* @__PURE__ */ jsxs(Stack, {
					gap: 6,
					style: { minWidth: 0 },
					children: [
						user ? /* @__PURE__ */ jsx(Title, {
							order: 1,
							fz: {
								base: 24,
								sm: 30
							},
							style: { overflowWrap: "anywhere" },
							children: user.first_name
						}) : /* @__PURE__ */ jsx(Skeleton, {
							h: 30,
							w: 160
						}),
						/* @__PURE__ */ jsxs(Group, {
							gap: 6,
							c: "var(--kindred-muted)",
							wrap: "nowrap",
							children: [/* @__PURE__ */ jsx(IconMail, {
								size: 16,
								"aria-hidden": true,
								style: { flexShrink: 0 }
							}), /* @__PURE__ */ jsx(Text, {
								size: "sm",
								c: "inherit",
								style: { overflowWrap: "anywhere" },
								children: user?.email ?? /* @__PURE__ */ jsx(InlineSkeleton, { w: 180 })
							})]
						}),
						/* @__PURE__ */ jsxs(Group, {
							gap: 6,
							c: "var(--kindred-muted)",
							wrap: "nowrap",
							children: [/* @__PURE__ */ jsx(IconPhone, {
								size: 16,
								"aria-hidden": true,
								style: { flexShrink: 0 }
							}), /* @__PURE__ */ jsx(Text, {
								size: "sm",
								c: "inherit",
								children: user ? formatPhone(user.phone_number) : /* @__PURE__ */ jsx(InlineSkeleton, { w: 120 })
							})]
						})
					]
				})]
			}), /* @__PURE__ */ jsxs(Group, {
				gap: "xs",
				children: [
					/* @__PURE__ */ jsx(Tooltip, {
						label: "Refresh",
						children: /* @__PURE__ */ jsx(ActionIcon, {
							variant: "default",
							size: 36,
							radius: "xl",
							onClick: onRefresh,
							loading: refreshing,
							"aria-label": "Refresh profile",
							children: /* @__PURE__ */ jsx(IconRefresh, { size: 18 })
						})
					}),
					/* @__PURE__ */ jsx(SettingsMenu, {
						onChangePassword: actions.onChangePassword,
						onLogout: actions.onLogout
					}),
					/* @__PURE__ */ jsx(HoverMenu, { ...actions })
				]
			})]
		})
	});
}
// src/features/profile/components/quick-actions.tsx
/** Quick actions (spec section 2); Update Donor Profile is hidden while the profile has no subscription. */
function QuickActions(props) {
	const donorProfile = {
		label: "Update Donor Profile",
		hint: "Refine your preferences",
		Icon: IconUserEdit,
		color: "teal",
		onClick: props.onUpdateDonorProfile
	};
	const actions = [
		{
			label: "Change Password",
			hint: "Keep your account secure",
			Icon: IconLock,
			color: "teal",
			onClick: props.onChangePassword
		},
		{
			label: "Upgrade Subscription",
			hint: "Unlock more matches",
			Icon: IconCrown,
			color: "plum",
			onClick: props.onUpgrade
		},
		...props.hasSubscription ? [donorProfile] : [],
		{
			label: "Logout",
			hint: "Sign out on this device",
			Icon: IconLogout,
			color: "gray",
			onClick: props.onLogout
		}
	];
	return /* @__PURE__ */ jsxs(Paper, {
		radius: "lg",
		p: {
			base: "md",
			sm: "lg"
		},
		withBorder: true,
		component: "section",
		"aria-labelledby": "qa-title",
		children: [/* @__PURE__ */ jsx(Title, {
			order: 2,
			size: "h4",
			id: "qa-title",
			mb: "md",
			children: "Quick actions"
		}), /* @__PURE__ */ jsx(SimpleGrid, {
			cols: {
				base: 1,
				xs: 2,
				md: actions.length
			},
			spacing: "sm",
			children: actions.map(({ label, hint, Icon, color, onClick }) => /* @__PURE__ */ jsx(UnstyledButton, {
				onClick,
				className: profile_module_default.action,
				children: /* @__PURE__ */ jsxs(Group, {
					gap: "sm",
					wrap: "nowrap",
					children: [/* @__PURE__ */ jsx(ThemeIcon, {
						size: 40,
						radius: "xl",
						variant: "light",
						color,
						"aria-hidden": true,
						children: /* @__PURE__ */ jsx(Icon, { size: 20 })
					}), /* @__PURE__ */ jsxs("div", { children: [/* @__PURE__ */ jsx(Text, {
						fw: 600,
						size: "sm",
						children: label
					}), /* @__PURE__ */ jsx(Text, {
						size: "xs",
						c: "var(--kindred-muted)",
						"aria-hidden": true,
						children: hint
					})] })]
				})
			}, label))
		})]
	});
}
// src/routes/profile.route.tsx
/** /profile (spec section 2): composes the profile feature with the auth feature's account dialogs. */
function ProfilePage() {
	const profile = useProfile();
	const user = profile.data;
	const queryClient = useQueryClient();
	const navigate = useNavigate();
	const fetching = useIsFetching() > 0;
	const [dialog, setDialog] = useState("none");
	const [completeDismissed, setCompleteDismissed] = useState(false);
	const refresh = () => void queryClient.invalidateQueries();
	const completeNow = () => {
		clearAllExceptProfile();
		Promise.resolve(navigate(paths.profileSteps)).then(() => window.location.reload());
	};
	const actions = {
		onChangePassword: () => setDialog("changePassword"),
		onLogout: () => setDialog("logout"),
		onDonorList: () => void navigate(paths.donorMatches),
		onStepReview: () => void navigate(paths.profileSteps)
	};
	return /* @__PURE__ */ jsxs(PageContainer, { children: [
		/* @__PURE__ */ jsxs(Stack, {
			gap: "lg",
			children: [
				/* @__PURE__ */ jsx(ProfileHeader, {
					user,
					refreshing: fetching,
					onRefresh: refresh,
					...actions
				}),
				profile.error && !user && /* @__PURE__ */ jsxs(Alert, {
					color: "red",
					variant: "light",
					icon: /* @__PURE__ */ jsx(IconAlertCircle, {}),
					title: "We could not load your profile",
					children: [errorMessage(profile.error, "Please check your connection and try again."), /* @__PURE__ */ jsx("div", { children: /* @__PURE__ */ jsx(Button, {
						mt: "sm",
						size: "xs",
						variant: "white",
						color: "red",
						onClick: () => void profile.refetch(),
						children: "Try again"
					}) })]
				}),
				/* @__PURE__ */ jsx(QuickActions, {
					hasSubscription: user?.subscription === true,
					onChangePassword: actions.onChangePassword,
					onUpgrade: () => void navigate(paths.subscription),
					onUpdateDonorProfile: () => void navigate(paths.profileSteps),
					onLogout: actions.onLogout
				}),
				user && /* @__PURE__ */ jsx(PersonalInfoCard, { user }, user.id),
				/* @__PURE__ */ jsx(AppointmentsTable, {}),
				/* @__PURE__ */ jsx(PaymentsTable, {})
			]
		}),
		/* @__PURE__ */ jsx(ChangePasswordModal, {
			opened: dialog === "changePassword",
			onClose: () => setDialog("none")
		}),
		/* @__PURE__ */ jsx(LogoutConfirmModal, {
			opened: dialog === "logout",
			onClose: () => setDialog("none")
		}),
		/* @__PURE__ */ jsx(CompleteProfileModal, {
			opened: dialog === "none" && !completeDismissed && user?.subscription === false && !profile.isPlaceholderData,
			onClose: () => setCompleteDismissed(true),
			onCompleteNow: completeNow
		})
	] });
}
export { ProfilePage };

//# sourceMappingURL=profile.route-N--XaeKJ.js.map