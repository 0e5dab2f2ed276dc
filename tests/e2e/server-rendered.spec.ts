import type { Page, Route } from '@playwright/test';
import { PERSONS_BROWSER_AGENT } from './fixtures.ts';
import { expect, section, test, uniqueName, type OwnerApi } from './portfolio-helpers.ts';
import { api, pathTo, screens } from '#contract/routes.ts';
import type { Gallery, NewGalleryLink } from '#contract/galleries.ts';

/**
 * The first screen comes as HTML (docs/decisions/0018): readable and walkable without JavaScript,
 * and taken over by the script without a node redrawn or an attribute left different.
 */

// A person's browser: a bot's request for a client's gallery (a link's preview) gets no photos.
test.use({ userAgent: PERSONS_BROWSER_AGENT });

/** A category of three photos, and the portfolio's title. */
async function threePhotos(owner: OwnerApi) {
  const title = uniqueName('Server Drawn');
  await owner.setSettings({ portfolioTitle: title, aboutText: 'I photograph harbours at dawn.', showContactForm: true });
  const category = await owner.createCategory(uniqueName('Harbours'));
  const photos = [
    await owner.createPhoto({ title: uniqueName('Quay'), description: 'Nets drying on the quay.' }),
    await owner.createPhoto({ title: uniqueName('Crane') }, { color: '#3a8a5a' }),
    await owner.createPhoto({ title: uniqueName('Buoy') }, { color: '#8a3a7a' }),
  ];
  await owner.placePhotos(photos, category.id);
  return { title, category, photos };
}

/** The three photos in an unlisted category, and a link to it without a password, letting its holder download. */
async function galleryOfThree(owner: OwnerApi) {
  const { title, category, photos } = await threePhotos(owner);
  const unlisted = await owner.request.put(pathTo(api.category, { id: category.id }), { data: { visibility: 'unlisted' } });
  expect(unlisted.status(), await unlisted.text()).toBe(200);
  const made = await owner.request.post(pathTo(api.categoryLinks, { id: category.id }), { data: { label: 'Parents', downloads: 'display' } });
  expect(made.status(), await made.text()).toBe(201);
  const link = (await made.json()) as NewGalleryLink;
  // Unlisted, its copies moved to the private store under new names: the photos as the link shows them.
  const shown = await owner.request.get(pathTo(api.gallery, { token: link.path.split('/').at(-1)! }));
  expect(shown.status(), await shown.text()).toBe(200);
  const { photos: current } = (await shown.json()) as Gallery;
  expect(current.map((photo) => photo.title)).toEqual(photos.map((photo) => photo.title));
  return { title, category, photos: current, link };
}

/** The password of the locked links below. */
const PASSWORD = 'river-stone-42';

