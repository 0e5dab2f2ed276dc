import type { Category } from '#contract/categories.ts';
import type { Photo } from '#contract/photos.ts';
import { visitorView, type Viewer } from '#contract/portfolio-sections.ts';
import type { PortfolioOwner } from '#contract/portfolio.ts';
import type { AppContext } from '#server/app-context.ts';
import { listCategories } from '#server/features/categories/categories.service.ts';
import { getPortfolioOwner } from '#server/features/owner/owner.service.ts';
import { listPhotos } from '#server/features/photos/photos.service.ts';

export interface PortfolioContent {
  owner: PortfolioOwner;
  categories: Category[];
  photos: Photo[];
}

/**
 * The portfolio as `viewer` may see it: everything for the owner; for a visitor no hidden
 * category, none of its photos, and Other and empty categories only as the owner chose. The one
 * place the API lists, the pages and the sitemap take their photos and categories from.
 */
export async function portfolioFor(ctx: Pick<AppContext, 'db' | 'media' | 'clock'>, viewer: Viewer): Promise<PortfolioContent> {
  const owner = await getPortfolioOwner(ctx);
  // The owner reads every title (to edit them); a visitor not one the owner hides as a file name.
  const view = { cameraDetails: owner.showCameraDetails, hideFileNameTitles: viewer === 'visitor' && owner.hideFileNameTitles };
  const [categories, photos] = await Promise.all([listCategories(ctx, owner.id), listPhotos(ctx, owner.id, view)]);
  if (viewer === 'owner') return { owner, categories, photos };
  return { owner, ...visitorView(categories, photos, owner) };
}
