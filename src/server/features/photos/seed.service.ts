import { randomBytes } from 'node:crypto';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Photo, Track } from '#contract/photos.ts';
import { drawDemoBanner, drawDemoCover, drawDemoPhoto } from '#server/images/demo-images.ts';
import type { Media } from '#server/images/media.ts';
import { bannerExists, uploadBanner } from '#server/features/banner/banner.service.ts';
import { createCategory, listCategories } from '#server/features/categories/categories.service.ts';
import { updatePortfolioSettings } from '#server/features/owner/owner.service.ts';
import { reorderPhotos, updatePhoto, type PhotosContext } from './photos.service.ts';
import { addPhotos } from './upload.service.ts';
import { countPhotos } from './photos.repository.ts';

export const DEMO_CATEGORIES = [
  { name: 'Landscapes', description: 'Hills, coasts and skies at the edges of the day.' },
  { name: 'Portraits', description: 'Tall frames for people and places that stand upright.' },
  { name: 'Abstract', description: 'Colour studies: light, shape and nothing else.' },
  { name: 'Music', description: 'Releases, with their cover art.' },
] as const;

/** A five-track EP, as real data: the music layout of the portfolio shows it. */
export const DEMO_RELEASE = {
  title: 'Night Drive EP',
  description: 'Five instrumentals recorded between midnight and dawn.',
  tracks: [
    { title: 'Ignition', duration: '01:35' },
    { title: 'Night Drive', duration: '02:30' },
    { title: 'Sodium Lights', duration: '01:52' },
    { title: 'Overpass', duration: '02:39' },
    { title: 'Dawn Exit', duration: '01:34' },
  ] satisfies Track[],
};

const ADJECTIVES = ['Amber', 'Quiet', 'Distant', 'Golden', 'Silver', 'Northern', 'Hidden', 'Low', 'Cold', 'Open'];
const NOUNS = ['Ridge', 'Harbour', 'Field', 'Horizon', 'Valley', 'Shore', 'Tide', 'Meadow', 'Pass', 'Light'];

export function demoTitle(index: number): string {
  const title = `${ADJECTIVES[index % ADJECTIVES.length]} ${NOUNS[Math.floor(index / ADJECTIVES.length) % NOUNS.length]}`;
  return index < ADJECTIVES.length * NOUNS.length ? title : `${title} ${Math.floor(index / 100) + 1}`;
}

export interface SeedOptions {
  photos: number;
  /** Called after each stored photo. */
  onProgress?: (done: number, total: number) => void;
}

export interface SeedSummary {
  categories: number;
  photos: number;
  release: string;
}

export class SiteNotEmptyError extends Error {
  override name = 'SiteNotEmptyError';
}

/** Draws an image into the temp folder, stores it through the upload path, and removes it. */
async function addDrawnPhoto(ctx: PhotosContext, userId: number, title: string, image: Buffer): Promise<Photo> {
  const file = path.join(ctx.media.upload.tmpDir, `seed-${randomBytes(8).toString('hex')}`);
  await fsp.mkdir(ctx.media.upload.tmpDir, { recursive: true });
  await fsp.writeFile(file, image);
  try {
    const outcome = await addPhotos(ctx, userId, [{ name: `${title}.jpg`, path: file, tooLarge: false }]);
    const [photo] = outcome.photos;
    if (!photo) throw new Error(`The demo image "${title}" was refused: ${outcome.message}`);
    return photo;
  } finally {
    await fsp.rm(file, { force: true });
  }
}

async function setDemoBanner(ctx: PhotosContext, media: Media, userId: number): Promise<void> {
  const file = path.join(media.upload.tmpDir, `seed-${randomBytes(8).toString('hex')}`);
  await fsp.writeFile(file, await drawDemoBanner());
  try {
    const { filename } = await uploadBanner(ctx, { path: file, tooLarge: false });
    await updatePortfolioSettings(
      ctx,
      userId,
      { bannerImage: filename },
      { bannerExists: (name) => bannerExists(media.uploads, name) },
    );
  } finally {
    await fsp.rm(file, { force: true });
  }
}

/**
 * Fills an empty site with demo content through the same services the API uses: categories,
 * generated photos spread over them (a few left in the photo bank), the EP with its track list,
 * the about text, social links and a banner.
 */
export async function seedDemoContent(ctx: PhotosContext, userId: number, options: SeedOptions): Promise<SeedSummary> {
  if ((await countPhotos(ctx.db, userId)) > 0 || (await listCategories(ctx, userId)).length > 0) {
    throw new SiteNotEmptyError('The site already has photos or categories; seed fills an empty site only.');
  }
  const categories = [];
  for (const [order, category] of DEMO_CATEGORIES.entries()) {
    categories.push(await createCategory(ctx, userId, { ...category, order }));
  }
  const music = categories.at(-1)!;
  const galleries = categories.slice(0, -1);

  const total = options.photos + 1;
  const photos: Photo[] = [];
  // A few at a time: the image processor runs them side by side.
  const batch = Math.max(1, ctx.media.images.concurrency);
  for (let start = 0; start < options.photos; start += batch) {
    const indexes = Array.from({ length: Math.min(batch, options.photos - start) }, (_, offset) => start + offset);
    const drawn = indexes.map(async (index) => addDrawnPhoto(ctx, userId, demoTitle(index), await drawDemoPhoto(index)));
    photos.push(...(await Promise.all(drawn)));
    options.onProgress?.(photos.length, total);
  }
  const release = await addDrawnPhoto(ctx, userId, DEMO_RELEASE.title, await drawDemoCover());
  options.onProgress?.(total, total);
  await updatePhoto(ctx, userId, release.id, {
    title: DEMO_RELEASE.title,
    description: DEMO_RELEASE.description,
    hyperlink: null,
    tracks: DEMO_RELEASE.tracks,
  });

  // Every fourth photo stays in the photo bank; the rest go round the galleries in turn.
  const orders = new Map<number, number>();
  const photoUpdates = photos.map((photo, index) => {
    const categoryId = index % 4 === 3 ? null : galleries[index % galleries.length]!.id;
    const order = orders.get(categoryId ?? 0) ?? 0;
    orders.set(categoryId ?? 0, order + 1);
    return { id: photo.id, order, categoryId };
  });
  photoUpdates.push({ id: release.id, order: 0, categoryId: music.id });
  await reorderPhotos(ctx, userId, { photoUpdates });
  for (const [index, photo] of photos.entries()) {
    if (index % 3 !== 0) continue;
    await updatePhoto(ctx, userId, photo.id, {
      title: photo.title,
      description: `Demo photograph no. ${index + 1}, drawn by the seed command.`,
      hyperlink: index % 6 === 0 ? 'https://example.com/projects' : null,
    });
  }

  await updatePortfolioSettings(ctx, userId, {
    portfolioTitle: 'Northlight Studio',
    portfolioSubtitle: 'Photographs and music by a demo creator',
    aboutText:
      'This site was filled by the seed command. Every picture here was drawn by the server itself, ' +
      'so you can try the gallery, the photo pages and the admin area before adding your own work.',
    showContactForm: true,
    twitterUrl: 'https://twitter.com/atelier_demo',
    substackUrl: 'https://atelier-demo.substack.com',
    linktreeUrl: 'https://linktr.ee/atelier_demo',
  });
  await setDemoBanner(ctx, ctx.media, userId);

  return { categories: categories.length, photos: photos.length, release: DEMO_RELEASE.title };
}
