import { SOURCE_LANGUAGE, type Language } from '#contract/languages.ts';
import { pathTo, screens } from '#contract/routes.ts';
import { bannerPath, displayImagePath, gridTileImage, PHOTO_PAGE_SIZES, photoSrcSet } from '#contract/image-urls.ts';
import { BANNER_SIZE } from '#contract/image-sizes.ts';
import type { PageData } from '#contract/page-data.ts';
import { FIRST_PAGE_TILES, PHOTO_PAGE_SIZE, sectionKeyOf } from '#contract/photo-cursor.ts';
import type { PhotoPage } from '#contract/photo-pages.ts';
import type { PortfolioSection } from '#contract/portfolio-sections.ts';
import type { PortfolioOwner } from '#contract/portfolio.ts';
import { brandNameOf, PRODUCT_NAME, siteNameOf } from '#contract/site-name.ts';
import { getPhoto, type PhotosContext } from '#server/features/photos/photos.service.ts';
import { rightsOfPhoto } from '#server/features/renditions/renditions.service.ts';
import { altOf } from '#contract/alt-text.ts';
import { getPortfolioOwner } from '#server/features/owner/owner.service.ts';
import { portfolioFor } from '#server/features/portfolio/portfolio-view.service.ts';
import { firstPhotos, photoPage as photoPageOf, sectionsOf } from '#server/features/portfolio/photo-pages.service.ts';
import { galleryExists, openGallery, type GalleryAccess } from '#server/features/galleries/galleries.service.ts';
import type { VisitCookie } from '#server/features/galleries/activity.service.ts';
import { GalleryTokenParams, type Gallery } from '#contract/galleries.ts';
import { DomainError } from '#server/lib/errors.ts';
import { excerpt, type PageMeta } from './page-head.ts';
import type { PageRoute } from './page-routes.ts';
import { screenTitles } from './page-titles.ts';
import { photoPageJsonLd, portfolioJsonLd } from './structured-data.ts';

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
  /** The owner's theme default and heading font, for every screen (sign-in and 404 too). */
  look: OwnerLook;
  /** A gallery's visit, recorded by the page as its API would: its cookie, set on the answer. */
  visit?: VisitCookie;
}

export type OwnerLook = Pick<PortfolioOwner, 'themeDefault' | 'headingFont'>;
/** The spec's look: a site without an owner, or a page built without its data. */
const DEFAULT_LOOK: OwnerLook = { themeDefault: 'system', headingFont: 'sans' };
const lookOf = (owner: PortfolioOwner): OwnerLook => ({ themeDefault: owner.themeDefault, headingFont: owner.headingFont });

/** A screen of its own (sign-in, 404): the owner still gives it their top bar and look. */
/** A screen without data of its own, titled `title · the site's name` (see brandNameOf). */
async function screenPage(ctx: WebContext, status: number, title: string): Promise<Page> {
  let owner: PortfolioOwner | undefined;
  try {
    owner = await getPortfolioOwner(ctx.photos);
  } catch (error) {
    if (!(error instanceof DomainError && error.kind === 'notFound')) throw error;
  }
  const siteName = brandNameOf(owner);
  const meta: PageMeta = { title: `${title} · ${siteName}`, siteName, type: 'website', noIndex: true };
  return { status, meta, data: owner ? { owner } : {}, look: owner ? lookOf(owner) : DEFAULT_LOOK };
}

const absolute = (ctx: WebContext, path: string) => `${ctx.publicUrl}${path}`;

/** The tiles a visitor sees first, in page order, each with its section's layout. */
function firstTiles(sections: PortfolioSection[], count: number) {
  return sections
    .flatMap(({ category, photos: sectionPhotos }) =>
      sectionPhotos.map((photo) => ({ photo, layout: category?.layout ?? 'square', density: category?.density ?? 'compact' })),
    )
    .slice(0, count);
}

/**
 * Who may be asking: a request without the session cookie is surely a visitor; one with it may be
 * the owner, whose lists (drafts included) the client then asks the API for, never getting a
 * visitor's lists in the cache under the owner's keys.
 */
export interface PageViewer {
  maybeOwner: boolean;
  /** What the request holds that may open a gallery link (its cookies); without it a gallery's page embeds none. */
  galleryAccess?: GalleryAccess;
}