/** The three photos in an unlisted category, and a link to it behind a password. */
async function lockedGalleryOfThree(owner: OwnerApi) {
  const { category, photos } = await threePhotos(owner);
  const unlisted = await owner.request.put(pathTo(api.category, { id: category.id }), { data: { visibility: 'unlisted' } });
  expect(unlisted.status(), await unlisted.text()).toBe(200);
  const made = await owner.request.post(pathTo(api.categoryLinks, { id: category.id }), { data: { label: 'Parents', password: PASSWORD } });
  expect(made.status(), await made.text()).toBe(201);
  return { category, photos, link: (await made.json()) as NewGalleryLink };
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the portfolio shows its header, its About text and tiles, each a link to its photo page, which shows the photo and its neighbours', async ({ page, owner }) => {
    const { title, category, photos } = await threePhotos(owner);
    const [quay, crane, buoy] = photos as [(typeof photos)[0], (typeof photos)[0], (typeof photos)[0]];
    await page.goto(screens.home);

    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    // No dialog opens without the script: the About text is on the header card.
    const about = page.getByRole('region', { name: 'About' });
    await expect(about.getByText('I photograph harbours at dawn.')).toBeVisible();
    const grid = section(page, category.name);
    for (const photo of photos) {
      const image = grid.getByRole('img', { name: photo.title });
      await expect(image).toBeVisible();
      await expect.poll(() => image.evaluate((element: HTMLImageElement) => element.naturalWidth)).toBeGreaterThan(0);
      expect(await image.getAttribute('srcset')).toContain(`${photo.thumbnail}?v=1`);
      expect(await image.getAttribute('sizes')).toBeTruthy();
      await expect(grid.locator(`a[data-photo-tile="${photo.id}"]`)).toHaveAttribute('href', pathTo(screens.photo, { id: photo.id }));
    }

    await grid.getByRole('img', { name: crane.title }).click();
    await expect(page).toHaveURL(pathTo(screens.photo, { id: crane.id }));
    await expect(page.getByRole('heading', { level: 1, name: crane.title })).toBeVisible();
    const photo = page.getByRole('img', { name: crane.title });
    await expect(photo).toBeVisible();
    await expect.poll(() => photo.evaluate((element: HTMLImageElement) => element.naturalWidth)).toBeGreaterThan(0);
    await expect(page.getByRole('link', { name: `Previous photo: ${quay.title}` })).toBeVisible();

    await page.getByRole('link', { name: `Next photo: ${buoy.title}` }).click();
    await expect(page).toHaveURL(pathTo(screens.photo, { id: buoy.id }));
    await expect(page.getByRole('heading', { level: 1, name: buoy.title })).toBeVisible();
    await page.getByRole('link', { name: 'Back to portfolio' }).click();
    await expect(page).toHaveURL(screens.home);
    await expect(section(page, category.name).getByRole('img', { name: quay.title })).toBeVisible();
  });

  test("a client's gallery shows its name and every photo from the link's own files, and its Download all link", async ({ page, owner }) => {
    const { category, photos, link } = await galleryOfThree(owner);
    await page.goto(link.path);

    await expect(page.getByRole('heading', { level: 1, name: category.name })).toBeVisible();
    await expect(page.getByText('3 photos', { exact: true })).toBeVisible();
    const main = page.getByRole('main');
    for (const photo of photos) {
      const image = main.getByRole('img', { name: photo.title });
      await expect(image).toBeVisible();
      await expect.poll(() => image.evaluate((element: HTMLImageElement) => element.naturalWidth)).toBeGreaterThan(0);
      expect(await image.getAttribute('srcset')).toContain(`${link.path}/files/${photo.thumbnail}?v=`);
      expect(await image.getAttribute('sizes')).toBeTruthy();
    }
    await expect(main.getByRole('link', { name: /Download all/ })).toHaveAttribute('href', `/api/galleries/${link.path.split('/').at(-1)}/download`);
  });

  test("a client's gallery behind its password: a wrong password is refused with its message, the right one opens the gallery with its photos", async ({ page, owner }) => {
    const { category, photos, link } = await lockedGalleryOfThree(owner);
    await page.goto(link.path);
    await expect(page.getByRole('heading', { level: 1, name: 'This gallery is protected' })).toBeVisible();
    await page.getByLabel('Password').fill('river-stone-41');
    await page.getByRole('button', { name: 'Open gallery' }).click();
    await expect(page).toHaveURL(`${link.path}/unlock`);
    await expect(page.getByLabel('Password')).toHaveAccessibleDescription('Wrong password');
    await expect(page.getByText('Wrong password')).toBeVisible();

    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Open gallery' }).click();
    await expect(page).toHaveURL(link.path);
    await expect(page.getByRole('heading', { level: 1, name: category.name })).toBeVisible();
    const main = page.getByRole('main');
    for (const photo of photos) {
      const image = main.getByRole('img', { name: photo.title });
      await expect(image).toBeVisible();
      await expect.poll(() => image.evaluate((element: HTMLImageElement) => element.naturalWidth)).toBeGreaterThan(0);
    }
  });

  test('the Contact button leads to the plain form on the header card', async ({ page, owner }) => {
    await threePhotos(owner);
    // A short screen: the form starts below the fold.
    await page.setViewportSize({ width: 390, height: 300 });
    await page.goto(screens.home);
    const name = page.getByRole('region', { name: 'Contact' }).getByLabel('Name');
    await expect(name).not.toBeInViewport();
    await page.getByRole('button', { name: 'Contact', exact: true }).click();
    await expect(page).toHaveURL(/#contact-without-script$/);
    await expect(name).toBeInViewport();
  });

  test('the About button leads to the About text on the header card', async ({ page, owner }) => {
    await threePhotos(owner);
    // A short screen: the text starts below the fold.
    await page.setViewportSize({ width: 390, height: 200 });
    await page.goto(screens.home);
    const text = page.getByRole('region', { name: 'About' }).getByText('I photograph harbours at dawn.');
    await expect(text).not.toBeInViewport();
    await page.getByRole('button', { name: 'About', exact: true }).click();
    await expect(page).toHaveURL(/#about-without-script$/);
    await expect(text).toBeInViewport();
    // Its heading is not under the sticky top bar.
    const bar = (await page.getByRole('banner').boundingBox())!;
    const heading = (await page.getByRole('heading', { level: 2, name: 'About' }).boundingBox())!;
    expect(heading.y).toBeGreaterThanOrEqual(bar.y + bar.height);
  });

  test("a visitor sends a message with the header card's plain form: a bad email keeps the text and says why, then the owner's inbox has it", async ({ page, owner }) => {
    await threePhotos(owner);
    await page.goto(screens.home);
    const contact = page.getByRole('region', { name: 'Contact' });
    const text = `Are prints for sale? ${uniqueName('ref')}`;
    await contact.getByLabel('Name').fill('Grace');
    // The browser's own check of an email field would stop the post: the server's is the one tested.
    await contact.getByLabel('Email').evaluate((input: HTMLInputElement) => (input.type = 'text'));
    await contact.getByLabel('Email').fill('grace');
    await contact.getByLabel('Message').fill(text);
    await contact.getByRole('button', { name: 'Send Message' }).click();

    await expect(page).toHaveURL('/contact');
    await expect(page.getByText('Valid email is required')).toBeVisible();
    await expect(page.getByLabel('Email')).toHaveAccessibleDescription('Valid email is required');
    await expect(page.getByLabel('Name')).toHaveValue('Grace');
    await expect(page.getByLabel('Email')).toHaveValue('grace');
    await expect(page.getByLabel('Message')).toHaveValue(text);

    await page.getByLabel('Email').fill('grace@example.com');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect(page.getByText('Message sent')).toBeVisible();
    await expect(page.getByText('Your message has been sent successfully')).toBeVisible();

    const inbox = await owner.request.get(api.messages);
    expect(inbox.status()).toBe(200);
    const { messages } = (await inbox.json()) as { messages: { name: string; email: string; message: string }[] };
    expect(messages).toContainEqual(expect.objectContaining({ name: 'Grace', email: 'grace@example.com', message: text }));

    await page.getByRole('link', { name: 'Back to portfolio' }).click();
    await expect(page).toHaveURL(screens.home);
  });
});

