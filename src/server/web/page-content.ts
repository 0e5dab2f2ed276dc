import { pathTo, screens } from '#contract/routes.ts';
import { bannerPath, displayImagePath, PHOTO_PAGE_SIZES, photoSrcSet, TILE_SIZES, tileSrcSet, thumbnailPath } from '#contract/image-urls.ts';
import type { Category } from '#contract/categories.ts';
import { BANNER_SIZE } from '#contract/image-sizes.ts';
import type { PageData } from '#contract/page-data.ts';
import type { Photo } from '#contract/photos.ts';
import { groupIntoSections } from '#contract/portfolio-sections.ts';
import type { PortfolioOwner } from '#contract/portfolio.ts';
import { listCategories } from '#server/features/categories/categories.service.ts';
import { getPhoto, listPhotos, type PhotosContext } from '#server/features/photos/photos.service.ts';
import { getPortfolioOwner } from '#server/features/owner/owner.service.ts';
import { DomainError } from '#server/lib/errors.ts';
import { excerpt, type PageMeta } from './page-head.ts';
import type { PageRoute } from './page-routes.ts';

/** The product's name: the site's name until the owner gives the portfolio a title. */
export const PRODUCT_NAME = 'Atelier';

/** Tiles fetched before the script runs: the phone's first row; wider screens start them at once anyway. */
const PRELOADED_TILES = 2;

export interface WebContext {
  photos: PhotosContext;
  /** Absolute base of canonical URLs and og:image (PUBLIC_URL, never the Host header). */
  publicUrl: string;
}

export interface Page {
  status: number;
  meta: PageMeta;
  data: PageData;
}

const SCREEN_TITLES = {
  login: 'Login',
  'forgot-password': 'Forgot password',
  'reset-password': 'Reset password',
  'clear-cache': 'Clear cache',
} as const;

const absolute = (ctx: WebContext, path: string) => `${ctx.publicUrl}${path}`;

const siteNameOf = (owner: PortfolioOwner) => owner.portfolioTitle ?? PRODUCT_NAME;

/** The photos a visitor sees first, in page order: the first tiles of the first sections. */
function firstPhotos(categories: Category[], photos: Photo[], count: number): Photo[] {
  return groupIntoSections(categories, photos)
    .flatMap((section) => section.photos)
    .slice(0, count);
}

async function portfolioPage(ctx: WebContext): Promise<Page> {
  const owner = await getPortfolioOwner(ctx.photos);
  const [categories, photos] = await Promise.all([listCategories(ctx.photos, owner.id), listPhotos(ctx.photos, owner.id)]);
  const siteName = siteNameOf(owner);
  const first = firstPhotos(categories, photos, PRELOADED_TILES);
  const cover = first[0];

  let image: PageMeta['image'];
  if (owner.bannerImage) {
    image = { url: absolute(ctx, bannerPath(owner.bannerImage)), ...BANNER_SIZE, alt: siteName };
  } else if (cover) {
    image = { url: absolute(ctx, displayImagePath(cover)), width: cover.width, height: cover.height, alt: cover.title };
  }

  return {
    status: 200,
    meta: {
      title: siteName,
      siteName,
      description: excerpt(owner.portfolioSubtitle) ?? excerpt(owner.aboutText),
      // `/` and `/{username}` show the same portfolio: one canonical address.
      canonicalUrl: absolute(ctx, screens.home),
      type: 'website',
      image,
      preloads: [
        ...(owner.bannerImage ? [{ href: bannerPath(owner.bannerImage) }] : []),
        ...first.map((photo) => ({ href: thumbnailPath(photo), srcset: tileSrcSet(photo), sizes: TILE_SIZES })),
      ],
    },
    data: { owner, categories, photos },
  };
}

function photoNotFound(owner: PortfolioOwner | undefined): Page {
  const siteName = owner ? siteNameOf(owner) : PRODUCT_NAME;
  return {
    status: 404,
    meta: { title: `Photo Not Found · ${siteName}`, siteName, type: 'website', noIndex: true },
    data: owner ? { owner } : {},
  };
}

async function photoPage(ctx: WebContext, id: number | null): Promise<Page> {
  const owner = await getPortfolioOwner(ctx.photos);
  if (id === null) return photoNotFound(owner);
  let photo;
  try {
    photo = await getPhoto(ctx.photos, owner.id, id);
  } catch (error) {
    if (error instanceof DomainError && error.kind === 'notFound') return photoNotFound(owner);
    throw error;
  }
  const siteName = siteNameOf(owner);
  return {
    status: 200,
    meta: {
      title: `${photo.title} · ${siteName}`,
      siteName,
      description: excerpt(photo.description) ?? excerpt(owner.portfolioSubtitle),
      canonicalUrl: absolute(ctx, pathTo(screens.photo, { id: photo.id })),
      type: 'article',
      image: {
        url: absolute(ctx, displayImagePath(photo)),
        width: photo.width,
        height: photo.height,
        alt: photo.title,
      },
      preloads: [{ href: displayImagePath(photo), srcset: photoSrcSet(photo), sizes: PHOTO_PAGE_SIZES }],
    },
    data: { owner, photo },
  };
}

/** Head tags and first data of a page; `route` null is the not-found screen. */
export async function buildPage(ctx: WebContext, route: PageRoute | null): Promise<Page> {
  if (route === null) {
    return {
      status: 404,
      meta: { title: `404 Page Not Found · ${PRODUCT_NAME}`, siteName: PRODUCT_NAME, type: 'website', noIndex: true },
      data: {},
    };
  }
  switch (route.kind) {
    case 'portfolio':
      return portfolioPage(ctx);
    case 'photo':
      return photoPage(ctx, route.id);
    case 'screen':
      return {
        status: 200,
        meta: { title: `${SCREEN_TITLES[route.name]} · ${PRODUCT_NAME}`, siteName: PRODUCT_NAME, type: 'website', noIndex: true },
        data: {},
      };
  }
}

/** The page without data, when the data cannot be read: the client then asks the API itself. */
export function fallbackPage(route: PageRoute | null): Page {
  return {
    status: route === null ? 404 : 200,
    meta: { title: PRODUCT_NAME, siteName: PRODUCT_NAME, type: 'website' },
    data: {},
  };
}
