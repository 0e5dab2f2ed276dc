import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ChangePasswordRequest,
  CurrentUser,
  ForgotPasswordRequest,
  LoginRequest,
  ResetPasswordRequest,
  SignInLinkRequest,
  UseSignInLinkRequest,
} from '#contract/auth.ts';
import { MessageResponse } from '#contract/common.ts';
import { api } from '#contract/routes.ts';
import type { AppContext } from '#server/app-context.ts';
import { notSignedIn } from '#server/lib/errors.ts';
import { toCurrentUser } from '#server/features/owner/owner.service.ts';
import * as auth from './auth.service.ts';
import * as passwordReset from './password-reset.service.ts';
import * as signInLink from './sign-in-link.service.ts';
import { clearSessionCookie, deviceCookieName, ownerOf, requireOwner, setSignedInCookies } from './session.ts';

/** The same words whether or not the email is the owner's: the answer tells nobody who has an account. */
export const FORGOT_PASSWORD_ANSWER = "If an account with that email exists, we've sent you a password reset link.";
export const SIGN_IN_LINK_ANSWER = "If an account with that email exists, we've sent you a sign-in link.";

export const authRoutes: FastifyPluginAsync<AppContext> = async (app, ctx) => {
  const { config } = ctx;
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.post(
    api.login,
    { schema: { body: LoginRequest, response: { 200: CurrentUser } } },
    async (request, reply) => {
      const signedIn = await auth.login(ctx, request.body, request.ip, request.cookies[deviceCookieName(config)]);
      // Signing in over an existing session ends that one: one browser, one session.
      if (request.sessionId) await auth.logout(ctx, request.sessionId);
      setSignedInCookies(reply, config, signedIn);
      return toCurrentUser(signedIn.user);
    },
  );

  routes.get(api.currentUser, { schema: { response: { 200: CurrentUser } } }, async (request) => {
    if (!request.user) throw notSignedIn('Not signed in');
    return toCurrentUser(request.user);
  });

  routes.post(api.logout, { schema: { response: { 200: MessageResponse } } }, async (request, reply) => {
    if (request.sessionId) await auth.logout(ctx, request.sessionId);
    clearSessionCookie(reply, config);
    return { message: 'Logged out' };
  });

  routes.post(
    api.changePassword,
    { onRequest: requireOwner, schema: { body: ChangePasswordRequest, response: { 200: MessageResponse } } },
    async (request) => {
      await auth.changePassword(ctx, ownerOf(request), request.sessionId ?? '', request.body);
      return { message: 'Password changed successfully' };
    },
  );

  routes.post(
    api.forgotPassword,
    { schema: { body: ForgotPasswordRequest, response: { 200: MessageResponse } } },
    async (request) => {
      await passwordReset.requestPasswordReset(ctx, request.body, request.ip);
      return { message: FORGOT_PASSWORD_ANSWER };
    },
  );

  routes.post(
    api.resetPassword,
    { schema: { body: ResetPasswordRequest, response: { 200: MessageResponse } } },
    async (request) => {
      await passwordReset.resetPassword(ctx, request.body, request.ip);
      return { message: 'Password reset successful' };
    },
  );

  routes.post(
    api.signInLink,
    { schema: { body: SignInLinkRequest, response: { 200: MessageResponse } } },
    async (request) => {
      await signInLink.requestSignInLink(ctx, request.body, request.ip);
      return { message: SIGN_IN_LINK_ANSWER };
    },
  );

  routes.post(
    api.useSignInLink,
    { schema: { body: UseSignInLinkRequest, response: { 200: CurrentUser } } },
    async (request, reply) => {
      const signedIn = await signInLink.useSignInLink(ctx, request.body, request.ip);
      if (request.sessionId) await auth.logout(ctx, request.sessionId);
      setSignedInCookies(reply, config, signedIn);
      return toCurrentUser(signedIn.user);
    },
  );
};
