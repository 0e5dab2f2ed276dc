import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { CurrentUser } from '#contract/auth.ts';
import { PortfolioOwner, PortfolioSettingsUpdate } from '#contract/portfolio.ts';
import { api } from '#contract/routes.ts';
import type { AppContext } from '#server/app-context.ts';
import { ownerOf, requireOwner } from '#server/features/auth/session.ts';
import { getPortfolioOwner } from '#server/features/owner/owner.service.ts';
import { savePortfolioSettings } from './portfolio-settings.service.ts';

/** The portfolio's owner as visitors see them, and the settings the owner edits (kept in the users row, through the owner service). */
export const portfolioRoutes: FastifyPluginAsync<AppContext> = async (app, ctx) => {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(api.portfolioOwner, { schema: { response: { 200: PortfolioOwner } } }, () => getPortfolioOwner(ctx));

  routes.patch(
    api.portfolioSettings,
    { onRequest: requireOwner, schema: { body: PortfolioSettingsUpdate, response: { 200: CurrentUser } } },
    async (request) => savePortfolioSettings(ctx, ownerOf(request), request.sessionId ?? '', request.body),
  );
};
