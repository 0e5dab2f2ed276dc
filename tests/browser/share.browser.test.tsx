import { afterEach, describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import { MessageResponse } from '#contract/common.ts';
import { PhotoPage } from '#contract/photo-pages.ts';
import { PhotoWithCategory, type Photo } from '#contract/photos.ts';
import { api, pathTo, screens } from '#contract/routes.ts';
import { dismissToast } from '#client/components/ui/use-toast.ts';
import { makeCategory, makePhoto } from '#tests/fixtures/contract.ts';
import { reply, serveContract, type ContractServer } from './contract-fetch.ts';
import { renderApp, unmountApp } from './render-app.tsx';
import { siteHandlers } from './site.ts';
import { toast } from './toasts.ts';

/**
 * Share, from the photo dialog and the photo page: the device's share sheet when it has one, else
 * (or when it fails) the link copied, and said so. The browser's share sheet and clipboard are
 * stood in for, as a test cannot press a system sheet's buttons nor read the system clipboard
 * from the test's frame; what the page hands them is what counts.
 */

let server: ContractServer | undefined;
const putBack: Array<() => void> = [];
afterEach(() => {
  dismissToast();
  unmountApp();
  server?.restore();
  for (const restore of putBack.splice(0)) restore();
});

/** Replaces a browser API on its prototype for this test. */
function standIn(prototype: object, name: string, value: unknown) {
  const descriptor = Object.getOwnPropertyDescriptor(prototype, name);
  Object.defineProperty(prototype, name, { configurable: true, writable: true, value });
  putBack.push(() => (descriptor ? Object.defineProperty(prototype, name, descriptor) : Reflect.deleteProperty(prototype, name)));
}

/** What the page wrote to the clipboard. */
function clipboardStandIn(): string[] {
  const copied: string[] = [];
  standIn(Clipboard.prototype, 'writeText', (text: string) => {
    copied.push(text);
    return Promise.resolve();
  });
  return copied;
}

const category = { ...makeCategory(3, 0), name: 'Shared' };
const photo: Photo = { ...makePhoto(11, category.id, 0), title: 'Harbour at dawn', description: 'Worth a look' };
const photoPageUrl = () => `${window.location.origin}${pathTo(screens.photo, { id: photo.id })}`;

function serveSite() {
  server = serveContract({
    ...siteHandlers({ owner: { showContactForm: false }, categories: [category], photos: [photo] }),
    [`GET ${api.photo}`]: () => reply(PhotoWithCategory, { ...photo, category: { id: category.id, name: category.name } }),
    [`GET ${api.photoPage}`]: () => reply(PhotoPage, { photos: [photo], total: 1, offset: 0, next: null }),
    [`POST ${api.events}`]: () => reply(MessageResponse, { message: 'Thank you' }, 202),
  });
}

describe('share', () => {
  it('copies the photo page link and says so when the device cannot share', async () => {
    standIn(Navigator.prototype, 'share', undefined);
    const copied = clipboardStandIn();
    serveSite();
    await renderApp(screens.home);

    await page.getByRole('button', { name: photo.title, exact: true }).click();
    await page.getByRole('dialog', { name: photo.title }).getByRole('button', { name: 'Share' }).click();
    const copiedToast = toast('Link copied');
    await expect.element(copiedToast).toBeVisible();
    await expect.element(copiedToast).toHaveTextContent('Photo link copied to clipboard');
    expect(copied).toEqual([photoPageUrl()]);
  });

  it("uses the device's share sheet with the title, description and link", async () => {
    const shared: ShareData[] = [];
    standIn(Navigator.prototype, 'share', (data: ShareData) => {
      shared.push(data);
      return Promise.resolve();
    });
    standIn(Navigator.prototype, 'canShare', () => true);
    serveSite();
    await renderApp(pathTo(screens.photo, { id: photo.id }));

    await page.getByRole('button', { name: 'Share' }).click();
    await expect.poll(() => shared).toEqual([{ title: photo.title, text: 'Worth a look', url: photoPageUrl() }]);
    expect(toast('Link copied').elements()).toHaveLength(0);
  });

  it('falls back to copying when the share sheet fails', async () => {
    standIn(Navigator.prototype, 'share', () => Promise.reject(new DOMException('Permission denied', 'NotAllowedError')));
    const copied = clipboardStandIn();
    serveSite();
    await renderApp(pathTo(screens.photo, { id: photo.id }));

    await page.getByRole('button', { name: 'Share' }).click();
    await expect.element(toast('Link copied')).toHaveTextContent('Photo link copied to clipboard');
    expect(copied).toEqual([photoPageUrl()]);
  });
});
