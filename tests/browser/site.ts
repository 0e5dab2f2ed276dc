import { CurrentUser } from '#contract/auth.ts';
import { Category } from '#contract/categories.ts';
import { PhotoSections } from '#contract/photo-pages.ts';
import { Photo } from '#contract/photos.ts';
import { PortfolioOwner } from '#contract/portfolio.ts';
import { api } from '#contract/routes.ts';
import { makeOwner } from '#tests/fixtures/contract.ts';
import { refuse, reply, type Handler } from './contract-fetch.ts';

/**
 * The answers a portfolio page reads, for a visitor (the API answers 401 for the user) or the
 * signed-in owner: the owner's settings, no category and no photo unless a test adds them. Each
 * category's photos (`photos` by their categoryId) come whole with the sections, in their order.
 */
export function siteHandlers(options: { owner?: Partial<CurrentUser>; signedIn?: boolean; categories?: Category[]; photos?: Photo[] } = {}) {
  const owner = makeOwner(options.owner);
  const { email: _email, ...publicOwner } = owner;
  return {
    [`GET ${api.currentUser}`]: () => (options.signedIn ? reply(CurrentUser, owner) : refuse(401, 'Not signed in')),
    [`GET ${api.portfolioOwner}`]: () => reply(PortfolioOwner, publicOwner),
    [`GET ${api.categories}`]: () => reply(Category.array(), options.categories ?? []),
    [`GET ${api.photoSections}`]: () => reply(PhotoSections, { sections: sectionsOf(options.categories ?? [], options.photos ?? []) }),
    // The signed-in owner's page reads the whole list instead; answered when the test says what it holds.
    ...(options.photos ? { [`GET ${api.photos}`]: () => reply(Photo.array(), options.photos ?? []) } : {}),
  } satisfies Record<string, Handler>;
}

/** The portfolio's sections in page order: each category with photos, then Other when it has some. */
function sectionsOf(categories: Category[], photos: Photo[]): PhotoSections['sections'] {
  const inPlace = (categoryId: number | null) => photos.filter((photo) => photo.categoryId === categoryId).sort((a, b) => a.order - b.order);
  return [...categories.map((category) => category.id), null]
    .map((categoryId) => ({ categoryId, photos: inPlace(categoryId) }))
    .filter(({ categoryId, photos: placed }) => categoryId !== null || placed.length > 0)
    .map(({ categoryId, photos: placed }) => ({ categoryId, total: placed.length, photos: placed }));
}
