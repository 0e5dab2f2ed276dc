import '#client/styles.css';
import { afterEach, describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import { CurrentUser } from '#contract/auth.ts';
import { CAMERA_ACCEPT, PHOTO_ACCEPT, UploadFormats, VIDEO_ACCEPT } from '#contract/photos.ts';
import { api } from '#contract/routes.ts';
import { Toaster } from '#client/components/ui/toaster.tsx';
import { dismissToast } from '#client/components/ui/use-toast.ts';
import { UploadPhotosPanel } from '#client/features/photos/components/upload-photos-panel.tsx';
import { makeOwner } from '#tests/fixtures/contract.ts';
import { refuse, reply, serveContract, unreachable, type ContractServer, type Handler } from './contract-fetch.ts';
import { renderComponent, unmountComponent } from './render-app.tsx';
import { toast } from './toasts.ts';

/**
 * The Upload Photos panel's own states: what it refuses before sending, its selection, and what it
 * says when the session check or the upload fails. The uploads that reach the real server (the
 * photos landing in the bank, a file the server refuses) are the Playwright journeys'.
 */

let server: ContractServer | undefined;
afterEach(() => {
  dismissToast();
  unmountComponent();
  server?.restore();
});

/** What a server with every tool (HEIC, RAW, ffmpeg) says its upload takes. */
const everyFormat: UploadFormats = {
  takes: ['JPEG', 'PNG', 'GIF', 'WebP', 'HEIC', 'RAW', 'MP4', 'MOV', 'WebM'],
  accept: Object.fromEntries(
    Object.entries({ ...PHOTO_ACCEPT, ...CAMERA_ACCEPT.heic, ...CAMERA_ACCEPT.raw, ...VIDEO_ACCEPT }).map(([type, extensions]) => [type, [...extensions]]),
  ),
  missing: [],
};

const signedIn = { [`GET ${api.currentUser}`]: () => reply(CurrentUser, makeOwner()) };
const formats = { [`GET ${api.photosUpload}`]: () => reply(UploadFormats, everyFormat) };

const upload = () => page.getByRole('region', { name: 'Upload Photos' });
const photoInput = () => page.getByLabelText('Photos to upload');
const uploadsSent = () => server!.sentTo(`POST ${api.photosUpload}`);

/** A small PNG of one colour, drawn here. */
async function pngFile(name: string, colour: string): Promise<File> {
  const canvas = new OffscreenCanvas(96, 96);
  const context = canvas.getContext('2d')!;
  context.fillStyle = colour;
  context.fillRect(0, 0, 96, 96);
  return new File([await canvas.convertToBlob({ type: 'image/png' })], `${name}.png`, { type: 'image/png' });
}

async function renderPanel(handlers: Partial<Record<Parameters<ContractServer['sentTo']>[0], Handler>>) {
  server = serveContract({ ...signedIn, ...formats, ...handlers });
  renderComponent(
    <>
      <UploadPhotosPanel categories={[]} />
      <Toaster />
    </>,
  );
  await expect.element(upload()).toBeVisible();
}

describe('Upload Photos', () => {
  it('Clear All empties the selection, and previews are released', async () => {
    await renderPanel({});
    await photoInput().upload([await pngFile('One', '#c83c28'), await pngFile('Two', '#288cc8')]);
    await expect.element(upload().getByText('2 file(s) selected')).toBeVisible();
    const selected = upload().getByRole('list', { name: 'Selected photos' });
    // The previews are decoration beside each file's name: no role to find them by.
    const previewSource = () => selected.element().querySelector('img')?.getAttribute('src');
    await expect.poll(previewSource).toMatch(/^blob:/);
    const previewUrl = previewSource()!;

    await upload().getByRole('button', { name: 'Clear All' }).click();
    await expect.element(upload().getByText(/file\(s\) selected/)).not.toBeInTheDocument();
    // A revoked object URL no longer loads.
    const stillLoads = await fetch(previewUrl).then(
      () => true,
      () => false,
    );
    expect(stillLoads).toBe(false);
  });

  it("refuses files that are not images before sending: by type with the picker's message, by content with the reason", async () => {
    await renderPanel({});
    // The refusal names what this server takes, once it has said (its tools are found at start).
    await expect.element(upload().getByText(/^Takes JPEG, PNG, GIF, WebP, HEIC, RAW/)).toBeVisible();
    await photoInput().upload([
      new File(['not an image'], 'notes.txt', { type: 'text/plain' }),
      new File(['a text file under an image name'], 'renamed.png', { type: 'image/png' }),
      await pngFile('Good', '#3caa50'),
    ]);
    const problems = upload().getByRole('alert');
    await expect.element(problems).toHaveTextContent('2 file(s) not added');
    await expect.element(problems).toHaveTextContent('notes.txt');
    await expect.element(problems).toHaveTextContent('File type must be');
    await expect
      .element(problems)
      .toHaveTextContent("renamed.png: Not an image: the file's content is not JPEG, PNG, GIF, WebP, HEIC, RAW, MP4, MOV or WebM");
    await expect.element(upload().getByText('1 file(s) selected')).toBeVisible();
    expect(uploadsSent()).toHaveLength(0);
  });

  it("falls back to 'Failed to upload photos' when the server says nothing", async () => {
    await renderPanel({ [`POST ${api.photosUpload}`]: () => refuse(500) });
    await photoInput().upload([await pngFile('Lost', '#dcb428')]);
    await upload().getByRole('button', { name: 'Upload Photos' }).click();
    await expect.element(toast('Upload failed')).toHaveTextContent('Failed to upload photos');
    await expect.element(upload().getByRole('progressbar')).not.toBeInTheDocument();
    expect(uploadsSent()).toHaveLength(1);
  });

  it('checks the session first and stops with "Authentication Required" when it has ended', async () => {
    await renderPanel({ [`GET ${api.currentUser}`]: () => refuse(401, 'Not signed in') });
    await photoInput().upload([await pngFile('Late', '#783cb4')]);
    await upload().getByRole('button', { name: 'Upload Photos' }).click();

    await expect.element(toast('Authentication Required')).toHaveTextContent('Please refresh the page and log in again');
    expect(server!.sentTo(`GET ${api.currentUser}`).length).toBeGreaterThan(0);
    expect(uploadsSent()).toHaveLength(0);
  });

  it('stops with "Connection Error" when the session check cannot reach the server', async () => {
    await renderPanel({ [`GET ${api.currentUser}`]: unreachable });
    await photoInput().upload([await pngFile('Offline', '#c83c28')]);
    await upload().getByRole('button', { name: 'Upload Photos' }).click();
    await expect.element(toast('Connection Error')).toHaveTextContent('Unable to verify authentication');
    expect(uploadsSent()).toHaveLength(0);
  });
});