/** Records the elements the HTML brought, before any script runs, to be compared after hydration. */
async function recordServerNodes(page: Page): Promise<void> {
  await page.addInitScript(() => {
    document.addEventListener('readystatechange', () => {
      if (document.readyState !== 'interactive') return;
      (window as unknown as { serverNodes: Element[] }).serverNodes = [...document.querySelectorAll('#root *')];
    });
  });
}

/** How many of the elements the HTML brought the page still holds, and how many there were. */
function serverNodesKept(page: Page) {
  return page.evaluate(() => {
    const nodes = (window as unknown as { serverNodes: Element[] }).serverNodes;
    return { brought: nodes.length, kept: nodes.filter((node) => node.isConnected).length };
  });
}

/**
 * The header and main area as markup, without what an image's loading changes (its state and
 * preview); each element's attributes in one order, and its style as the browser reads it (the
 * HTML's `a:b;` and a script's `a: b;` are the same style).
 */
function drawnMarkup(page: Page): Promise<string> {
  return page.evaluate(() => {
    const root = document.getElementById('root')!.cloneNode(true) as HTMLElement;
    for (const image of root.querySelectorAll('img')) {
      image.removeAttribute('style');
      image.removeAttribute('data-image-state');
    }
    for (const element of root.querySelectorAll<HTMLElement>('*')) {
      const attributes = [...element.attributes].map(({ name, value }) => [name, name === 'style' ? element.style.cssText : value] as const);
      for (const [name] of attributes) element.removeAttribute(name);
      for (const [name, value] of attributes.sort(([a], [b]) => a.localeCompare(b))) element.setAttribute(name, value);
    }
    return [...root.querySelectorAll('header, main')].map((element) => element.outerHTML).join('\n');
  });
}