async function portfolioPage(ctx: WebContext, viewer: PageViewer): Promise<Page> {
  // Head tags are for link previews and crawlers: always the visitor's portfolio.
  const content = await portfolioFor(ctx.photos, 'visitor');
  const { owner, categories, photos } = content;
  const sections = sectionsOf(content);
  const siteName = siteNameOf(owner);
  const first = firstTiles(sections, PRELOADED_TILES);
  const cover = first[0]?.photo;

  let image: PageMeta['image'];
  if (owner.bannerImage) {
    image = { url: absolute(ctx, bannerPath(owner.bannerImage)), ...BANNER_SIZE, alt: siteName };
  } else if (cover) {
    image = { url: absolute(ctx, displayImagePath(cover)), width: cover.width, height: cover.height, alt: altOf(cover) };
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
      jsonLd: portfolioJsonLd(ctx.publicUrl, owner, photos),
      preloads: [
        ...(owner.bannerImage ? [{ href: bannerPath(owner.bannerImage) }] : []),
        ...first.map(({ photo, layout, density }) => {
          const { href, srcset, sizes } = gridTileImage(photo, layout, density);
          return { href, srcset, sizes };
        }),
      ],
    },
    // The first screens of photos and every section's count, never the whole portfolio: the
    // page weighs the same at 10,000 photos as at 100 (the rest is fetched as the visitor scrolls).
    data: viewer.maybeOwner ? { owner } : { owner, categories, photoSections: firstPhotos(sections, FIRST_PAGE_TILES) },
    look: lookOf(owner),
  };
}

/** What the page route makes of a link its visitor holds: the gallery with its visit's cookie, its password still to give, or no gallery. */
type HeldGallery = { state: 'open'; gallery: Gallery; visit: VisitCookie | null } | { state: 'locked' } | { state: 'gone' };

/**
 * The gallery as `/api/galleries/{token}` answers its holder, with the same service: the same
 * photos and files (a watermarked gallery's marked copies, under the link's own path), the same
 * sneak peek, and the visit recorded as the API records it (the client, finding the gallery in the
 * page, does not ask again).
 */
async function heldGallery(ctx: WebContext, token: string, access: GalleryAccess): Promise<HeldGallery> {
  try {
    const { gallery, visit } = await openGallery(ctx.photos, token, { ...access, byOwner: false });
    return { state: 'open', gallery, visit };
  } catch (error) {
    if (error instanceof DomainError && error.kind === 'notSignedIn') return { state: 'locked' };
    if (error instanceof DomainError && error.kind === 'notFound') return { state: 'gone' };
    throw error;
  }
}

/**
 * A client's gallery, kept from search engines; 404 when the link does not open. A visitor who
 * may see it now (no password, or its access cookie held) gets it in the page, which the server
 * then draws (docs/decisions/0018); a visitor of a gallery behind its password gets its password
 * form drawn (its token alone in the page); any request with a session cookie (the owner
 * previewing a link) gets nothing of it: the client asks the API.
 */
async function galleryPage(ctx: WebContext, token: string, viewer: PageViewer, language: Language): Promise<Page> {
  const owner = await getPortfolioOwner(ctx.photos);
  const siteName = siteNameOf(owner);
  const titles = screenTitles(language);
  const asHolder = !viewer.maybeOwner && viewer.galleryAccess !== undefined && GalleryTokenParams.safeParse({ token }).success;
  const held = asHolder && viewer.galleryAccess ? await heldGallery(ctx, token, viewer.galleryAccess) : undefined;
  const opens = held ? held.state !== 'gone' : await galleryExists(ctx.photos, token);
  const meta: PageMeta = { title: `${opens ? titles.gallery : titles.galleryNotFound} · ${siteName}`, siteName, type: 'website', noIndex: true };
  // Behind its password: the form alone, which the server draws and a browser without the script posts.
  if (held?.state === 'locked') return { status: 200, meta, data: { owner, lockedGallery: { token } }, look: lookOf(owner) };
  if (!held || held.state !== 'open') return { status: opens ? 200 : 404, meta, data: { owner }, look: lookOf(owner) };
  const { gallery, visit } = held;
  const { layout, density } = gallery.category;
  return {
    status: 200,
    meta: {
      ...meta,
      preloads: gallery.photos.slice(0, PRELOADED_TILES).map((photo) => {
        const { href, srcset, sizes } = gridTileImage(photo, layout, density);
        return { href, srcset, sizes };
      }),
    },
    data: { owner, gallery: { token, gallery } },
    look: lookOf(owner),
    ...(visit ? { visit } : {}),
  };
}

function photoNotFound(owner: PortfolioOwner | undefined, language: Language): Page {
  const siteName = owner ? siteNameOf(owner) : PRODUCT_NAME;
  return {
    status: 404,
    meta: { title: `${screenTitles(language).photoNotFound} · ${siteName}`, siteName, type: 'website', noIndex: true },
    data: owner ? { owner } : {},
    look: owner ? lookOf(owner) : DEFAULT_LOOK,
  };
}

