import type { AppContext } from '#server/app-context.ts';
import { fileKeyOfOriginal, isFileKey, photoFileNames } from '#server/storage/file-names.ts';

/**
 * Originals stored before their names got a random second part are `<key>.<ext>`: anyone who sees a
 * public `uploads/<key>.jpg` can name them. This gives each such original a name of today's shape
 * (copied whole, then the old name removed), so a bucket made public exposes none of them. Photos
 * find their original by the key prefix, so nothing else changes. Safe to run again, and while the
 * site serves: an original is readable under one of its two names at every moment.
 */
export async function renameGuessableOriginals(ctx: Pick<AppContext, 'media'>): Promise<number> {
  const { originals } = ctx.media;
  const guessable: string[] = [];
  for await (const file of originals.list()) {
    const dot = file.name.indexOf('.');
    if (dot === 32 && isFileKey(file.name.slice(0, 32))) guessable.push(file.name);
  }
  let renamed = 0;
  for (const name of guessable) {
    const opened = await originals.open(name);
    if (!opened) continue; // deleted with its photo meanwhile
    await originals.put(photoFileNames.original(fileKeyOfOriginal(name), name.slice(33)), opened.stream);
    await originals.delete(name);
    renamed += 1;
  }
  return renamed;
}
