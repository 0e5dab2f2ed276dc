/**
 * How a release's link plays (spec §4): the embed player the streaming dialog frames, the
 * service's name and the fallback fan link. Apart from `music.ts` because only the streaming
 * dialog needs it: the portfolio's first load tells releases apart and no more.
 */
import { hostMatches, parseHttpUrl } from './music.ts';

/** The 600 px iframe area of the streaming dialog (spec §4). */
export const EMBED_HEIGHT = 600;

export type EmbedProvider = 'spotify' | 'apple-music' | 'soundcloud' | 'youtube' | 'bandcamp';

export interface MusicEmbed {
  provider: EmbedProvider;
  /** The player's URL, rebuilt from the ids parsed out of the link; never the link itself. */
  embedUrl: string;
  /** The service's name, for "Open in {service}". */
  serviceName: string;
}

const SPOTIFY_TYPES = new Set(['album', 'track', 'playlist', 'artist', 'episode', 'show']);
const SPOTIFY_ID = /^[A-Za-z0-9]{22}$/;

function spotifyEmbed(url: URL): MusicEmbed | null {
  if (url.hostname.toLowerCase() !== 'open.spotify.com') return null;
  // /album/{id}, /intl-de/album/{id} and /embed/album/{id} all name the same release.
  const segments = url.pathname.split('/').filter(Boolean);
  const start = segments.findIndex((segment) => SPOTIFY_TYPES.has(segment));
  const type = segments[start];
  const id = segments[start + 1];
  if (start < 0 || !type || !id || !SPOTIFY_ID.test(id)) return null;
  return {
    provider: 'spotify',
    embedUrl: `https://open.spotify.com/embed/${type}/${id}?utm_source=generator&theme=0`,
    serviceName: 'Spotify',
  };
}

const APPLE_TYPES = new Set(['album', 'playlist', 'song', 'music-video']);
const APPLE_STOREFRONT = /^[a-z]{2}$/;
const APPLE_ID = /^(?:\d{1,20}|pl\.[A-Za-z0-9-]{1,64}|ra\.[A-Za-z0-9-]{1,64})$/;
const SLUG = /^[\p{L}\p{N}_.~-]{1,200}$/u;

function appleMusicEmbed(url: URL): MusicEmbed | null {
  const host = url.hostname.toLowerCase();
  if (host !== 'music.apple.com' && host !== 'embed.music.apple.com') return null;
  // /{storefront}/{type}/{slug}/{id}, the slug being optional.
  const segments = url.pathname.split('/').filter(Boolean).map(safeDecode);
  const [storefront, type, ...rest] = segments;
  const id = rest.at(-1);
  const slug = rest.length === 2 ? rest[0] : undefined;
  if (!storefront || !APPLE_STOREFRONT.test(storefront) || !type || !APPLE_TYPES.has(type)) return null;
  if (!id || !APPLE_ID.test(id) || rest.length > 2 || (slug !== undefined && !SLUG.test(slug))) return null;
  const path = [storefront, type, ...(slug ? [slug] : []), id].map(encodeURIComponent).join('/');
  // ?i= picks one song of an album.
  const song = url.searchParams.get('i');
  const query = song && /^\d{1,20}$/.test(song) ? `?i=${song}` : '';
  return {
    provider: 'apple-music',
    embedUrl: `https://embed.music.apple.com/${path}${query}`,
    serviceName: 'Apple Music',
  };
}

const SOUNDCLOUD_SEGMENT = /^[A-Za-z0-9_-]{1,100}$/;

function soundCloudEmbed(url: URL): MusicEmbed | null {
  const host = url.hostname.toLowerCase();
  if (host !== 'soundcloud.com' && host !== 'www.soundcloud.com' && host !== 'm.soundcloud.com') return null;
  // /{user}/{track} or /{user}/sets/{playlist}; short on.soundcloud.com links name nothing we can parse.
  const segments = url.pathname.split('/').filter(Boolean);
  const isTrack = segments.length === 2;
  const isSet = segments.length === 3 && segments[1] === 'sets';
  if (!(isTrack || isSet) || !segments.every((segment) => SOUNDCLOUD_SEGMENT.test(segment))) return null;
  const canonical = `https://soundcloud.com/${segments.join('/')}`;
  return {
    provider: 'soundcloud',
    embedUrl: `https://w.soundcloud.com/player/?url=${encodeURIComponent(canonical)}&auto_play=false&visual=true`,
    serviceName: 'SoundCloud',
  };
}

const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;
const YOUTUBE_LIST = /^[A-Za-z0-9_-]{10,64}$/;

