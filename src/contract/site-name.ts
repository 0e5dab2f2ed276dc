import type { TopBarBrand } from './portfolio.ts';

/**
 * The site's names, in a module without schemas: the top bar is in every visitor's first load,
 * which must not carry the contract's validators (scripts/bundle-size.mjs).
 */

/** The product's name, which the spec's top bar shows. */
export const PRODUCT_NAME = 'Atelier';

/** The site's name in its mails, feed and link previews: the portfolio's title, else the product's. */
export function siteNameOf(owner: { portfolioTitle: string | null }): string {
  return owner.portfolioTitle ?? PRODUCT_NAME;
}

/**
 * The name the site goes by on its own screens (the top bar, the sign-in screens, their titles):
 * the product's, or the portfolio's title when the owner chose it for the top bar.
 */
export function brandNameOf(owner: { topBarBrand: TopBarBrand; portfolioTitle: string | null } | undefined): string {
  return owner?.topBarBrand === 'portfolio' && owner.portfolioTitle ? owner.portfolioTitle : PRODUCT_NAME;
}
