import type { APIRequestContext, Page } from '@playwright/test';
import sharp from 'sharp';
import type { Category } from '#contract/categories.ts';
import type { Photo, Track, UploadPhotosResponse } from '#contract/photos.ts';
import type { PortfolioSettingsUpdate } from '#contract/portfolio.ts';
import { axeViolations } from './axe.ts';
import { expect, OWNER_PASSWORD, OWNER_USERNAME, test as base } from './fixtures.ts';
import { api, pathTo } from '#contract/routes.ts';

/**
 * The owner's API session, apart from the page: tests build their data through it and look at
 * the site as a visitor (the page has no session cookie) unless they sign the page in.
 */
export const test = base.extend<{ owner: OwnerApi }>({
  owner: async ({ playwright, baseURL }, use) => {
    const request = await playwright.request.newContext({ baseURL });
    const login = await request.post(api.login, { data: { username: OWNER_USERNAME, password: OWNER_PASSWORD } });
    expect(login.status(), await login.text()).toBe(200);
    const owner = new OwnerApi(request);
    // Each test starts from an empty portfolio: the page draws only its first tiles at once, so
    // what earlier tests on this worker's server left could push this test's sections out of it.
    await owner.clearPortfolio();
    await use(owner);
    await request.dispose();
  },
});

export { expect };

/** A name no other test of the worker's shared server uses. */
export function uniqueName(base: string): string {
  return `${base} ${Math.random().toString(36).slice(2, 8)}`;
}

export interface ImageSpec {
  width?: number;
  height?: number;
  /** The left half's colour; the right half is dark blue. */
  color?: string;
}

/** A JPEG drawn on the spot: nothing binary lives in the repository. */
export function jpegBuffer({ width = 800, height = 600, color = '#d0502a' }: ImageSpec = {}): Promise<Buffer> {
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">` +
    `<rect width="${width / 2}" height="${height}" fill="${color}"/>` +
    `<rect x="${width / 2}" width="${width / 2}" height="${height}" fill="#1d2f6f"/></svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer();
}

export interface PhotoFields {
  title: string;
  description?: string | null;
  hyperlink?: string | null;
  tracks?: Track[] | null;
}

export class OwnerApi {
  constructor(readonly request: APIRequestContext) {}

  private async ok<T>(response: Awaited<ReturnType<APIRequestContext['get']>>, status = 200): Promise<T> {
    expect(response.status(), await response.text()).toBe(status);
    return (await response.json()) as T;
  }

  /** Uploads one generated image and gives it its title, description, link and tracks. */
  async createPhoto(fields: PhotoFields, image: ImageSpec = {}): Promise<Photo> {
    const upload = await this.request.post(api.photosUpload, {
      multipart: { photos: { name: 'upload.jpg', mimeType: 'image/jpeg', buffer: await jpegBuffer(image) } },
    });
    const [photo] = (await this.ok<UploadPhotosResponse>(upload, 201)).photos;
    if (!photo) throw new Error('the upload stored no photo');
    return this.updatePhoto(photo.id, fields);
  }

  /** Uploads `count` small generated images in one request; titles come from their file names. */
  async uploadPhotos(count: number): Promise<Photo[]> {
    const image = await jpegBuffer({ width: 64, height: 48 });
    const form = new FormData();
    for (let index = 0; index < count; index += 1) {
      form.append('photos', new Blob([new Uint8Array(image)], { type: 'image/jpeg' }), `tile-${index + 1}.jpg`);
    }
    const photos = (await this.ok<UploadPhotosResponse>(await this.request.post(api.photosUpload, { multipart: form }), 201)).photos;
    expect(photos).toHaveLength(count);
    return photos;
  }

  async updatePhoto(id: number, fields: PhotoFields): Promise<Photo> {
    return this.ok<Photo>(await this.request.put(pathTo(api.photo, { id: id }), { data: fields }));
  }

  async createCategory(name: string, description?: string): Promise<Category> {
    const existing = await this.ok<Category[]>(await this.request.get(api.categories));
    const response = await this.request.post(api.categories, {
      data: { name, order: existing.length, ...(description ? { description } : {}) },
    });
    return this.ok<Category>(response, 201);
  }

  /** Puts the photos in `categoryId` (null: the photo bank) in the given order. */
  async placePhotos(photos: Photo[], categoryId: number | null): Promise<void> {
    await this.ok(
      await this.request.put(api.photosReorder, {
        data: { photoUpdates: photos.map((photo, order) => ({ id: photo.id, order, categoryId })) },
      }),
    );
  }

  /** Sets exactly these settings; the others are cleared, so no earlier test shows through. */
  async setSettings(settings: PortfolioSettingsUpdate): Promise<void> {
    await this.ok(
      await this.request.patch(api.portfolioSettings, {
        data: {
          portfolioTitle: null,
          portfolioSubtitle: null,
          aboutText: null,
          showContactForm: false,
          showCameraDetails: false,
          bannerImage: null,
          twitterUrl: null,
          substackUrl: null,
          linktreeUrl: null,
          themeDefault: 'system',
          topBarBrand: 'product',
          headingFont: 'sans',
          compactTopBar: false,
          defaultLanguage: 'en',
          languages: ['en'],
          ...settings,
        },
      }),
    );
  }

  /** Uploads a generated banner and returns its stored name. */
  async uploadBanner(): Promise<string> {
    const response = await this.request.post(api.uploadBanner, {
      multipart: { banner: { name: 'banner.jpg', mimeType: 'image/jpeg', buffer: await jpegBuffer({ width: 1200, height: 400, color: '#4a7a3a' }) } },
    });
    return (await this.ok<{ filename: string }>(response, 201)).filename;
  }

  /** Deletes every photo and category: for the tests of an empty portfolio. */
  async clearPortfolio(): Promise<void> {
    for (const photo of await this.ok<Photo[]>(await this.request.get(api.photos))) {
      await this.ok(await this.request.delete(pathTo(api.photo, { id: photo.id })));
    }
    for (const category of await this.ok<Category[]>(await this.request.get(api.categories))) {
      await this.ok(await this.request.delete(pathTo(api.category, { id: category.id })));
    }
  }
}

/** The section of a category (or "Other"), found by its heading. */
export function section(page: Page, name: string) {
  return page.getByRole('region', { name: new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`, 'i') });
}

/** The tile of a photo: a button named by its title ("Play …" for a release). */
export function tile(page: Page, title: string) {
  return page.getByRole('button', { name: title, exact: true });
}

export async function expectNoSeriousViolations(page: Page): Promise<void> {
  expect(await axeViolations(page, { seriousOnly: true })).toEqual([]);
}

/** Waits until every image in `scope` has finished loading (or failed). */
export async function imagesSettled(page: Page): Promise<void> {
  await page.waitForFunction(() => [...document.images].every((image) => image.complete));
}
