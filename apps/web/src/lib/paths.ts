/** Every route path of the web app (spec section 2). Links and redirects use these, never string literals. */
export const paths = {
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
  createPassword: '/create-password',
  newPassword: '/new-password',
  profile: '/profile',
  dashboard: '/dashboard',
  profileSteps: '/profile-steps',
  donorMatches: '/donor-matches',
  bookAppointment: '/book-appoinment',
  subscription: '/subscription',
  paymentSuccess: '/payment-success',
  /** Development and test aid: renders a component that throws, to show the error screen. */
  crash: '/__crash',
} as const;

export type AppPath = (typeof paths)[keyof typeof paths];

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
  profile: 'auth/profile/',
  parentUpdate: (id: string) => `admin/parent/${encodeURIComponent(id)}/update/`,
  myAppointments: 'appointments/my-appointments/',
  payments: 'payments/',
  plans: 'subscriptions/plans/',
  mySubscription: 'subscriptions/me/',
  cancelSubscription: 'subscriptions/cancel/',
  createCheckout: 'payments/create-checkout-session/',
  verifyCheckout: 'payments/create-checkout-session/verify/',
} as const;

export const API_BASE = '/api/v1/';
