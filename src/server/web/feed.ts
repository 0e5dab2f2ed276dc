import { displayImagePath, thumbnailPath } from '#contract/image-urls.ts';
import { isMusicRelease } from '#contract/music.ts';
import type { Photo } from '#contract/photos.ts';
import type { PortfolioOwner } from '#contract/portfolio.ts';
import { altOf } from '#contract/alt-text.ts';
import { files, pathTo, screens } from '#contract/routes.ts';
import { portfolioFor } from '#server/features/portfolio/portfolio-view.service.ts';
import { DomainError } from '#server/lib/errors.ts';
import { escapeHtml } from '#server/lib/html.ts';
import type { WebContext } from './page-content.ts';
import { PRODUCT_NAME } from '#contract/site-name.ts';

/** Entries in the feed: the newest photos and releases; readers keep what they already fetched. */
export const FEED_ENTRIES = 50;

/** A fixed date for a feed without entries (Atom asks for `updated` on every feed). */
const EPOCH = '1970-01-01T00:00:00.000Z';

/* eslint-disable-next-line no-control-regex -- the characters XML 1.0 cannot hold, named */
const NOT_XML = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** Escaped, and without what XML cannot hold (text saved before the contract refused it): one such character makes the whole feed unreadable. */
const text = (value: string) => escapeHtml(value.replace(NOT_XML, ''));

function entry(publicUrl: string, photo: Photo, categoryName: string | undefined): string {
  const pageUrl = `${publicUrl}${pathTo(screens.photo, { id: photo.id })}`;
  const imageUrl = `${publicUrl}${displayImagePath(photo)}`;
  const release = isMusicRelease(photo);
  // The content is HTML, escaped once more as the element's text: the image with its alt text,
  // then the description.
  const html =
    `<p><img src="${escapeHtml(imageUrl)}" alt="${escapeHtml(altOf(photo))}" width="${photo.width}" height="${photo.height}" /></p>` +
    (photo.description ? `<p>${escapeHtml(photo.description)}</p>` : '');
  const type = photo.filename.endsWith('.webp') ? 'image/webp' : 'image/jpeg';
  return [
    '  <entry>',
    `    <id>${text(pageUrl)}</id>`,
    // Atom wants a title: a title hidden as only a file name gives way to its category's name.
    `    <title>${text(photo.title || categoryName || 'Photo')}</title>`,
    `    <published>${text(photo.createdAt)}</published>`,
    `    <updated>${text(photo.createdAt)}</updated>`,
    `    <link rel="alternate" type="text/html" href="${text(pageUrl)}" />`,
    `    <link rel="enclosure" type="${type}" href="${text(imageUrl)}" title="${text(altOf(photo))}" />`,
    `    <category term="${release ? 'release' : 'photo'}" />`,
    `    <summary>${text(altOf(photo))}</summary>`,
    `    <content type="html">${text(html)}</content>`,
    '  </entry>',
  ].join('\n');
}

/**
 * The Atom feed (RFC 4287) of the newest public photos and releases, with their images and alt
 * text: only what a visitor sees (`portfolioFor`), never a draft's, trashed or hidden photo.
 */
export async function renderFeed(ctx: WebContext): Promise<string> {
  let owner: PortfolioOwner | null = null;
  let photos: Photo[] = [];
  let categoryNames = new Map<number, string>();
  try {
    let categories;
    ({ owner, photos, categories } = await portfolioFor(ctx.photos, 'visitor'));
    categoryNames = new Map(categories.map((category) => [category.id, category.name]));
  } catch (error) {
    // A site without an owner yet has an empty feed.
    if (!(error instanceof DomainError && error.kind === 'notFound')) throw error;
  }
  const newest = [...photos]
    .sort((a, b) => (a.createdAt === b.createdAt ? b.id - a.id : a.createdAt < b.createdAt ? 1 : -1))
    .slice(0, FEED_ENTRIES);
  const home = `${ctx.publicUrl}${screens.home}`;
  const title = owner?.portfolioTitle ?? PRODUCT_NAME;
  const author = owner ? (owner.portfolioTitle ?? owner.username) : PRODUCT_NAME;
  const icon = newest[0] ? `${ctx.publicUrl}${thumbnailPath(newest[0])}` : null;
  return [
    '<?xml version="1.0" encoding="utf-8"?>',
    '<feed xmlns="http://www.w3.org/2005/Atom">',
    `  <id>${text(home)}</id>`,
    `  <title>${text(title)}</title>`,
    owner?.portfolioSubtitle ? `  <subtitle>${text(owner.portfolioSubtitle)}</subtitle>` : '',
    `  <updated>${text(newest[0]?.createdAt ?? EPOCH)}</updated>`,
    `  <author><name>${text(author)}</name><uri>${text(home)}</uri></author>`,
    `  <link rel="self" type="application/atom+xml" href="${text(`${ctx.publicUrl}${files.feed}`)}" />`,
    `  <link rel="alternate" type="text/html" href="${text(home)}" />`,
    `  <generator>${PRODUCT_NAME}</generator>`,
    icon ? `  <logo>${text(icon)}</logo>` : '',
    ...newest.map((photo) => entry(ctx.publicUrl, photo, photo.categoryId === null ? undefined : categoryNames.get(photo.categoryId))),
    '</feed>',
    '',
  ]
    .filter((line) => line !== '')
    .join('\n')
    .concat('\n');
}
