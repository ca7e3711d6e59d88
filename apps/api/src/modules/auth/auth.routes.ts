import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  changePasswordRequest,
  forgotPasswordRequest,
  forgotPasswordResponse,
  loginRequest,
  loginResponse,
  messageResponse,
  otpQuery,
  refreshRequest,
  resetPasswordRequest,
  signupRequest,
  signupResponse,
  successMessageResponse,
  tokenPairResponse,
  verifyOtpRequest,
  SERVER_MSG,
} from '@kindred/shared';
import { currentUser, type AuthGuard } from '../../plugins/auth-guard.ts';
import { unauthorized } from '../../lib/errors.ts';
import { toUserDto, type AuthService, type DeviceCookie, type Session } from './auth.service.ts';
import type { RecoveryService } from './recovery.service.ts';
import { emailVerificationRoutes } from './email-verification.routes.ts';

/** The remembered-device cookie: httpOnly, sent only to the sign-in route. */
const setDeviceCookie = (reply: FastifyReply, d: DeviceCookie, secure: boolean) =>
  reply.setCookie(d.name, d.value, {
    httpOnly: true,
    sameSite: 'strict',
    secure,
    path: LOGIN_PATH,
    expires: d.expires,
  });
const LOGIN_PATH = '/api/v1/auth/login/';

export const REFRESH_COOKIE = 'kindred_refresh';
const COOKIE_PATH = '/api/v1/auth/';
/** Request header with which an API client asks for the refresh token in the JSON body as well as the cookie. */
export const REFRESH_IN_BODY_HEADER = 'x-refresh-token-in-body';
const REFRESH_IN_BODY_NOTE =
  'The refresh token is set as an httpOnly cookie; it is also returned in the body only when the request sends ' +
  '`X-Refresh-Token-In-Body: true`';

type Opts = {
  auth: AuthService;
  recovery: RecoveryService;
  guard: AuthGuard;
  secureCookies: boolean;
  subscriptionOf: (id: string) => Promise<boolean>;
};

