/**
 * Music releases (spec §4, DESIGN §5): which photos are releases, and how their links play.
 * Shared because the server's Content-Security-Policy may frame exactly the embed origins below.
 */

/** Hosts whose links mark a photo as a music release; a host matches itself and its subdomains. */
export const MUSIC_LINK_HOSTS = {
  fanLink: [
    'linkfire.com',
    'lnk.to',
    'ffm.to',
    'ffm.bio',
    'hypeddit.com',
    'toneden.io',
    'feature.fm',
    'smarturl.it',
    'found.ee',
    'fanlink.to',
    'song.link',
    'album.link',
    'odesli.co',
    'distrokid.com',
  ],
  streaming: [
    'spotify.com',
    'spotify.link',
    'music.apple.com',
    'deezer.com',
    'deezer.page.link',
    'tidal.com',
    'music.youtube.com',
    'music.amazon.com',
    'music.amazon.co.uk',
    'music.amazon.de',
    'music.amazon.fr',
  ],
  store: ['bandcamp.com', 'beatport.com', 'itunes.apple.com'],
  audioSharing: ['soundcloud.com', 'audiomack.com', 'mixcloud.com'],
} as const;

/** The only origins the streaming dialog ever frames. */
export const EMBED_FRAME_ORIGINS = [
  'https://open.spotify.com',
  'https://embed.music.apple.com',
  'https://w.soundcloud.com',
  'https://www.youtube-nocookie.com',
  'https://bandcamp.com',
] as const;

export function parseHttpUrl(link: string): URL | null {
  try {
    const url = new URL(link.trim());
    return url.protocol === 'https:' || url.protocol === 'http:' ? url : null;
  } catch {
    return null;
  }
}

export function hostMatches(hostname: string, domain: string): boolean {
  const host = hostname.toLowerCase().replace(/^www\./, '');
  return host === domain || host.endsWith(`.${domain}`);
}

const ALL_MUSIC_HOSTS: readonly string[] = Object.values(MUSIC_LINK_HOSTS).flat();

/** True when the link points at a fan-link service, a streaming service, a music store or an audio sharing site. */
export function isMusicLink(link: string | null | undefined): boolean {
  if (!link) return false;
  const url = parseHttpUrl(link);
  return url !== null && ALL_MUSIC_HOSTS.some((domain) => hostMatches(url.hostname, domain));
}

/** `ep`, `album` or `single` as a word of its own: "Deep Sleep" is not a release, "Night EP" is. */
const RELEASE_WORD = /(?<![\p{L}\p{N}])(?:ep|album|single)(?![\p{L}\p{N}])/iu;

/**
 * The words' letters in a row, looked for first: most titles have none, and the pattern above is
 * compiled at its first use, its Unicode classes costing a phone at 4× CPU about 14 ms of the
 * photo page's takeover. `ſ` is there because the pattern, ignoring case in Unicode, reads it as s.
 */
const RELEASE_LETTERS = /ep|album|[sſ]ingle/i;

export function hasReleaseTitle(title: string): boolean {
  return RELEASE_LETTERS.test(title) && RELEASE_WORD.test(title);
}

export function isMusicRelease(photo: { title: string; hyperlink: string | null }): boolean {
  return isMusicLink(photo.hyperlink) || hasReleaseTitle(photo.title);
}