/** The same page drawn by the browser alone: its server-rendered screen cut from the HTML. */
async function withoutServerScreen(page: Page): Promise<void> {
  await page.route(/\/(?:photo\/\d+|g\/[\w-]+)?(?:\?.*)?$/, async (route) => {
    if (route.request().resourceType() !== 'document') return route.fallback();
    const response = await route.fetch();
    const html = (await response.text()).replace(/(<div id="root">)[\s\S]*?(<\/div>\s*<script type="application\/json" id="page-data">)/, '$1$2');
    const headers = { ...response.headers() };
    delete headers['content-encoding'];
    delete headers['content-length'];
    await route.fulfill({ response, headers, body: html });
  });
}

/** Every console error or warning, and every uncaught error, of the page. */
function problemsOf(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') problems.push(`${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`uncaught: ${error.message}`));
  return problems;
}

test.describe('hydration', () => {
  for (const screen of ['portfolio', 'photo page', "client's gallery"] as const) {
    test(`takes over the ${screen} the server drew: every node kept, the same markup as the browser draws alone, no warning`, async ({ browser, baseURL, owner }) => {
      const { category, photos, link } = screen === "client's gallery" ? await galleryOfThree(owner) : { ...(await threePhotos(owner)), link: undefined };
      const address = link ? link.path : screen === 'portfolio' ? screens.home : pathTo(screens.photo, { id: photos[1]!.id });
      const drawn = async (page: Page) => {
        if (screen === 'portfolio') {
          await expect(section(page, category.name).getByRole('img')).toHaveCount(3);
        } else if (link) {
          await expect(page.getByRole('main').getByRole('img')).toHaveCount(3);
        } else {
          await expect(page.getByRole('link', { name: `Next photo: ${photos[2]!.title}` })).toBeVisible();
        }
        for (const image of await page.locator('#root img').all()) await expect(image).toHaveAttribute('data-image-state', 'loaded');
      };

      const hydrated = await browser.newPage({ baseURL, userAgent: PERSONS_BROWSER_AGENT });
      const problems = problemsOf(hydrated);
      await recordServerNodes(hydrated);
      await hydrated.goto(address);
      await drawn(hydrated);
      // Drawn by the script: the theme toggle reads the system's theme in an effect.
      await expect(hydrated.getByRole('button', { name: 'Dark theme' })).toBeVisible();
      const { brought, kept } = await serverNodesKept(hydrated);
      expect(brought).toBeGreaterThan(20);
      expect(kept).toBe(brought);

      const alone = await browser.newPage({ baseURL, userAgent: PERSONS_BROWSER_AGENT });
      await withoutServerScreen(alone);
      await alone.goto(address);
      await drawn(alone);
      expect(await alone.locator('#root main').count()).toBe(1);
      expect(await drawnMarkup(hydrated)).toBe(await drawnMarkup(alone));
      expect(problems).toEqual([]);

      // The script has it: a tile opens the viewer over the page, not the photo's page.
      if (screen !== 'photo page') {
        await hydrated.getByRole('main').getByRole('img', { name: photos[0]!.title }).click();
        await expect(hydrated.getByRole('dialog', { name: photos[0]!.title })).toBeVisible();
      }
      await hydrated.close();
      await alone.close();
    });
  }
});