/**
 * The photo as the owner's own browser reads it: every title, the hidden ones too (a request with
 * the session cookie; the head tags stay the visitor's, for link previews).
 */
function ownersPhoto(ctx: WebContext, owner: PortfolioOwner, id: number) {
  return getPhoto(ctx.photos, owner.id, id, { cameraDetails: owner.showCameraDetails, visitor: owner });
}

async function photoPage(ctx: WebContext, id: number | null, viewer: PageViewer, language: Language): Promise<Page> {
  const owner = await getPortfolioOwner(ctx.photos);
  if (id === null) return photoNotFound(owner, language);
  let photo;
  try {
    photo = await getPhoto(ctx.photos, owner.id, id, { cameraDetails: owner.showCameraDetails, hideFileNameTitles: owner.hideFileNameTitles, visitor: owner });
  } catch (error) {
    if (!(error instanceof DomainError && error.kind === 'notFound')) throw error;
    // A draft's photo: nothing of it in the page; the owner's client asks the API, which knows them.
    if (viewer.maybeOwner) {
      const siteName = siteNameOf(owner);
      return { status: 200, meta: { title: siteName, siteName, type: 'website', noIndex: true }, data: { owner }, look: lookOf(owner) };
    }
    return photoNotFound(owner, language);
  }
  const siteName = siteNameOf(owner);
  const rights = (await rightsOfPhoto(ctx.photos, photo.id)) ?? { license: null, credit: null, copyright: null };
  // A title hidden as only a file name: the page is named by its category, else by the site alone.
  const heading = photo.title || photo.category?.name;
  return {
    status: 200,
    meta: {
      title: heading ? `${heading} · ${siteName}` : siteName,
      siteName,
      description: excerpt(photo.description) ?? excerpt(owner.portfolioSubtitle),
      canonicalUrl: absolute(ctx, pathTo(screens.photo, { id: photo.id })),
      type: 'article',
      image: {
        url: absolute(ctx, displayImagePath(photo)),
        width: photo.width,
        height: photo.height,
        alt: altOf(photo),
      },
      jsonLd: photoPageJsonLd(ctx.publicUrl, owner, photo, rights),
      preloads: [{ href: displayImagePath(photo), srcset: photoSrcSet(photo), sizes: PHOTO_PAGE_SIZES }],
    },
    data: viewer.maybeOwner
      ? { owner, photo: owner.hideFileNameTitles ? await ownersPhoto(ctx, owner, photo.id) : photo }
      : { owner, photo, photoWindow: await photoWindowOf(ctx, photo) },
    look: lookOf(owner),
  };
}

/**
 * The photos around a visitor's photo in its section, as `/api/photos/page?around=` gives them:
 * the page's previous and next, drawn from the HTML. None for a photo outside the portfolio's
 * sections (an unlisted category's, seen by its link): the client then asks, as before.
 */
async function photoWindowOf(ctx: WebContext, photo: { id: number; categoryId: number | null }): Promise<PhotoPage | undefined> {
  const sections = sectionsOf(await portfolioFor(ctx.photos, 'visitor'));
  try {
    return photoPageOf(sections, { categoryId: sectionKeyOf(photo.categoryId), around: photo.id, limit: PHOTO_PAGE_SIZE, sort: 'order' });
  } catch (error) {
    if (error instanceof DomainError && error.kind === 'notFound') return undefined;
    throw error;
  }
}

/**
 * Head tags and first data of a page; `route` null is the not-found screen. The titles of the
 * screens without the owner's words are in the page's `language`; the owner's own stay as written.
 */
export async function buildPage(
  ctx: WebContext,
  route: PageRoute | null,
  viewer: PageViewer = { maybeOwner: false },
  language: Language = SOURCE_LANGUAGE,
): Promise<Page> {
  const titles = screenTitles(language);
  if (route === null) {
    return screenPage(ctx, 404, titles.notFound);
  }
  switch (route.kind) {
    case 'portfolio':
      return portfolioPage(ctx, viewer);
    case 'photo':
      return photoPage(ctx, route.id, viewer, language);
    case 'gallery':
      return galleryPage(ctx, route.token, viewer, language);
    case 'screen':
      return screenPage(ctx, 200, titles[route.name]);
  }
}

/** The page without data, when the data cannot be read: the client then asks the API itself. */
export function fallbackPage(route: PageRoute | null): Page {
  return {
    status: route === null ? 404 : 200,
    meta: { title: PRODUCT_NAME, siteName: PRODUCT_NAME, type: 'website' },
    data: {},
    look: DEFAULT_LOOK,
  };
}
