/** Business constants from the product spec (section 9). One place, shared by server and web. */

export const OTP_LENGTH = 6;
/** An emailed code is valid this long; the OTP screen counts down from the same figure. */
export const OTP_TTL_SECONDS = 180;
/** Wrong codes allowed per reset session before it is void. */
export const OTP_MAX_ATTEMPTS = 5;
/** Seconds a user waits between two "Resend Code" requests. */
export const OTP_RESEND_COOLDOWN_SECONDS = 30;
/** How long a verified reset session may still be used to set a new password. */
export const RESET_WINDOW_SECONDS = 600;
/** A sign-in code (the step-up past the account's failure ceiling, ADR 004) works this long, once. */
export const LOGIN_CODE_TTL_SECONDS = 600;

/** The spec's minimum (section 9): still accepted where an existing password is checked (sign-in, deletion). */
export const PASSWORD_MIN = 6;
/**
 * Every new password (sign-up, reset, change, staff invitation): OWASP ASVS 4.0.3 V2.1.1 asks for at least 12
 * characters. The spec's 6 is the floor it names, not a ceiling (README, differences from the spec).
 */
export const NEW_PASSWORD_MIN = 12;
/** Upper bound keeps argon2 hashing cheap enough that long inputs cannot be used to exhaust the server. */
export const PASSWORD_MAX = 128;
export const PHONE_MIN = 10;
export const NAME_MIN = 3;
export const NAME_MAX = 60;
export const EMAIL_MAX = 254;
export const MINIMUM_AGE_YEARS = 18;

export const REDIRECT_DELAY_MS = 1000;
export const PAYMENT_REDIRECT_DELAY_MS = 1500;
export const COPY_CONFIRMATION_MS = 1500;

export const TOAST_LIMIT = 20;
export const TOAST_DURATION_MS = 4000;
export const TOAST_SUCCESS_DURATION_MS = 2000;
export const MOBILE_BREAKPOINT_PX = 600;
export const GUARD_SPINNER_SIZE = 60;
export const TEAM_SPINNER_SIZE = 40;

/** IDs longer than this are shown shortened as first 4 … last 4. */
export const ID_SHORTEN_OVER = 8;
export const AVATAR_MAX_INITIALS = 2;

export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
/** Refresh lifetime without "Remember me": one working day. */
export const REFRESH_TTL_SECONDS = 12 * 60 * 60;
/** Refresh lifetime with "Remember me". */
export const REFRESH_TTL_REMEMBER_SECONDS = 30 * 24 * 60 * 60;

/** Browser storage keys (spec section 3). rememberedPassword is deliberately never written: see README. */
export const STORAGE_KEYS = {
  userToken: 'userToken',
  profileUserId: 'profileUserId',
  profileData: 'profileData',
  otpToken: 'otpToken',
  rememberMe: 'rememberMe',
  rememberedEmail: 'rememberedEmail',
  currentCountry: 'current_country',
  donorTypePreference: 'donor_type_preference',
  resetEmail: 'resetEmail',
} as const;

export const RELATIONSHIP_OPTIONS = ['father', 'mother', 'parent', 'partner', 'other'] as const;
export const EDUCATION_LEVELS = ['high_school', 'college', 'masters', 'doctorate'] as const;
export const RACES = ['black_african', 'white', 'asian', 'american_indian', 'pacific_islander', 'mixed_race'] as const;
export const ETHNICITIES = ['hispanic_latino', 'not_hispanic_latino'] as const;

/** Sign-up defaults the form does not let the user edit (spec section 3). */
export const SIGNUP_DEFAULTS = {
  relationship_to_child: 'father',
  highest_education: 'masters',
  race: 'asian',
  ethnicity: 'hispanic_latino',
} as const;

export const USER_ROLES = ['parent', 'clinic', 'support', 'admin'] as const;
export type UserRole = (typeof USER_ROLES)[number];
/**
 * Roles that may use the operator console (issue 15): support reads most things and answers the inbox; admin does
 * everything.
 */
export const STAFF_ROLES = ['support', 'admin'] as const satisfies readonly UserRole[];
export type StaffRole = (typeof STAFF_ROLES)[number];