test("a click on the photo page's image before its code has arrived opens the viewer once it has", async ({ page, owner }) => {
  const problems = problemsOf(page);
  const { photos } = await threePhotos(owner);
  // The photo page's chunk held back until the image has been clicked, as on a slow phone.
  let clickedEarly!: () => void;
  const clicked = new Promise<void>((resolve) => {
    clickedEarly = resolve;
  });
  await page.route(/\/assets\/photo-detail-[^/]*\.js$/, async (route) => {
    await clicked;
    await route.continue();
  });
  // DOMContentLoaded comes once the page's boot has run (a module script runs before it): from
  // then on, the page keeps a click on the server's drawing. One before that is not kept.
  await page.goto(pathTo(screens.photo, { id: photos[0]!.id }), { waitUntil: 'domcontentloaded' });
  const image = page.getByRole('button', { name: 'Open in the viewer' });
  await image.click();
  // The page's code is held back: the click reached the server's drawing, and nothing opened.
  expect(await page.locator('[data-photo-viewer]').count()).toBe(0);
  clickedEarly();
  await expect(page.locator('[data-photo-viewer]')).toBeVisible();
  await expect(page).toHaveURL(pathTo(screens.photo, { id: photos[0]!.id }));
  await page.keyboard.press('Escape');
  await expect(page.locator('[data-photo-viewer]')).toHaveCount(0);
  expect(problems).toEqual([]);
});

test("a shared photo page asks for its screen's scripts once it is shown, each once, before it is taken over", async ({ page, owner }) => {
  const problems = problemsOf(page);
  const { photos } = await threePhotos(owner);
  const address = pathTo(screens.photo, { id: photos[0]!.id });
  const html = await (await page.request.get(address)).text();
  const head = html.slice(0, html.indexOf('</head>'));
  // Not beside the photo in the head: in a template, inert until the page is shown.
  const template = /<template id="screen-scripts">(.*?)<\/template>/.exec(head)?.[1] ?? '';
  const screenScripts = [...template.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)" \/>/g)].map((match) => match[1]!);
  expect(screenScripts).toEqual(expect.arrayContaining([expect.stringMatching(/^\/assets\/photo-detail-[\w-]+\.js$/)]));
  expect(head.replace(/<template[\s\S]*?<\/template>/g, '')).not.toContain('rel="modulepreload"');

  const asked: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/assets/') && request.url().endsWith('.js')) asked.push(new URL(request.url()).pathname);
  });
  await page.goto(address);
  await page.getByRole('button', { name: 'Open in the viewer' }).click();
  await expect(page.locator('[data-photo-viewer]')).toBeVisible();
  // Moved into the head, where hydration's import of the screen found them: it added no second link.
  await expect(page.locator('#screen-scripts')).toHaveCount(0);
  const links = await page.locator('link[rel="modulepreload"]').evaluateAll((found) => found.map((link) => new URL((link as HTMLLinkElement).href).pathname));
  for (const script of screenScripts) {
    expect(links.filter((path) => path === script), script).toHaveLength(1);
    expect(asked.filter((path) => path === script), script).toHaveLength(1);
  }
  expect(problems).toEqual([]);
});

test('a tap on Contact or on a tile before the page has been taken over does what it does after: the form, the viewer, where it is', async ({ page, owner }) => {
  const problems = problemsOf(page);
  const { title, photos } = await threePhotos(owner);
  await owner.setSettings({ portfolioTitle: title, aboutText: 'I photograph harbours at dawn.', showContactForm: true, languages: ['en', 'fr'] });
  // The French catalog held back (the page is drawn in French before it is taken over): until it
  // comes, the server's drawing is all there is, as on a slow phone.
  let arrived!: Promise<void>;
  let release!: () => void;
  const holdCatalog = () => {
    let arrive!: () => void;
    arrived = new Promise<void>((resolve) => (arrive = resolve));
    const released = new Promise<void>((resolve) => (release = resolve));
    return async (route: Route) => {
      arrive();
      await released;
      await route.continue();
    };
  };
  const catalog = /\/assets\/visitor-[^/]*\.js$/;
  const untouched = () => {
    // Not followed as a link: the address is the portfolio's still.
    expect(new URL(page.url()).pathname).toBe(screens.home);
    expect(new URL(page.url()).hash).toBe('');
  };

  await page.route(catalog, holdCatalog(), { times: 1 });
  await page.goto(`${screens.home}?lang=fr`, { waitUntil: 'domcontentloaded' });
  await page.getByRole('button', { name: 'Contact', exact: true }).click();
  untouched();
  await arrived;
  release();
  await expect(page.getByRole('dialog', { name: 'Contact' })).toBeVisible();
  untouched();

  await page.route(catalog, holdCatalog(), { times: 1 });
  await page.goto(`${screens.home}?lang=fr`, { waitUntil: 'domcontentloaded' });
  await page.getByRole('main').getByRole('img', { name: photos[1]!.title }).click();
  untouched();
  await arrived;
  release();
  await expect(page.getByRole('dialog', { name: photos[1]!.title })).toBeVisible();
  await expect(page.locator('[data-photo-viewer]')).toBeVisible();
  expect(problems).toEqual([]);
});

