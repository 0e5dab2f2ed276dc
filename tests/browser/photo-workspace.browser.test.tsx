import '#client/styles.css';
import { afterEach, describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import { Category, CreateCategoryRequest } from '#contract/categories.ts';
import { Photo, UpdatePhotoRequest } from '#contract/photos.ts';
import { api } from '#contract/routes.ts';
import { Toaster } from '#client/components/ui/toaster.tsx';
import { TooltipProvider } from '#client/components/ui/tooltip.tsx';
import { dismissToast } from '#client/components/ui/use-toast.ts';
import { PhotoWorkspace } from '#client/app/admin/photo-workspace.tsx';
import { gate, refuse, reply, serveContract, unreachable, type ContractServer, type Handler } from './contract-fetch.ts';
import { renderComponent, unmountComponent } from './render-app.tsx';
import { toast } from './toasts.ts';
import { categoryNamed, photoTitled, workspaceHandlers, workspaceSite, type WorkspaceSite } from './workspace.ts';

/**
 * The owner's photo work area (upload, photo bank, category manager) and its dialogs, against a
 * site the test holds: empty states, field rules, refusals. What the real server does with a
 * change (where a moved or orphaned photo lands, what a visitor sees) is the Playwright journeys'.
 */

let server: ContractServer | undefined;
afterEach(() => {
  dismissToast();
  unmountComponent();
  server?.restore();
});

type Route = Parameters<ContractServer['sentTo']>[0];

async function renderWorkspace(site: WorkspaceSite, handlers: Partial<Record<Route, Handler>> = {}) {
  server?.restore();
  server = serveContract({ ...workspaceHandlers(site), ...handlers });
  renderComponent(
    <TooltipProvider>
      <PhotoWorkspace />
      <Toaster />
    </TooltipProvider>,
  );
  await expect.element(page.getByRole('heading', { name: 'Current Categories' })).toBeVisible();
}

async function bodiesSentTo(route: Route): Promise<unknown[]> {
  return Promise.all(server!.sentTo(route).map((request) => request.clone().json()));
}

const photoBank = () => page.getByRole('region', { name: 'Photo Bank', exact: true });
const categoryCard = (name: string) => page.getByRole('region', { name, exact: true });
const confirmation = () => page.getByRole('alertdialog');

/**
 * Scrolls to a place (the bank, a category's card), as a person does: its grid asks for its
 * photos only once it nears the screen.
 */
async function scrollTo(place: ReturnType<typeof photoBank>) {
  await expect.element(place).toBeInTheDocument();
  place.element().scrollIntoView({ block: 'center' });
  return place;
}

/** The tile's own button (Edit, Delete), shown as the pointer rests on the tile. */
async function tileButton(section: ReturnType<typeof photoBank>, title: string, action: 'Edit' | 'Delete') {
  await scrollTo(section);
  const image = section.getByRole('img', { name: title, exact: true });
  await expect.element(image).toBeVisible();
  await section.getByRole('listitem').filter({ has: page.getByRole('img', { name: title, exact: true }) }).hover();
  return section.getByRole('button', { name: `${action} ${title}`, exact: true });
}

describe('category manager', () => {
  it('shows the empty text when there are no categories', async () => {
    await renderWorkspace(workspaceSite());
    await expect.element(page.getByText('No categories yet. Create your first category above.')).toBeVisible();
  });

  it('adds a category last, with the button waiting for a name', async () => {
    const site = workspaceSite({ categories: [categoryNamed(1, 'Birds', 0), categoryNamed(2, 'Boats', 1)] });
    await renderWorkspace(site, {
      [`POST ${api.categories}`]: async (request: Request) => {
        const { name, order, visibility } = CreateCategoryRequest.parse(await request.json());
        const created: Category = { ...categoryNamed(3, name, order), visibility: visibility ?? 'public' };
        site.categories = [...site.categories, created];
        return reply(Category, created, 201);
      },
    });
    const add = page.getByRole('button', { name: 'Add Category' });
    const field = page.getByLabelText('Category Name');
    await expect.element(add).toBeDisabled();
    await field.fill('    ');
    await expect.element(add).toBeDisabled();

    await field.fill('  Street  ');
    await expect.element(add).toBeEnabled();
    await add.click();
    // Public unless the owner says otherwise: the spec's behaviour.
    await expect.poll(() => bodiesSentTo(`POST ${api.categories}`)).toEqual([{ name: 'Street', order: 2, visibility: 'public' }]);

    await expect.element(toast('Category created')).toBeVisible();
    await expect.element(field).toHaveValue('');
    const cards = page.getByRole('list', { name: 'Current Categories' }).getByRole('region');
    await expect.element(cards.last()).toHaveAccessibleName('Street');
  });

  it('shows a new category, and offers it in Move to…, as soon as it says Category created', async () => {
    const site = workspaceSite({ bank: [photoTitled(7, 'Kestrel')] });
    // The list read again after the creation waits until the test has looked.
    const reread = gate();
    await renderWorkspace(site, {
      [`GET ${api.categories}`]: async () => {
        if (site.categories.length > 0) await reread.opened;
        return reply(Category.array(), site.categories);
      },
      [`POST ${api.categories}`]: async (request: Request) => {
        const { name, order } = CreateCategoryRequest.parse(await request.json());
        const created = categoryNamed(4, name, order);
        site.categories = [...site.categories, created];
        return reply(Category, created, 201);
      },
    });
    await page.getByLabelText('Category Name').fill('Raptors');
    await page.getByRole('button', { name: 'Add Category' }).click();
    await expect.element(toast('Category created')).toBeVisible();
    await expect.element(categoryCard('Raptors')).toBeInTheDocument();
    await (await tileButton(photoBank(), 'Kestrel', 'Edit')).hover();
    await photoBank().getByRole('button', { name: 'Move Kestrel to…' }).click();
    await expect.element(page.getByRole('menuitem', { name: 'Raptors' })).toBeVisible();
    reread.open();
  });

  it("a refused creation shows 'Failed to create category'", async () => {
    await renderWorkspace(workspaceSite(), { [`POST ${api.categories}`]: () => refuse(500) });
    await page.getByLabelText('Category Name').fill('Doomed');
    await page.getByRole('button', { name: 'Add Category' }).click();
    await expect.element(toast('Failed to create category')).toBeVisible();
  });

  it('a refused photo deletion says so and keeps the photo', async () => {
    await renderWorkspace(workspaceSite({ bank: [photoTitled(7, 'Keeper')] }), { [`DELETE ${api.photo}`]: () => refuse(500) });
    await (await tileButton(photoBank(), 'Keeper', 'Delete')).click();
    await confirmation().getByRole('button', { name: 'Delete' }).click();
    await expect.element(toast('Failed to delete photo')).toBeVisible();
    await expect.element(photoBank().getByRole('img', { name: 'Keeper' })).toBeVisible();
  });

  it('a photo whose image cannot load shows a dimmed placeholder', async () => {
    // The test's page serves no photo file: every image of the site fails to load.
    await renderWorkspace(workspaceSite({ categories: [categoryNamed(5, 'Missing')], placed: { 5: [photoTitled(8, 'Ghost', 5)] } }));
    const image = (await scrollTo(categoryCard('Missing'))).getByRole('img', { name: 'Ghost' });
    await expect.element(image).toHaveAttribute('data-image-state', 'failed');
    await expect.poll(() => getComputedStyle(image.element()).opacity).toBe('0.5');
  });
});

describe('Photo Bank', () => {
  it('counts its photos and, when empty, says so with a hint', async () => {
    const site = workspaceSite();
    await renderWorkspace(site);
    const bank = photoBank();
    await expect.element(bank.getByText('No uncategorized photos')).toBeVisible();
    await expect.element(bank.getByText('Upload photos, or move photos here from your categories.')).toBeVisible();
    await expect.element(bank.getByText('0 photo(s)', { exact: true })).toBeInTheDocument();

    site.bank = [photoTitled(1, 'One'), photoTitled(2, 'Two', null, 1)];
    await renderWorkspace(site);
    await scrollTo(bank);
    await expect.element(bank.getByText('2 photo(s)', { exact: true })).toBeInTheDocument();
    await expect.poll(() => bank.getByRole('listitem').elements().length).toBe(2);
  });

  it('a page of photos that fails to load says so, keeps the count, and Try again loads it', async () => {
    const site = workspaceSite({ bank: [photoTitled(1, 'Ash'), photoTitled(2, 'Birch', null, 1)] });
    const pages = workspaceHandlers(site)[`GET ${api.photoPage}`]!;
    let reachable = false;
    await renderWorkspace(site, { [`GET ${api.photoPage}`]: (request: Request) => (reachable ? pages(request) : unreachable()) });
    const bank = await scrollTo(photoBank());
    await expect.element(bank.getByRole('alert')).toHaveTextContent(/^These photos could not be loaded\.$/);
    await expect.element(bank.getByText('2 photo(s)', { exact: true })).toBeInTheDocument();
    reachable = true;
    await bank.getByRole('button', { name: 'Try again' }).click();
    await expect.element(bank.getByRole('img', { name: 'Ash' })).toBeVisible();
    await expect.element(bank.getByRole('img', { name: 'Birch' })).toBeVisible();
    await expect.element(bank.getByRole('alert')).not.toBeInTheDocument();
  });
});

describe('Edit Photo Details', () => {
  const dialog = () => page.getByRole('dialog', { name: 'Edit Photo Details' });

  /** The server's side of a save: the changes kept (what it stores is its API test's), the photo sent back. */
  function savesTo(site: WorkspaceSite, before?: Promise<void>): Handler {
    return async (request, { id }) => {
      const changes = UpdatePhotoRequest.parse(await request.json());
      await before;
      site.bank = site.bank.map((photo) => (photo.id === Number(id) ? { ...photo, ...changes } : photo));
      return reply(Photo, site.bank.find((photo) => photo.id === Number(id))!);
    };
  }

  it('edits the title, description and project link, reading "Saving..." while it saves', async () => {
    const site = workspaceSite({ bank: [photoTitled(6, 'Harbour')] });
    const held = gate();
    await renderWorkspace(site, { [`PUT ${api.photo}`]: savesTo(site, held.opened) });
    await (await tileButton(photoBank(), 'Harbour', 'Edit')).click();
    await expect.element(dialog().getByRole('img', { name: 'Harbour' })).toBeVisible();
    await expect.element(dialog().getByLabelText('Title', { exact: true })).toHaveValue('Harbour');
    await expect.element(dialog().getByLabelText('Description')).toHaveAttribute('placeholder', 'Description shown when a visitor clicks the photo');
    await expect.element(dialog().getByText('A link for viewers to visit')).toBeVisible();

    await dialog().getByLabelText('Title', { exact: true }).fill('Harbour at dawn');
    await dialog().getByLabelText('Description').fill('Fishing boats before sunrise.');
    await dialog().getByLabelText('Project Link (Optional)').fill('https://example.com/harbour');
    await dialog().getByRole('button', { name: 'Save Changes' }).click();
    await expect.element(dialog().getByRole('button', { name: 'Saving...' })).toBeDisabled();
    held.open();

    await expect.element(toast('Photo updated')).toBeVisible();
    await expect.element(dialog()).not.toBeInTheDocument();
    await expect.element(photoBank().getByRole('img', { name: 'Harbour at dawn' })).toBeVisible();
    expect(await bodiesSentTo(`PUT ${api.photo}`)).toEqual([
      expect.objectContaining({ title: 'Harbour at dawn', description: 'Fishing boats before sunrise.', hyperlink: 'https://example.com/harbour' }),
    ]);
  });

  it("edits a music release's track list: add, validate, reorder, remove", async () => {
    const site = workspaceSite({ bank: [photoTitled(7, 'Night Drive')] });
    await renderWorkspace(site, { [`PUT ${api.photo}`]: savesTo(site) });
    await (await tileButton(photoBank(), 'Night Drive', 'Edit')).click();
    // Not a release yet: no track list.
    await expect.element(dialog().getByLabelText('Title', { exact: true })).toHaveValue('Night Drive');
    expect(dialog().getByRole('group', { name: 'Track list' }).elements()).toHaveLength(0);
    await dialog().getByLabelText('Title', { exact: true }).fill('Night Drive EP');
    const tracks = dialog().getByRole('group', { name: 'Track list' });
    await expect.element(tracks).toBeVisible();

    for (const [index, [name, duration]] of [
      ['Intro', '01:35'],
      ['Highway', '2:3'],
      ['Outro', '01:34'],
    ].entries()) {
      await tracks.getByRole('button', { name: 'Add track' }).click();
      await tracks.getByLabelText(`Track ${index + 1} title`).fill(name!);
      await tracks.getByLabelText(`Track ${index + 1} duration`).fill(duration!);
    }
    await dialog().getByRole('button', { name: 'Save Changes' }).click();
    await expect.element(tracks.getByText('Duration must look like 02:30')).toBeVisible();

    await tracks.getByLabelText('Track 2 duration').fill('02:30');
    await tracks.getByRole('button', { name: 'Move track 3 up' }).click();
    await expect.element(tracks.getByLabelText('Track 2 title')).toHaveValue('Outro');
    await tracks.getByRole('button', { name: 'Remove track 1' }).click();
    await dialog().getByRole('button', { name: 'Save Changes' }).click();
    await expect.element(toast('Photo updated')).toBeVisible();

    const [sent] = await bodiesSentTo(`PUT ${api.photo}`);
    expect(sent).toMatchObject({
      tracks: [
        { title: 'Outro', duration: '01:34' },
        { title: 'Highway', duration: '02:30' },
      ],
    });
  });

  it('requires a title and an http(s) link, and Cancel changes nothing', async () => {
    await renderWorkspace(workspaceSite({ bank: [photoTitled(4, 'Quarry')] }));
    await (await tileButton(photoBank(), 'Quarry', 'Edit')).click();
    await dialog().getByLabelText('Title', { exact: true }).fill('   ');
    await dialog().getByLabelText('Project Link (Optional)').fill('javascript:alert(1)');
    await dialog().getByRole('button', { name: 'Save Changes' }).click();
    await expect.element(dialog().getByText('Title is required')).toBeVisible();
    await expect.element(dialog().getByText('Please enter a valid URL')).toBeVisible();
    await expect.element(dialog().getByLabelText('Title', { exact: true })).toHaveAttribute('aria-invalid', 'true');

    await dialog().getByRole('button', { name: 'Cancel' }).click();
    await expect.element(dialog()).not.toBeInTheDocument();
    expect(server!.sentTo(`PUT ${api.photo}`)).toHaveLength(0);
    await expect.element(photoBank().getByRole('img', { name: 'Quarry' })).toBeVisible();
  });

  it("a refused save shows 'Error' with the server's message, or the fallback, and keeps the dialog open", async () => {
    const answers = [refuse(500, 'The database is read-only'), refuse(500)];
    await renderWorkspace(workspaceSite({ bank: [photoTitled(5, 'Cliff')] }), { [`PUT ${api.photo}`]: () => answers.shift() ?? refuse(500) });
    await (await tileButton(photoBank(), 'Cliff', 'Edit')).click();
    await dialog().getByRole('button', { name: 'Save Changes' }).click();
    const failure = toast('Error');
    await expect.element(failure).toHaveTextContent('The database is read-only');
    await expect.element(dialog()).toBeVisible();

    await failure.getByRole('button', { name: 'Close', includeHidden: true }).click();
    await expect.element(failure).not.toBeInTheDocument();
    await dialog().getByRole('button', { name: 'Save Changes' }).click();
    await expect.element(toast('Error')).toHaveTextContent('Failed to update photo');
  });
});
