import { PHOTO_TITLE_MAX } from '#contract/photos.ts';

const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/**
 * A title with the prefix before it, or null when it starts with the prefix already (applied
 * twice, it is not doubled). Longer than PHOTO_TITLE_MAX, the old title is cut at its end, at a
 * whole character (an accent or an emoji is never split), without a trailing space; the prefix
 * stays whole.
 */
export function prefixedTitle(title: string, prefix: string): { title: string; shortened: boolean } | null {
  if (title.startsWith(prefix)) return null;
  const joined = prefix + title;
  if (joined.length <= PHOTO_TITLE_MAX) return { title: joined, shortened: false };
  let cut = '';
  for (const { segment } of graphemes.segment(joined)) {
    if (cut.length + segment.length > PHOTO_TITLE_MAX) break;
    cut += segment;
  }
  return { title: cut.trimEnd(), shortened: true };
}
