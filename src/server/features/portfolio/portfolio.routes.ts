import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { CurrentUser } from '#contract/auth.ts';
import { PortfolioOwner, PortfolioSettingsUpdate } from '#contract/portfolio.ts';
import type { Db } from '#server/db/database.ts';
import { ownerOf, requireOwner } from '#server/features/auth/session.ts';
import { getPortfolioOwner, updatePortfolioSettings } from './portfolio.service.ts';

export interface PortfolioRoutesContext {
  db: Db;
  /** Whether a banner upload made this file. */
  bannerExists?: (name: string) => Promise<boolean>;
}

export function portfolioRoutes(app: FastifyInstance, ctx: PortfolioRoutesContext): void {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get('/api/portfolio-owner', { schema: { response: { 200: PortfolioOwner } } }, () =>
    getPortfolioOwner(ctx.db),
  );

  api.patch(
    '/api/portfolio-settings',
    { onRequest: requireOwner, schema: { body: PortfolioSettingsUpdate, response: { 200: CurrentUser } } },
    async (request) =>
      updatePortfolioSettings(ctx.db, ownerOf(request).id, request.body, { bannerExists: ctx.bannerExists }),
  );
}
