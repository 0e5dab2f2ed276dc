import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ChangePasswordRequest, CurrentUser, ForgotPasswordRequest, LoginRequest, ResetPasswordRequest } from '#contract/auth.ts';
import { MessageResponse } from '#contract/common.ts';
import type { Config } from '#server/config.ts';
import { notSignedIn } from '#server/lib/errors.ts';
import { clearSessionCookie, ownerOf, requireOwner, setSessionCookie } from '#server/features/auth/session.ts';
import { toCurrentUser } from '#server/features/portfolio/portfolio.service.ts';
import * as auth from './auth.service.ts';
import * as passwordReset from './password-reset.service.ts';

/** The same words whether or not the email is the owner's (spec §8). */
export const FORGOT_PASSWORD_ANSWER = "If an account with that email exists, we've sent you a password reset link.";

export function authRoutes(
  app: FastifyInstance,
  config: Config,
  ctx: auth.AuthContext,
  resetCtx: passwordReset.PasswordResetContext,
): void {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    '/api/login',
    { schema: { body: LoginRequest, response: { 200: CurrentUser } } },
    async (request, reply) => {
      const { user, token } = await auth.login(ctx, request.body, request.ip);
      // Signing in over an existing session ends that one: one browser, one session.
      if (request.sessionId) await auth.logout(ctx, request.sessionId);
      setSessionCookie(reply, config, token);
      return toCurrentUser(user);
    },
  );

  api.get('/api/auth/user', { schema: { response: { 200: CurrentUser } } }, async (request) => {
    if (!request.user) throw notSignedIn('Not signed in');
    return toCurrentUser(request.user);
  });

  api.post('/api/logout', { schema: { response: { 200: MessageResponse } } }, async (request, reply) => {
    if (request.sessionId) await auth.logout(ctx, request.sessionId);
    clearSessionCookie(reply, config);
    return { message: 'Logged out' };
  });

  api.post(
    '/api/change-password',
    { onRequest: requireOwner, schema: { body: ChangePasswordRequest, response: { 200: MessageResponse } } },
    async (request) => {
      await auth.changePassword(ctx, ownerOf(request), request.sessionId ?? '', request.body);
      return { message: 'Password changed successfully' };
    },
  );

  api.post(
    '/api/forgot-password',
    { schema: { body: ForgotPasswordRequest, response: { 200: MessageResponse } } },
    async (request) => {
      await passwordReset.requestPasswordReset(resetCtx, request.body, request.ip);
      return { message: FORGOT_PASSWORD_ANSWER };
    },
  );

  api.post(
    '/api/reset-password',
    { schema: { body: ResetPasswordRequest, response: { 200: MessageResponse } } },
    async (request) => {
      await passwordReset.resetPassword(resetCtx, request.body, request.ip);
      return { message: 'Password reset successful' };
    },
  );
}
