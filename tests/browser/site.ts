import { CurrentUser } from '#contract/auth.ts';
import { Category } from '#contract/categories.ts';
import { PhotoSections } from '#contract/photo-pages.ts';
import { PortfolioOwner } from '#contract/portfolio.ts';
import { api } from '#contract/routes.ts';
import { makeOwner } from '#tests/fixtures/contract.ts';
import { refuse, reply, type Handler } from './contract-fetch.ts';

/**
 * The answers a portfolio page reads, for a visitor (the API answers 401 for the user) or the
 * signed-in owner: the owner's settings, no category and no photo unless a test adds them.
 */
export function siteHandlers(options: { owner?: Partial<CurrentUser>; signedIn?: boolean; categories?: Category[] } = {}) {
  const owner = makeOwner(options.owner);
  const { email: _email, ...publicOwner } = owner;
  return {
    [`GET ${api.currentUser}`]: () => (options.signedIn ? reply(CurrentUser, owner) : refuse(401, 'Not signed in')),
    [`GET ${api.portfolioOwner}`]: () => reply(PortfolioOwner, publicOwner),
    [`GET ${api.categories}`]: () => reply(Category.array(), options.categories ?? []),
    [`GET ${api.photoSections}`]: () => reply(PhotoSections, { sections: [] }),
  } satisfies Record<string, Handler>;
}
