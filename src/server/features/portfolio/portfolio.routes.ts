import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CurrentUser } from '#contract/auth.ts';
import { Category } from '#contract/categories.ts';
import { Photo } from '#contract/photos.ts';
import { PhotoIds, PhotoIdsQuery, PhotoPage, PhotoPageQuery, PhotoSections, PhotoSectionsQuery } from '#contract/photo-pages.ts';
import type { PortfolioSection } from '#contract/portfolio-sections.ts';
import { PortfolioOwner, PortfolioSettingsUpdate } from '#contract/portfolio.ts';
import { api } from '#contract/routes.ts';
import type { AppContext } from '#server/app-context.ts';
import { ownerOf, requireOwner, viewerOf } from '#server/features/auth/session.ts';
import { ownerRoutes } from '#server/features/auth/owner-routes.ts';
import { getPortfolioOwner } from '#server/features/owner/owner.service.ts';
import { firstPhotos, photoPage, sectionPhotoIds, sectionsOf } from './photo-pages.service.ts';
import { savePortfolioSettings } from './portfolio-settings.service.ts';
import { portfolioFor } from './portfolio-view.service.ts';

/**
 * The portfolio as its reader may see it (its photos and categories, its sections a page at a
 * time, its owner), and the settings the owner edits (kept in the users row, through the owner
 * service).
 */
export const portfolioRoutes: FastifyPluginAsync<AppContext> = async (app, ctx) => {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  // The site's settings answer a browser only; the admin's photo ids are a read of photos.
  const photosReader = ownerRoutes(app, 'photos:read');

  /**
   * The reader's sections, grouped once per data version: a page of a 10,000-photo portfolio
   * then costs a slice, not a read of every photo.
   */
  const sectionsFor = async (request: FastifyRequest): Promise<PortfolioSection[]> => {
    const viewer = viewerOf(request);
    const version = request.listVersion ?? (await ctx.dataCache.version());
    return ctx.dataCache.remember(`sections:${viewer}`, version, async () => sectionsOf(await portfolioFor(ctx, viewer)));
  };

  routes.get(api.portfolioOwner, { schema: { response: { 200: PortfolioOwner } } }, () => getPortfolioOwner(ctx));

  // The owner gets every photo and category; a visitor only what the portfolio shows (no draft).
  routes.get(api.photos, { schema: { response: { 200: z.array(Photo) } } }, async (request) =>
    (await portfolioFor(ctx, viewerOf(request))).photos,
  );
  routes.get(api.categories, { schema: { response: { 200: z.array(Category) } } }, async (request) =>
    (await portfolioFor(ctx, viewerOf(request))).categories,
  );

  routes.get(
    api.photoSections,
    { schema: { querystring: PhotoSectionsQuery, response: { 200: PhotoSections } } },
    async (request) =>
      firstPhotos(await sectionsFor(request), request.query.limit, { countAltText: viewerOf(request) === 'owner' }),
  );

  routes.get(
    api.photoPage,
    { schema: { querystring: PhotoPageQuery, response: { 200: PhotoPage } } },
    async (request) => photoPage(await sectionsFor(request), request.query),
  );

  photosReader.get(api.photoIds, { querystring: PhotoIdsQuery, response: { 200: PhotoIds } }, async (_ownerId, request) =>
    ({ ids: sectionPhotoIds(await sectionsFor(request), request.query.categoryId) }),
  );

  routes.patch(
    api.portfolioSettings,
    { onRequest: requireOwner, schema: { body: PortfolioSettingsUpdate, response: { 200: CurrentUser } } },
    async (request) => savePortfolioSettings(ctx, ownerOf(request), request.sessionId ?? '', request.body),
  );
};
