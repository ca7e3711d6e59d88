/**
 * Every page path of the web app (spec section 2): the web app's route table is built from it, and the server uses
 * it to answer unknown paths with a 404.
 */
export const WEB_PATHS = {
  home: '/',
  about: '/about',
  faqs: '/faqs',
  support: '/support',
  blogs: '/blogs',
  findBlog: '/find-blog',
  fertilityResources: '/fertility-guide-steps',
  pricing: '/pricing',
  privacyPolicy: '/privacy-policy',
  termsConditions: '/terms-conditions',
  login: '/login',
  register: '/register',
  forgetPassword: '/forget-password',
  otpVerification: '/otp-verification',
  /** The link in the welcome mail (beyond the spec, issue 13): verifies the address. */
  verifyEmail: '/verify-email',
  createPassword: '/create-password',
  newPassword: '/new-password',
  profile: '/profile',
  dashboard: '/dashboard',
  profileSteps: '/profile-steps',
  donorMatches: '/donor-matches',
  /** The parent's shortlist: starred donors with their latest scores. */
  donorFavourites: '/donor-matches/favourites',
  bookAppointment: '/book-appoinment',
  subscription: '/subscription',
  paymentSuccess: '/payment-success',
  adminArticles: '/admin/articles',
  adminArticleNew: '/admin/articles/new',
  adminTeam: '/admin/team',
  adminClinics: '/admin/clinics',
  /** The operator console (issue 15), for staff (support and admin; ADR 022). */
  adminUsers: '/admin/users',
  adminDonors: '/admin/donors',
  adminPlans: '/admin/plans',
  adminInbox: '/admin/inbox',
  adminAudit: '/admin/audit',
  /** Donors near or over their family limits across banks, and cross-bank links (issue 28). */
  adminFamilyLedger: '/admin/family-ledger',
  /** Clinic staff's portal (issue 14): appointments, schedule, shared shortlists, bank donors. */
  clinicPortal: '/clinic',
  /** The set-password link of a clinic staff invitation: ?token=… */
  clinicInvitation: '/clinic/invitation',
  /** The signed manage link in appointment mails (cancel or reschedule without signing in): ?token=… */
  appointmentManage: '/appointments/manage',
  /** Decide together (issue 29): the family's shared shortlist, the invitation link (?token=…), compare (?ids=…). */
  familyShortlist: '/family',
  familyAccept: '/family/accept',
  familyCompare: '/family/compare',
  /** The cancel link of an account deletion (ADR 020): ?token=… */
  accountRestore: '/account/restore',
  /** The notification centre (issue 28, ADR 025): parents and clinic staff. */
  notifications: '/notifications',
  /** The unsubscribe link in notification mails (no sign-in): ?token=… */
  notificationsUnsubscribe: '/notifications/unsubscribe',
} as const;

const KNOWN = new Set<string>(Object.values(WEB_PATHS));
/** Path prefixes whose sub-paths belong to the app (article and donor pages). */
const KNOWN_PREFIXES = ['/blogs/', '/donors/', '/checkout/', '/admin/articles/', '/admin/users/', '/clinic/'];

/** True when the web app has a page at `pathname` (trailing slash ignored). */
export function isKnownWebPath(pathname: string): boolean {
  const p = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return KNOWN.has(p) || KNOWN_PREFIXES.some((prefix) => p.startsWith(prefix));
}
