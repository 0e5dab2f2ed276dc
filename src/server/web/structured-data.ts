import { displayImagePath, thumbnailPath } from '#contract/image-urls.ts';
import { isMusicRelease } from '#contract/music.ts';
import type { Photo } from '#contract/photos.ts';
import type { PortfolioOwner } from '#contract/portfolio.ts';
import { altOf } from '#contract/alt-text.ts';
import { licenseUrl, type Rights } from '#contract/rights.ts';
import { pathTo, screens } from '#contract/routes.ts';

/**
 * Schema.org JSON-LD for the pages: the owner as a Person with their social links, each
 * photo as an ImageObject with its creator, credit, copyright and licence (Google's image-licence
 * markup), and a music release as a MusicAlbum or MusicRecording with its tracks.
 */

export type JsonLd = Record<string, unknown>;

/** The portfolio's own name for its owner: the title they gave it, else their user name. */
const ownerName = (owner: PortfolioOwner) => owner.portfolioTitle ?? owner.username;

/** The page where a visitor asks for a licence: the contact form, opened from the portfolio. */
export function acquireLicensePage(publicUrl: string, owner: PortfolioOwner): string {
  // The contact button shows only on a portfolio with a title (the header card).
  return owner.showContactForm && owner.portfolioTitle ? `${publicUrl}${screens.home}?contact=licence` : `${publicUrl}${screens.home}`;
}

export function ownerJsonLd(publicUrl: string, owner: PortfolioOwner): JsonLd {
  const sameAs = [owner.twitterUrl, owner.substackUrl, owner.linktreeUrl].filter((url): url is string => Boolean(url));
  return {
    '@type': 'Person',
    '@id': `${publicUrl}${screens.home}#owner`,
    name: ownerName(owner),
    url: `${publicUrl}${screens.home}`,
    ...(owner.portfolioSubtitle ? { description: owner.portfolioSubtitle } : {}),
    ...(sameAs.length ? { sameAs } : {}),
  };
}

/** "02:30" as ISO 8601, "PT2M30S". */
function isoDuration(duration: string): string {
  const [minutes = '0', seconds = '0'] = duration.split(':');
  return `PT${Number(minutes)}M${Number(seconds)}S`;
}

function imageObject(publicUrl: string, owner: PortfolioOwner, photo: Photo, rights: Rights): JsonLd {
  const pageUrl = `${publicUrl}${pathTo(screens.photo, { id: photo.id })}`;
  const creator = { '@type': 'Person', '@id': `${publicUrl}${screens.home}#owner`, name: ownerName(owner) };
  const copyright = rights.copyright ?? `© ${ownerName(owner)}`;
  return {
    '@type': 'ImageObject',
    '@id': `${pageUrl}#image`,
    // A title hidden as only a file name is blank: no name rather than an empty one.
    ...(photo.title ? { name: photo.title } : {}),
    caption: altOf(photo),
    ...(photo.description ? { description: photo.description } : {}),
    contentUrl: `${publicUrl}${displayImagePath(photo)}`,
    thumbnailUrl: `${publicUrl}${thumbnailPath(photo)}`,
    url: pageUrl,
    width: photo.width,
    height: photo.height,
    uploadDate: photo.createdAt,
    creator,
    creditText: rights.credit ?? ownerName(owner),
    copyrightNotice: copyright,
    copyrightHolder: creator,
    // All rights reserved has no public terms: the licence is to be asked for, on the same page.
    license: licenseUrl(rights.license) ?? acquireLicensePage(publicUrl, owner),
    acquireLicensePage: acquireLicensePage(publicUrl, owner),
  };
}

/** A release: an album when it has more than one track, else a recording. */
function release(publicUrl: string, owner: PortfolioOwner, photo: Photo): JsonLd {
  const tracks = photo.tracks ?? [];
  const byArtist = { '@type': 'Person', '@id': `${publicUrl}${screens.home}#owner`, name: ownerName(owner) };
  const common = {
    name: photo.title,
    url: `${publicUrl}${pathTo(screens.photo, { id: photo.id })}`,
    image: { '@id': `${publicUrl}${pathTo(screens.photo, { id: photo.id })}#image` },
    byArtist,
    ...(photo.hyperlink ? { sameAs: photo.hyperlink } : {}),
  };
  if (tracks.length > 1) {
    return {
      '@type': 'MusicAlbum',
      ...common,
      numTracks: tracks.length,
      track: tracks.map((track, index) => ({
        '@type': 'MusicRecording',
        position: index + 1,
        name: track.title,
        duration: isoDuration(track.duration),
        byArtist,
      })),
    };
  }
  const only = tracks[0];
  return { '@type': 'MusicRecording', ...common, ...(only ? { duration: isoDuration(only.duration) } : {}) };
}

/** The photo page's graph: the image, its creator, and the release it is the cover of, if any. */
export function photoPageJsonLd(publicUrl: string, owner: PortfolioOwner, photo: Photo, rights: Rights): JsonLd {
  const graph: JsonLd[] = [imageObject(publicUrl, owner, photo, rights), ownerJsonLd(publicUrl, owner)];
  if (isMusicRelease(photo) || (photo.tracks?.length ?? 0) > 0) graph.push(release(publicUrl, owner, photo));
  return { '@context': 'https://schema.org', '@graph': graph };
}

/** The portfolio's graph: the owner (Person, with the social links) and its releases. */
export function portfolioJsonLd(publicUrl: string, owner: PortfolioOwner, photos: Photo[]): JsonLd {
  const releases = photos.filter((photo) => isMusicRelease(photo) || (photo.tracks?.length ?? 0) > 0);
  return {
    '@context': 'https://schema.org',
    '@graph': [ownerJsonLd(publicUrl, owner), ...releases.map((photo) => release(publicUrl, owner, photo))],
  };
}
