import { describe, expect, it } from 'vitest';
import { EMBED_FRAME_ORIGINS, hasReleaseTitle, isMusicLink, isMusicRelease } from './music.ts';
import { fallbackFanLink, musicEmbedFor, musicServiceName } from './music-embed.ts';

describe('hasReleaseTitle', () => {
  it.each(['Night Drive EP', 'the ep', 'Debut Album', 'ALBUM', 'New single!', 'EP: Tides', 'Single (2024)', 'Sommer-EP', 'Neue ſingle'])(
    'counts "%s" as a release',
    (title) => expect(hasReleaseTitle(title)).toBe(true),
  );
  it.each(['Deep Sleep', 'Steps', 'Albums of the year', 'Singles bar', 'Keeper', 'Epilogue', 'Épreuve', 'Singled out'])(
    'does not count "%s"',
    (title) => expect(hasReleaseTitle(title)).toBe(false),
  );
});

describe('isMusicLink', () => {
  it.each([
    'https://open.spotify.com/album/4aawyAB9vmqN3uQ7FjRGTy',
    'https://music.apple.com/us/album/x/1440857781',
    'https://www.deezer.com/album/302127',
    'https://tidal.com/browse/album/77640617',
    'https://listen.tidal.com/album/77640617',
    'https://music.youtube.com/watch?v=dQw4w9WgXcQ',
    'https://music.amazon.com/albums/B0B1',
    'https://artist.bandcamp.com/album/tides',
    'https://www.beatport.com/release/x/123',
    'https://itunes.apple.com/us/album/id123',
    'https://soundcloud.com/artist/track',
    'https://audiomack.com/artist/song/x',
    'https://www.mixcloud.com/artist/mix/',
    'https://artist.lnk.to/release',
    'https://ffm.to/release',
    'https://hypeddit.com/track/abc',
    'https://www.toneden.io/x/post/y',
    'https://li.sten.to.linkfire.com/x',
    'https://ditto.feature.fm/x',
  ])('%s is a music link', (link) => expect(isMusicLink(link)).toBe(true));

  it.each([
    'https://example.com/album',
    'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
    'https://notspotify.com/album/1',
    'https://spotify.com.evil.example/album/1',
    'javascript:alert(1)',
    'not a url',
    '',
  ])('%s is not a music link', (link) => expect(isMusicLink(link)).toBe(false));

  it('treats a missing link as none', () => {
    expect(isMusicLink(null)).toBe(false);
    expect(isMusicLink(undefined)).toBe(false);
  });
});

describe('isMusicRelease', () => {
  it('counts a release by its link or by its title', () => {
    expect(isMusicRelease({ title: 'Sunset', hyperlink: 'https://open.spotify.com/track/4uLU6hMCjMI75M1A2tKUQC' })).toBe(true);
    expect(isMusicRelease({ title: 'Tides EP', hyperlink: null })).toBe(true);
    expect(isMusicRelease({ title: 'Deep Sleep', hyperlink: 'https://example.com/deep' })).toBe(false);
  });
});

