import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { CurrentUser } from '#contract/auth.ts';
import { MessageResponse } from '#contract/common.ts';
import { api } from '#contract/routes.ts';
import {
  AddPasskeyRequest,
  ConfirmIdentityRequest,
  FactorAdded,
  PasskeyOptions,
  PasskeyParams,
  PasskeySignInRequest,
  RecoveryCodes,
  RenamePasskeyRequest,
  SecondStepRequest,
  SecurityOverview,
  SessionParams,
  SignedInBrowsers,
  TotpCodeRequest,
  TotpSetup,
} from '#contract/security.ts';
import type { AppContext } from '#server/app-context.ts';
import { notSignedIn } from '#server/lib/errors.ts';
import { toCurrentUser } from '#server/features/owner/owner.service.ts';
import { logout } from './auth.service.ts';
import * as security from './security.service.ts';
import { clientOf, freshSessionOf, ownerOf, requireOwner, setSignedInCookies } from './session.ts';

/** onRequest hook of the second step: only a half signed-in browser may take it. */
async function requirePendingSignIn(request: FastifyRequest): Promise<void> {
  if (!request.pendingSignIn) throw notSignedIn('auth.sign_in_expired');
}

export const securityRoutes: FastifyPluginAsync<AppContext> = async (app, ctx) => {
  const { config } = ctx;
  const routes = app.withTypeProvider<ZodTypeProvider>();

  // ---- Signing in ----

  routes.post(
    api.secondStep,
    { onRequest: requirePendingSignIn, schema: { body: SecondStepRequest, response: { 200: CurrentUser } } },
    async (request, reply) => {
      const pending = request.pendingSignIn;
      if (!pending) throw notSignedIn('auth.not_signed_in');
      const signedIn = await security.completeSecondStep(ctx, pending, request.body, clientOf(request, config));
      setSignedInCookies(reply, config, signedIn);
      return toCurrentUser(signedIn.user);
    },
  );

  routes.post(api.passkeySignInOptions, { schema: { response: { 200: PasskeyOptions } } }, async (request) =>
    security.passkeyAuthenticationOptions(ctx, request.pendingSignIn?.user.id ?? null, request.ip),
  );

  routes.post(
    api.passkeySignIn,
    { schema: { body: PasskeySignInRequest, response: { 200: CurrentUser } } },
    async (request, reply) => {
      const pending = request.pendingSignIn;
      const signedIn = await security.signInWithPasskey(ctx, request.body.response, clientOf(request, config), pending);
      // Signing in over an existing session ends that one: one browser, one session.
      if (request.sessionId) await logout(ctx, request.sessionId);
      setSignedInCookies(reply, config, signedIn);
      return toCurrentUser(signedIn.user);
    },
  );

  // ---- The owner's factors ----

  routes.get(api.security, { onRequest: requireOwner, schema: { response: { 200: SecurityOverview } } }, async (request) =>
    security.securityOverview(ctx, ownerOf(request), freshSessionOf(request)),
  );

  routes.post(
    api.securityConfirm,
    { onRequest: requireOwner, schema: { body: ConfirmIdentityRequest, response: { 200: MessageResponse } } },
    async (request) => {
      await security.confirmIdentity(ctx, ownerOf(request), freshSessionOf(request), request.body);
      return { message: 'Confirmed' };
    },
  );

  routes.post(api.passkeyRegisterOptions, { onRequest: requireOwner, schema: { response: { 200: PasskeyOptions } } }, async (request) =>
    security.passkeyRegistrationOptions(ctx, ownerOf(request), freshSessionOf(request)),
  );

  routes.post(
    api.passkeys,
    { onRequest: requireOwner, schema: { body: AddPasskeyRequest, response: { 201: FactorAdded } } },
    async (request, reply) => reply.code(201).send(await security.addPasskey(ctx, ownerOf(request), freshSessionOf(request), request.body)),
  );

  routes.patch(
    api.passkey,
    { onRequest: requireOwner, schema: { params: PasskeyParams, body: RenamePasskeyRequest, response: { 200: MessageResponse } } },
    async (request) => {
      await security.renamePasskey(ctx, ownerOf(request), request.params.id, request.body.name);
      return { message: 'Passkey renamed' };
    },
  );

  routes.post(
    api.passkeyKeep,
    { onRequest: requireOwner, schema: { params: PasskeyParams, response: { 200: MessageResponse } } },
    async (request) => {
      await security.keepPasskey(ctx, ownerOf(request), freshSessionOf(request), request.params.id);
      return { message: 'Passkey kept' };
    },
  );

  routes.delete(
    api.passkey,
    { onRequest: requireOwner, schema: { params: PasskeyParams, response: { 200: MessageResponse } } },
    async (request) => {
      await security.removePasskey(ctx, ownerOf(request), freshSessionOf(request), request.params.id);
      return { message: 'Passkey removed' };
    },
  );

  routes.post(api.totpSetup, { onRequest: requireOwner, schema: { response: { 200: TotpSetup } } }, async (request) =>
    security.startTotpSetup(ctx, ownerOf(request), freshSessionOf(request)),
  );

  routes.post(
    api.totpConfirm,
    { onRequest: requireOwner, schema: { body: TotpCodeRequest, response: { 200: FactorAdded } } },
    async (request) => security.confirmTotpSetup(ctx, ownerOf(request), freshSessionOf(request), request.body.code),
  );

  routes.delete(api.totp, { onRequest: requireOwner, schema: { response: { 200: MessageResponse } } }, async (request) => {
    await security.disableTotp(ctx, ownerOf(request), freshSessionOf(request));
    return { message: 'Authenticator app turned off' };
  });

  routes.post(api.recoveryCodes, { onRequest: requireOwner, schema: { response: { 200: RecoveryCodes } } }, async (request) => ({
    recoveryCodes: await security.regenerateRecoveryCodesFor(ctx, ownerOf(request).id, freshSessionOf(request)),
  }));

  // ---- Signed-in browsers ----

  routes.get(api.sessions, { onRequest: requireOwner, schema: { response: { 200: SignedInBrowsers } } }, async (request) =>
    security.listSignedInBrowsers(ctx, ownerOf(request), request.sessionId ?? ''),
  );

  routes.delete(
    api.session,
    { onRequest: requireOwner, schema: { params: SessionParams, response: { 200: MessageResponse } } },
    async (request) => {
      await security.signOutBrowser(ctx, ownerOf(request), freshSessionOf(request), request.params.id);
      return { message: 'Signed out' };
    },
  );

  routes.post(api.sessionsSignOutOthers, { onRequest: requireOwner, schema: { response: { 200: MessageResponse } } }, async (request) => {
    await security.signOutOtherBrowsers(ctx, ownerOf(request), freshSessionOf(request));
    return { message: 'Every other browser is signed out' };
  });
};