/** Sign-up, sign-in, token refresh, sign-out, password change and the recovery flow under /api/v1/auth/. */
export async function authRoutes(root: FastifyInstance, opts: Opts) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { auth, recovery, guard } = opts;
  const tags = ['auth'];
  await emailVerificationRoutes(root, opts);

  // The refresh token travels in an httpOnly cookie as well as the body, so the web app never needs to keep it
  // in script-readable storage.
  const setRefreshCookie = (reply: FastifyReply, s: Session) =>
    reply.setCookie(REFRESH_COOKIE, s.refresh, {
      httpOnly: true,
      sameSite: 'strict',
      secure: opts.secureCookies,
      path: COOKIE_PATH,
      expires: s.refreshExpiresAt,
    });
  const clearRefreshCookie = (reply: FastifyReply) => reply.clearCookie(REFRESH_COOKIE, { path: COOKIE_PATH });
  // The web app keeps the refresh token only in the cookie, out of reach of scripts; API clients ask for it.
  const refreshInBody = (request: FastifyRequest) =>
    String(request.headers[REFRESH_IN_BODY_HEADER] ?? '').toLowerCase() === 'true';

  app.post(
    '/api/v1/auth/parent/signup/',
    {
      schema: {
        tags,
        summary: 'Create an intended-parent account',
        body: signupRequest,
        response: { 201: signupResponse },
      },
    },
    async (request, reply) => {
      const { password_confirm: _confirm, ...input } = request.body;
      const user = await auth.signup(input, request.ip);
      return reply.code(201).send({ message: SERVER_MSG.signupSuccess, user: await toUserDto(opts, user) });
    },
  );

  app.post(
    '/api/v1/auth/login/',
    {
      schema: {
        tags,
        summary: 'Sign in with e-mail and password',
        description: REFRESH_IN_BODY_NOTE + '.',
        body: loginRequest,
        response: { 200: loginResponse },
      },
    },
    async (request, reply) => {
      const { email, password, remember_me, login_code } = request.body;
      const { user, session, device } = await auth.login(
        email,
        password,
        remember_me,
        request.ip,
        request.cookies,
        login_code,
      );
      setRefreshCookie(reply, session);
      setDeviceCookie(reply, device, opts.secureCookies);
      return {
        message: SERVER_MSG.loginSuccess,
        success: true as const,
        user: await toUserDto(opts, user),
        tokens: refreshInBody(request)
          ? { access: session.access, refresh: session.refresh }
          : { access: session.access },
      };
    },
  );

  // Bodies that may be left out are `nullish`: Fastify validates a missing body as null, not undefined.
  app.post(
    '/api/v1/auth/token/refresh/',
    {
      schema: {
        tags,
        summary: 'Rotate a refresh token (body or cookie)',
        description: REFRESH_IN_BODY_NOTE + ', or brings its refresh token in the body.',
        body: refreshRequest.nullish(),
        response: { 200: tokenPairResponse },
      },
    },
    async (request, reply) => {
      const fromBody = request.body?.refresh;
      const token = fromBody ?? request.cookies[REFRESH_COOKIE];
      if (!token) throw unauthorized(SERVER_MSG.refreshInvalid);
      const session = await auth.refresh(token, request.ip).catch((err) => {
        clearRefreshCookie(reply);
        throw err;
      });
      setRefreshCookie(reply, session);
      // A client that holds its refresh token (it sent it) gets the rotated one back in the body.
      if (fromBody !== undefined || refreshInBody(request)) return { access: session.access, refresh: session.refresh };
      return { access: session.access };
    },
  );

  app.post(
    '/api/v1/auth/logout/',
    {
      schema: {
        tags,
        summary:
          'Sign out: ends the sign-in of the refresh token (body or cookie) and of the bearer token, if sent; ' +
          'their access tokens are refused from then on',
        body: refreshRequest.nullish(),
        response: { 200: successMessageResponse },
      },
    },
    async (request, reply) => {
      await auth.logout(request.body?.refresh ?? request.cookies[REFRESH_COOKIE], await guard.sessionOf(request));
      clearRefreshCookie(reply);
      return { success: true, message: SERVER_MSG.logoutSuccess };
    },
  );

  app.post(
    '/api/v1/auth/change-password/',
    {
      onRequest: guard.authenticate,
      schema: {
        tags,
        summary: 'Change the signed-in user’s password',
        security: [{ bearer: [] }],
        body: changePasswordRequest,
        response: { 200: successMessageResponse },
      },
    },
    async (request, reply) => {
      await auth.changePassword(currentUser(request).id, request.body.old_password, request.body.new_password);
      clearRefreshCookie(reply);
      return { success: true, message: SERVER_MSG.passwordReset };
    },
  );

  app.post(
    '/api/v1/auth/forgot-password/',
    {
      schema: {
        tags,
        summary: 'E-mail a six-digit code (same answer whether or not the account exists)',
        body: forgotPasswordRequest,
        response: { 200: forgotPasswordResponse },
      },
    },
    async (request) => {
      return recovery.forgot(request.body.email, request.ip);
    },
  );

  app.post(
    '/api/v1/auth/resend-otp/',
    {
      schema: {
        tags,
        summary: 'Send a new code; the previous one stops working',
        querystring: otpQuery,
        body: z.object({}).passthrough().nullish(),
        response: { 200: forgotPasswordResponse },
      },
    },
    async (request) => {
      return recovery.resend(request.query.token, request.ip);
    },
  );

  app.post(
    '/api/v1/auth/verify-otp/',
    {
      schema: {
        tags,
        summary: 'Check the emailed code',
        querystring: otpQuery,
        body: verifyOtpRequest,
        response: { 200: messageResponse },
      },
    },
    async (request) => {
      return recovery.verify(request.query.token, request.body.otp, request.ip);
    },
  );

  app.post(
    '/api/v1/auth/reset-password/',
    {
      schema: {
        tags,
        summary: 'Set a new password after the code was verified (once)',
        querystring: otpQuery,
        body: resetPasswordRequest,
        response: { 200: messageResponse },
      },
    },
    async (request) => {
      return recovery.reset(request.query.token, request.body.new_password, request.ip);
    },
  );
}