test('with the script, About opens its dialog where it is: by a click or by Space, the address unchanged', async ({ page, owner }) => {
  const problems = problemsOf(page);
  await threePhotos(owner);
  await page.goto(screens.home);
  const about = page.getByRole('button', { name: 'About', exact: true });
  await about.click();
  const dialog = page.getByRole('dialog', { name: 'About' });
  await expect(dialog.getByText('I photograph harbours at dawn.')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(about).toBeFocused();
  await page.keyboard.press('Space');
  await expect(dialog).toBeVisible();
  expect(new URL(page.url()).hash).toBe('');
  // The text without the script is no second copy in the page: its <noscript> is not drawn.
  await expect(page.getByRole('region', { name: 'About' })).toHaveCount(0);
  expect(problems).toEqual([]);
});

test("takes over a client's gallery behind its password: the server's form kept, the same markup, no warning; the script unlocks it where it is", async ({ browser, baseURL, owner }) => {
  const { category, photos, link } = await lockedGalleryOfThree(owner);
  const hydrated = await browser.newPage({ baseURL, userAgent: PERSONS_BROWSER_AGENT });
  const problems = problemsOf(hydrated);
  await recordServerNodes(hydrated);
  await hydrated.goto(link.path);
  await expect(hydrated.getByLabel('Password')).toBeVisible();
  await expect(hydrated.getByRole('button', { name: 'Dark theme' })).toBeVisible();
  const { brought, kept } = await serverNodesKept(hydrated);
  expect(brought).toBeGreaterThan(10);
  expect(kept).toBe(brought);

  const alone = await browser.newPage({ baseURL, userAgent: PERSONS_BROWSER_AGENT });
  await withoutServerScreen(alone);
  await alone.goto(link.path);
  await expect(alone.getByLabel('Password')).toBeVisible();
  expect(await alone.locator('#root main').count()).toBe(1);
  expect(await drawnMarkup(hydrated)).toBe(await drawnMarkup(alone));
  expect(problems).toEqual([]);
  await alone.close();

  // The script has the form: the JSON route answers, the page stays where it is.
  await hydrated.getByLabel('Password').fill('river-stone-41');
  await hydrated.getByRole('button', { name: 'Open gallery' }).click();
  await expect(hydrated.getByLabel('Password')).toHaveAccessibleDescription('Wrong password');
  await hydrated.getByLabel('Password').fill(PASSWORD);
  await hydrated.getByRole('button', { name: 'Open gallery' }).click();
  await expect(hydrated.getByRole('heading', { level: 1, name: category.name })).toBeVisible();
  await expect(hydrated.getByRole('main').getByRole('img', { name: photos[0]!.title })).toBeVisible();
  expect(hydrated.url()).toBe(`${baseURL}${link.path}`);
  await hydrated.close();
});

test('?contact still opens the contact form at once over the server-drawn portfolio', async ({ page, owner }) => {
  const problems = problemsOf(page);
  await threePhotos(owner);
  await page.goto(`${screens.home}?contact`);
  const dialog = page.getByRole('dialog', { name: 'Contact' });
  await expect(dialog.getByLabel('Name')).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
  expect(problems).toEqual([]);
});