function youTubeEmbed(url: URL): MusicEmbed | null {
  const host = url.hostname.toLowerCase().replace(/^(?:www|m)\./, '');
  const serviceName = host === 'music.youtube.com' ? 'YouTube Music' : 'YouTube';
  let id: string | null | undefined;
  if (host === 'youtu.be') {
    id = url.pathname.split('/')[1];
  } else if (host === 'youtube.com' || host === 'music.youtube.com' || host === 'youtube-nocookie.com') {
    const [first, second] = url.pathname.split('/').filter(Boolean);
    if (first === 'watch') id = url.searchParams.get('v');
    else if (first === 'embed' || first === 'shorts' || first === 'live') id = second;
    else if (first === 'playlist') id = null;
    else return null;
  } else {
    return null;
  }
  if (id && YOUTUBE_ID.test(id)) {
    return { provider: 'youtube', embedUrl: `https://www.youtube-nocookie.com/embed/${id}`, serviceName };
  }
  const list = url.searchParams.get('list');
  if (list && YOUTUBE_LIST.test(list)) {
    return {
      provider: 'youtube',
      embedUrl: `https://www.youtube-nocookie.com/embed/videoseries?list=${list}`,
      serviceName,
    };
  }
  return null;
}

/** A Bandcamp page URL carries no id; only a link to its embedded player does (album=… or track=…). */
function bandcampEmbed(url: URL): MusicEmbed | null {
  if (url.hostname.toLowerCase() !== 'bandcamp.com') return null;
  const match = /^\/EmbeddedPlayer\/(?:.*\/)?(album|track)=(\d{1,20})(?:\/|$)/i.exec(url.pathname);
  if (!match) return null;
  const [, kind, id] = match;
  return {
    provider: 'bandcamp',
    embedUrl: `https://bandcamp.com/EmbeddedPlayer/${kind?.toLowerCase()}=${id}/size=large/bgcol=ffffff/linkcol=0687f5/tracklist=true/transparent=true/`,
    serviceName: 'Bandcamp',
  };
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/**
 * The embed player for a release link, or null when the link is not one the streaming dialog may
 * frame (the dialog then offers the link to open instead). Every player URL is rebuilt from the
 * parsed ids, so a crafted link can never put another page in the iframe.
 */
export function musicEmbedFor(link: string | null | undefined): MusicEmbed | null {
  if (!link) return null;
  const url = parseHttpUrl(link);
  if (!url) return null;
  return spotifyEmbed(url) ?? appleMusicEmbed(url) ?? soundCloudEmbed(url) ?? youTubeEmbed(url) ?? bandcampEmbed(url);
}

/** The service a link belongs to, by name, for an "Open in …" label; null when unknown. */
export function musicServiceName(link: string): string | null {
  const url = parseHttpUrl(link);
  if (!url) return null;
  const names: [string, string][] = [
    ['music.youtube.com', 'YouTube Music'],
    ['music.apple.com', 'Apple Music'],
    ['itunes.apple.com', 'iTunes'],
    ['spotify.com', 'Spotify'],
    ['spotify.link', 'Spotify'],
    ['deezer.com', 'Deezer'],
    ['tidal.com', 'Tidal'],
    ['bandcamp.com', 'Bandcamp'],
    ['beatport.com', 'Beatport'],
    ['soundcloud.com', 'SoundCloud'],
    ['audiomack.com', 'Audiomack'],
    ['mixcloud.com', 'Mixcloud'],
    ['youtube.com', 'YouTube'],
    ['youtu.be', 'YouTube'],
  ];
  if (url.hostname.toLowerCase().startsWith('music.amazon.')) return 'Amazon Music';
  return names.find(([domain]) => hostMatches(url.hostname, domain))?.[1] ?? null;
}

export const SPOTIFY_SEARCH_URL = 'https://open.spotify.com/search/';

/**
 * Where a release without a link of its own sends the visitor (spec §4: "a default fallback fan
 * link"): the owner's link page when they have set one, otherwise a search for the release on
 * the main streaming service, which finds it wherever it is released and invents nothing.
 */
export function fallbackFanLink(
  release: { title: string },
  owner: { linktreeUrl: string | null; portfolioTitle: string | null } | null | undefined,
): { url: string; label: string } {
  if (owner?.linktreeUrl) return { url: owner.linktreeUrl, label: 'Open fan link' };
  const terms = [owner?.portfolioTitle, release.title].filter(Boolean).join(' ');
  return { url: `${SPOTIFY_SEARCH_URL}${encodeURIComponent(terms)}`, label: 'Find on Spotify' };
}