describe('musicEmbedFor', () => {
  it('rewrites Spotify links to the embed form with utm_source and theme=0', () => {
    for (const link of [
      'https://open.spotify.com/album/4aawyAB9vmqN3uQ7FjRGTy?si=abc',
      'https://open.spotify.com/intl-de/album/4aawyAB9vmqN3uQ7FjRGTy',
      'https://open.spotify.com/embed/album/4aawyAB9vmqN3uQ7FjRGTy',
    ]) {
      expect(musicEmbedFor(link)).toEqual({
        provider: 'spotify',
        embedUrl: 'https://open.spotify.com/embed/album/4aawyAB9vmqN3uQ7FjRGTy?utm_source=generator&theme=0',
        serviceName: 'Spotify',
      });
    }
    expect(musicEmbedFor('https://open.spotify.com/track/4uLU6hMCjMI75M1A2tKUQC')?.embedUrl).toBe(
      'https://open.spotify.com/embed/track/4uLU6hMCjMI75M1A2tKUQC?utm_source=generator&theme=0',
    );
  });

  it('builds Apple Music, SoundCloud and YouTube players from the parsed ids', () => {
    expect(musicEmbedFor('https://music.apple.com/us/album/the-album/1440857781?i=1440857788')?.embedUrl).toBe(
      'https://embed.music.apple.com/us/album/the-album/1440857781?i=1440857788',
    );
    expect(musicEmbedFor('https://music.apple.com/gb/playlist/pl.u-abc123')?.embedUrl).toBe(
      'https://embed.music.apple.com/gb/playlist/pl.u-abc123',
    );
    expect(musicEmbedFor('https://soundcloud.com/artist-name/a-track?si=1')?.embedUrl).toBe(
      'https://w.soundcloud.com/player/?url=https%3A%2F%2Fsoundcloud.com%2Fartist-name%2Fa-track&auto_play=false&visual=true',
    );
    expect(musicEmbedFor('https://soundcloud.com/artist/sets/the-ep')?.provider).toBe('soundcloud');
    for (const link of [
      'https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=10',
      'https://youtu.be/dQw4w9WgXcQ',
      'https://music.youtube.com/watch?v=dQw4w9WgXcQ',
      'https://www.youtube.com/shorts/dQw4w9WgXcQ',
    ]) {
      expect(musicEmbedFor(link)?.embedUrl).toBe('https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ');
    }
    expect(musicEmbedFor('https://music.youtube.com/playlist?list=OLAK5uy_abcdefghijk')?.embedUrl).toBe(
      'https://www.youtube-nocookie.com/embed/videoseries?list=OLAK5uy_abcdefghijk',
    );
    expect(musicEmbedFor('https://music.youtube.com/watch?v=dQw4w9WgXcQ')?.serviceName).toBe('YouTube Music');
  });

  it('embeds Bandcamp only from a link that carries the album or track id', () => {
    expect(musicEmbedFor('https://bandcamp.com/EmbeddedPlayer/album=1234567/size=large/')?.embedUrl).toBe(
      'https://bandcamp.com/EmbeddedPlayer/album=1234567/size=large/bgcol=ffffff/linkcol=0687f5/tracklist=true/transparent=true/',
    );
    expect(musicEmbedFor('https://bandcamp.com/EmbeddedPlayer/v=2/track=42/')?.embedUrl).toContain('/track=42/');
    expect(musicEmbedFor('https://artist.bandcamp.com/album/tides')).toBeNull();
  });

  it('frames nothing it cannot rebuild: other services, look-alike hosts and crafted ids', () => {
    for (const link of [
      'https://www.deezer.com/album/302127',
      'https://artist.lnk.to/release',
      'https://open.spotify.com.evil.example/album/4aawyAB9vmqN3uQ7FjRGTy',
      'https://open.spotify.com/album/"><script>',
      'https://open.spotify.com/album/4aawyAB9vmqN3uQ7FjRGTy/../../evil',
      'https://music.apple.com/us/album/a/b/c/1440857781',
      'https://music.apple.com/us/album/x/javascript:alert(1)',
      'https://www.youtube.com/watch?v=short',
      'https://www.youtube.com/redirect?q=https://evil.example',
      'https://soundcloud.com/artist',
      'https://on.soundcloud.com/abc',
      'javascript:alert(1)',
      'https://example.com/album',
      null,
    ]) {
      expect(musicEmbedFor(link), String(link)).toBeNull();
    }
  });

  it('only ever builds player URLs on the framed origins', () => {
    const links = [
      'https://open.spotify.com/album/4aawyAB9vmqN3uQ7FjRGTy',
      'https://music.apple.com/us/album/x/1',
      'https://soundcloud.com/a/b',
      'https://youtu.be/dQw4w9WgXcQ',
      'https://bandcamp.com/EmbeddedPlayer/album=1/',
    ];
    for (const link of links) {
      const embed = musicEmbedFor(link);
      expect(embed).not.toBeNull();
      expect(EMBED_FRAME_ORIGINS).toContain(new URL(embed?.embedUrl ?? '').origin);
    }
  });
});

describe('musicServiceName', () => {
  it('names the service of a link, or null', () => {
    expect(musicServiceName('https://www.deezer.com/album/1')).toBe('Deezer');
    expect(musicServiceName('https://music.amazon.de/albums/1')).toBe('Amazon Music');
    expect(musicServiceName('https://artist.bandcamp.com/album/x')).toBe('Bandcamp');
    expect(musicServiceName('https://artist.lnk.to/x')).toBeNull();
  });
});

describe('fallbackFanLink', () => {
  it("uses the owner's link page when set", () => {
    expect(fallbackFanLink({ title: 'Tides EP' }, { linktreeUrl: 'https://linktr.ee/me', portfolioTitle: 'Me' })).toEqual({
      url: 'https://linktr.ee/me',
      label: 'Open fan link',
    });
  });

  it('otherwise searches the release on Spotify', () => {
    expect(fallbackFanLink({ title: 'Tides EP' }, { linktreeUrl: null, portfolioTitle: 'Ada & Co' })).toEqual({
      url: 'https://open.spotify.com/search/Ada%20%26%20Co%20Tides%20EP',
      label: 'Find on Spotify',
    });
    expect(fallbackFanLink({ title: 'Tides EP' }, null).url).toBe('https://open.spotify.com/search/Tides%20EP');
  });
});
