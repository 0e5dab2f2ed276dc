import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
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
import { SecondStepRequired } from '#contract/security.ts';
import { api } from '#contract/routes.ts';
import type { AppContext } from '#server/app-context.ts';
import { notSignedIn } from '#server/lib/errors.ts';
import { toCurrentUser } from '#server/features/owner/owner.service.ts';
import * as auth from './auth.service.ts';
import * as passwordReset from './password-reset.service.ts';
import * as signInLink from './sign-in-link.service.ts';
import { clearSessionCookie, clientOf, ownerOf, refuseToken, requireOwner, setSignedInCookies } from './session.ts';

/** The same words whether or not the email is the owner's: the answer tells nobody who has an account. */
export const FORGOT_PASSWORD_ANSWER = "If an account with that email exists, we've sent you a password reset link.";
export const SIGN_IN_LINK_ANSWER = "If an account with that email exists, we've sent you a sign-in link.";

export const SECOND_STEP_ANSWER = 'Password accepted. One more step to sign in.';

export const authRoutes: FastifyPluginAsync<AppContext> = async (app, ctx) => {
  const { config } = ctx;

  /**
   * Sets the cookies of a sign-in and answers the owner (200), or, when a second step is due,
   * 202 with the ways to take it. Signing in over an existing session ends that one.
   */
  async function answerSignIn(request: FastifyRequest, reply: FastifyReply, signedIn: auth.SignedIn) {
    const previous = request.sessionId ?? request.pendingSignIn?.sessionId;
    if (previous) await auth.logout(ctx, previous);
    setSignedInCookies(reply, config, signedIn);
    if (signedIn.secondStep.length > 0) {
      return reply.code(202).send({ message: SECOND_STEP_ANSWER, secondStep: signedIn.secondStep });
    }
    return reply.code(200).send(toCurrentUser(signedIn.user));
  }

  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.post(
    api.login,
    { schema: { body: LoginRequest, response: { 200: CurrentUser, 202: SecondStepRequired } } },
    async (request, reply) => {
      const signedIn = await auth.login(ctx, request.body, clientOf(request, config));
      return answerSignIn(request, reply, signedIn);
    },
  );

  routes.get(api.currentUser, { schema: { response: { 200: CurrentUser } } }, async (request) => {
    if (!request.user) throw notSignedIn('auth.signed_out');
    refuseToken(request);
    return toCurrentUser(request.user);
  });

  routes.post(api.logout, { schema: { response: { 200: MessageResponse } } }, async (request, reply) => {
    const sessionId = request.sessionId ?? request.pendingSignIn?.sessionId;
    if (sessionId) await auth.logout(ctx, sessionId);
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
    { schema: { body: UseSignInLinkRequest, response: { 200: CurrentUser, 202: SecondStepRequired } } },
    async (request, reply) => {
      const signedIn = await signInLink.useSignInLink(ctx, request.body, clientOf(request, config));
      return answerSignIn(request, reply, signedIn);
    },
  );
};
