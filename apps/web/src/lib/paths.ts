import { WEB_PATHS } from '@kindred/shared/routes';

/** Every route path of the web app (spec section 2). Links and redirects use these, never string literals. */
export const paths = {
  ...WEB_PATHS,
  /** An article's shareable address (server-rendered); build links with articlePath. */
  blogArticle: '/blogs/:slug',
  /** A matched donor's profile (the reference id is the last segment; build links with donorPath). */
  donorDetail: '/donors/:referenceId',
  /** Side-by-side comparison of up to three matched donors (?ids=A,B,C). */
  donorCompare: '/donors/compare',
  /** Editing one article in the admin area (build links with adminArticlePath). */
  adminArticleEdit: '/admin/articles/:id',
  /** One user in the operator console (build links with adminUserPath). */
  adminUser: '/admin/users/:id',
  /** Development and test aid: renders a component that throws, to show the error screen. */
  crash: '/__crash',
} as const;

export type AppPath = (typeof paths)[keyof typeof paths];

export const donorPath = (referenceId: string) => `/donors/${encodeURIComponent(referenceId)}`;
export const adminArticlePath = (id: number) => `/admin/articles/${id}`;
export const adminUserPath = (id: string) => `/admin/users/${encodeURIComponent(id)}`;
/** The wizard opened on a saved preference set, to edit it. */
export const editPreferencesPath = (profileId: string) => `${paths.profileSteps}?edit=${encodeURIComponent(profileId)}`;
/** The booking page with a search (or a chosen clinic and time) in its query. */
export const bookAppointmentPath = (query: Record<string, string>) => {
  const qs = new URLSearchParams(query).toString();
  return qs ? `${paths.bookAppointment}?${qs}` : paths.bookAppointment;
};
/** The comparison of these donors; `from: 'shortlist'` makes its back link lead to the shortlist. */
export const comparePath = (referenceIds: readonly string[], from?: 'shortlist') =>
  `${paths.donorCompare}?ids=${referenceIds.map(encodeURIComponent).join(',')}${from ? `&from=${from}` : ''}`;

/** The family's comparison of these shortlisted donors (up to four). */
export const familyComparePath = (referenceIds: readonly string[]) =>
  `${paths.familyCompare}?ids=${referenceIds.map(encodeURIComponent).join(',')}`;

