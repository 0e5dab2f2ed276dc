import { pathTo, screens } from '#contract/routes.ts';
import { displayImagePath } from '#contract/image-urls.ts';
import type { Photo } from '#contract/photos.ts';
import { portfolioFor } from '#server/features/portfolio/portfolio-view.service.ts';
import { getSiteLanguages } from '#server/features/owner/owner.service.ts';
import { DomainError } from '#server/lib/errors.ts';
import { escapeHtml } from '#server/lib/html.ts';
import type { WebContext } from './page-content.ts';
import { withLanguage } from './page-head.ts';

/**
 * The home page and every photo page, absolute, each photo page with its image (Google's image
 * extension); on a site in several languages each with its alternates, as the pages' own hreflang
 * links name them: the address with `?lang=` per language, and `x-default` without.
 */
export async function renderSitemap(ctx: WebContext): Promise<string> {
  let photos: Photo[] = [];
  try {
    // What a visitor sees, and nothing of a draft.
    photos = (await portfolioFor(ctx.photos, 'visitor')).photos;
  } catch (error) {
    // A site without an owner yet still has a home page.
    if (!(error instanceof DomainError && error.kind === 'notFound')) throw error;
  }
  const { languages } = await getSiteLanguages(ctx.photos);
  const link = (hreflang: string, href: string) => `    <xhtml:link rel="alternate" hreflang="${hreflang}" href="${escapeHtml(href)}"/>\n`;
  const alternates = (loc: string) =>
    languages.length > 1 ? [...languages.map((language) => link(language, withLanguage(loc, language))), link('x-default', loc)].join('') : '';
  const url = (loc: string, extra = '') => `  <url>\n    <loc>${escapeHtml(loc)}</loc>\n${alternates(loc)}${extra}  </url>\n`;
  const entries = [
    url(`${ctx.publicUrl}${screens.home}`),
    ...[...photos]
      .sort((a, b) => a.id - b.id)
      .map((photo) =>
        url(
          `${ctx.publicUrl}${pathTo(screens.photo, { id: photo.id })}`,
          `    <image:image>\n      <image:loc>${escapeHtml(`${ctx.publicUrl}${displayImagePath(photo)}`)}</image:loc>\n    </image:image>\n`,
        ),
      ),
  ];
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:image="http://www.google.com/schemas/sitemap-image/1.1" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n' +
    entries.join('') +
    '</urlset>\n'
  );
}

export function renderRobots(publicUrl: string): string {
  return ['User-agent: *', 'Allow: /', 'Disallow: /api/', '', `Sitemap: ${publicUrl}/sitemap.xml`, ''].join('\n');
}