/** API paths under /api/v1 (spec section 7), trailing slashes as the server expects. */
export const apiPaths = {
  login: 'auth/login/',
  signup: 'auth/parent/signup/',
  refresh: 'auth/token/refresh/',
  logout: 'auth/logout/',
  forgotPassword: 'auth/forgot-password/',
  resendOtp: 'auth/resend-otp/',
  verifyOtp: 'auth/verify-otp/',
  resetPassword: 'auth/reset-password/',
  changePassword: 'auth/change-password/',
  deleteAccount: 'account/delete/',
  cancelAccountDeletion: 'account/delete/cancel/',
  profile: 'auth/profile/',
  verifyEmail: 'auth/verify-email/',
  resendVerification: 'auth/verify-email/resend/',
  parentUpdate: (id: string) => `admin/parent/${encodeURIComponent(id)}/update/`,
  myAppointments: 'appointments/my-appointments/',
  clinicSearch: 'clinics/search/',
  clinic: (referenceId: string) => `clinics/${encodeURIComponent(referenceId)}/`,
  clinicAvailability: (referenceId: string) => `clinics/${encodeURIComponent(referenceId)}/availability/`,
  clinicWaitlist: (referenceId: string) => `clinics/${encodeURIComponent(referenceId)}/waitlist/`,
  appointmentHold: 'appointments/hold/',
  appointmentHoldRelease: (holdId: string) => `appointments/hold/${encodeURIComponent(holdId)}/`,
  createAppointment: 'appointments/create/',
  appointmentCancel: (id: string) => `appointments/${encodeURIComponent(id)}/cancel/`,
  appointmentReschedule: (id: string) => `appointments/${encodeURIComponent(id)}/reschedule/`,
  appointmentRating: (id: string) => `appointments/${encodeURIComponent(id)}/rating/`,
  appointmentManage: 'appointments/manage/',
  appointmentManageCancel: 'appointments/manage/cancel/',
  appointmentManageReschedule: 'appointments/manage/reschedule/',
  payments: 'payments/',
  plans: 'subscriptions/plans/',
  mySubscription: 'subscriptions/me/',
  cancelSubscription: 'subscriptions/cancel/',
  createCheckout: 'payments/create-checkout-session/',
  verifyCheckout: 'payments/create-checkout-session/verify/',
  createPreferences: 'fertility-profile/create/',
  listPreferences: 'fertility-profile/list/',
  preferenceSet: (id: string) => `fertility-profile/${encodeURIComponent(id)}/`,
  findMatches: 'donors/find-matches/',
  donorDetail: (referenceId: string) => `donors/${encodeURIComponent(referenceId)}/`,
  favourites: 'donors/favourites/',
  // Saved-search alerts (issue 28).
  alerts: 'alerts/',
  alert: (id: string) => `alerts/${encodeURIComponent(id)}/`,
  // Decide together (issue 29, ADR 028).
  family: 'family/',
  familyInvites: 'family/invites/',
  familyInvitePreview: 'family/invites/preview/',
  familyInviteAccept: 'family/invites/accept/',
  familyLeave: 'family/leave/',
  familySharedSets: 'family/shared-sets/',
  familySharedSet: (id: string) => `family/shared-sets/${encodeURIComponent(id)}/`,
  familyRevealed: 'family/revealed/',
  familyShortlist: 'family/shortlist/',
  familyCompare: 'family/compare/',
  familyRatings: 'family/ratings/',
  familyNotes: 'family/notes/',
  familyNote: (id: string) => `family/notes/${encodeURIComponent(id)}/`,
  revealedDonors: 'donors/revealed/',
  relaxPreferences: (profileId: string) => `fertility-profile/${encodeURIComponent(profileId)}/relax/`,
  geocodeAutocomplete: 'geocoding/autocomplete/',
  team: 'team/',
  adminBlogs: 'admin/blogs/',
  adminBlog: (id: number) => `admin/blogs/${id}/`,
  adminBlogPublish: (id: number) => `admin/blogs/${id}/publish/`,
  adminBlogUnpublish: (id: number) => `admin/blogs/${id}/unpublish/`,
  adminBlogPreview: 'admin/blogs/preview/',
  adminTeam: 'admin/team/',
  adminTeamMember: (id: number) => `admin/team/${id}/`,
  adminImages: 'admin/images/',
  consents: 'profile/consents/',
  dataExports: 'profile/export/',
  // A parent's own carrier screening (issue 24).
  carrierScreening: 'profile/carrier-screening/',
  // Operator console: plans and inbox (issue 15).
  adminPlans: 'admin/subscription/plans/',
  adminPlan: (id: string) => `admin/subscription/plans/${encodeURIComponent(id)}/`,
  adminPlanRetire: (id: string) => `admin/subscription/plans/${encodeURIComponent(id)}/retire/`,
  adminInbox: 'admin/inbox/',
  adminInboxAssignees: 'admin/inbox/assignees/',
  adminInboxMessage: (id: string) => `admin/inbox/${encodeURIComponent(id)}/`,
  adminInboxReplies: (id: string) => `admin/inbox/${encodeURIComponent(id)}/replies/`,
  adminInboxAssignee: (id: string) => `admin/inbox/${encodeURIComponent(id)}/assignee/`,
  adminInboxStatus: (id: string) => `admin/inbox/${encodeURIComponent(id)}/status/`,
  // Operator console: the audit log (issue 15)
  adminAudit: 'admin/audit/',
  adminAuditExport: 'admin/audit/export.csv',
  // Operator console: users (issue 15)
  consoleUsers: 'admin/users/',
  consoleUserPlans: 'admin/users/plans/',
  consoleUser: (id: string) => `admin/users/${encodeURIComponent(id)}/`,
  consoleUserAction: (id: string, action: string) => `admin/users/${encodeURIComponent(id)}/${action}/`,
  consoleUsersBulkDisable: 'admin/users/bulk/disable/',
  // Console: donors and clinics (issue 15) ------------------------------------------------------------------
  consoleDonors: 'admin/donors/',
  consoleDonorBanks: 'admin/donors/banks/',
  consoleDonorAvailability: (ref: string) => `admin/donors/${encodeURIComponent(ref)}/availability/`,
  consoleDonorsBulk: 'admin/donors/bulk/availability/',
  consoleDonorImport: 'admin/donors/import/',
  // Console: banks' price lists (issue 29)
  consolePriceLists: 'admin/price-lists/',
  consolePriceList: (bank: string) => `admin/price-lists/${encodeURIComponent(bank)}/`,
  consolePriceImport: 'admin/price-lists/import/',
  consoleClinics: 'admin/clinics/',
  consoleClinic: (ref: string) => `admin/clinics/${encodeURIComponent(ref)}/`,
  consoleClinicBanks: (ref: string) => `admin/clinics/${encodeURIComponent(ref)}/banks/`,
  consoleClinicians: (ref: string) => `admin/clinics/${encodeURIComponent(ref)}/clinicians/`,
  consoleClinician: (ref: string, id: string) =>
    `admin/clinics/${encodeURIComponent(ref)}/clinicians/${encodeURIComponent(id)}/`,
  consoleVisitTypes: (ref: string) => `admin/clinics/${encodeURIComponent(ref)}/visit-types/`,
  consoleVisitType: (ref: string, id: string) =>
    `admin/clinics/${encodeURIComponent(ref)}/visit-types/${encodeURIComponent(id)}/`,
  // Notifications and donor updates (issue 28) -----------------------------------------------------------
  notifications: 'notifications/',
  notificationsUnread: 'notifications/unread-count/',
  notificationsRead: 'notifications/read/',
  notificationsReadAll: 'notifications/read-all/',
  notificationAcknowledge: (id: string) => `notifications/${encodeURIComponent(id)}/acknowledge/`,
  notificationPreferences: 'notifications/preferences/',
  notificationsTimeZone: 'notifications/time-zone/',
  notificationsUnsubscribe: 'notifications/unsubscribe',
  donorUpdates: (ref: string) => `donors/${encodeURIComponent(ref)}/updates/`,
  consoleDonorUpdates: (ref: string) => `admin/donors/${encodeURIComponent(ref)}/updates/`,
  clinicDonorUpdates: (ref: string) => `clinic/donors/${encodeURIComponent(ref)}/updates/`,
} as const;

/** The live match count socket (spec section 7); the access token goes in the query. */
export const REALTIME_MATCHING_PATH = '/ws/realtime-matching/';

export const API_BASE = '/api/v1/';
