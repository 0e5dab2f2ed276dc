import { expect, expectNoSeriousViolations, section, test, tile, uniqueName } from './portfolio-helpers.ts';
import { pathTo, screens } from '#contract/routes.ts';

/** The alt texts of the tiles of a section, in page order. */
function tileTitles(scope: ReturnType<typeof section>) {
  return scope.getByRole('listitem').getByRole('img').evaluateAll((images) =>
    images.map((image) => image.getAttribute('alt') ?? image.getAttribute('aria-label')),
  );
}

test.describe('the header card', { tag: '@phone' }, () => {
  test('shows the title, subtitle, banner, About at the left, Contact at the right and the social links', async ({
    page,
    owner,
  }) => {
    const title = uniqueName('Ada Lens');
    const banner = await owner.uploadBanner();
    await owner.setSettings({
      portfolioTitle: title,
      portfolioSubtitle: 'Street photography from Lisbon',
      aboutText: 'I photograph streets.\nMostly at dawn.',
      showContactForm: true,
      bannerImage: banner,
      twitterUrl: 'https://twitter.com/ada',
      substackUrl: 'https://ada.substack.com/',
      linktreeUrl: 'https://linktr.ee/ada',
    });
    await page.goto(screens.home);

    const header = page.getByRole('region', { name: title });
    await expect(header.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(header.getByText('Street photography from Lisbon')).toBeVisible();
    // The banner is decoration behind the title (alt=""), so it has no role to find it by.
    const bannerImage = header.locator('img');
    await expect(bannerImage).toHaveAttribute('src', `/uploads/${banner}?v=1`);
    await expect.poll(() => bannerImage.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);

    for (const [name, href] of [
      ['Twitter', 'https://twitter.com/ada'],
      ['Substack', 'https://ada.substack.com/'],
      ['Linktree', 'https://linktr.ee/ada'],
    ] as const) {
      const link = header.getByRole('link', { name });
      await expect(link).toHaveAttribute('href', href);
      await expect(link).toHaveAttribute('target', '_blank');
      await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    }

    const about = header.getByRole('button', { name: 'About' });
    const contact = header.getByRole('button', { name: 'Contact' });
    const aboutBox = await about.boundingBox();
    const contactBox = await contact.boundingBox();
    const headerBox = await header.boundingBox();
    expect(aboutBox && contactBox && headerBox).toBeTruthy();
    if (aboutBox && contactBox && headerBox) {
      expect(aboutBox.x - headerBox.x).toBeLessThan(headerBox.width / 3);
      expect(contactBox.x + contactBox.width - headerBox.x).toBeGreaterThan((headerBox.width * 2) / 3);
    }

    await about.click();
    const aboutDialog = page.getByRole('dialog', { name: 'About' });
    await expect(aboutDialog).toBeVisible();
    const text = aboutDialog.getByText('I photograph streets.');
    await expect(text).toHaveCSS('white-space', 'pre-line');
    expect(await text.innerText()).toBe('I photograph streets.\nMostly at dawn.');
    await page.keyboard.press('Escape');
    await expect(aboutDialog).toBeHidden();
    await expect(about).toBeFocused();

    await contact.click();
    const contactDialog = page.getByRole('dialog', { name: 'Contact' });
    await expect(contactDialog).toBeVisible();
    await expect(contactDialog.getByLabel('Name')).toBeVisible();
    await contactDialog.getByRole('button', { name: 'Close' }).click();
    await expect(contactDialog).toBeHidden();
    await expect(contact).toBeFocused();
  });

  test('leaves room for the first photos on a phone held sideways', async ({ page, owner }, testInfo) => {
    test.skip(!testInfo.project.use.isMobile, 'a phone turned on its side');
    await page.setViewportSize({ width: 812, height: 375 });
    const title = uniqueName('Sideways');
    await owner.setSettings({ portfolioTitle: title, portfolioSubtitle: 'Photographs of the coast', showContactForm: true });
    const photo = await owner.createPhoto({ title: uniqueName('Harbour') });
    await page.goto(screens.home);
    await expect(tile(page, photo.title)).toBeVisible();
    // The header card was 300 of the 375 px: the grid started below the fold.
    const header = (await page.getByRole('region', { name: title }).boundingBox())!;
    expect(header.height).toBeLessThan(375 / 2);
    expect((await tile(page, photo.title).boundingBox())!.y).toBeLessThan(375);
  });
});

test.describe('sections and grid', { tag: '@phone' }, () => {
  test("shows a section per category in the owner's order, their photos in order, and Other last", async ({
    page,
    owner,
  }) => {
    await owner.setSettings({});
    const first = await owner.createCategory(uniqueName('Streets'), 'Lisbon at dawn');
    const empty = await owner.createCategory(uniqueName('Portraits'));
    const one = await owner.createPhoto({ title: uniqueName('Tram') });
    const two = await owner.createPhoto({ title: uniqueName('Alley') });
    const loose = await owner.createPhoto({ title: uniqueName('Loose') }, { color: '#3a8a5a' });
    await owner.placePhotos([two, one], first.id);
    await page.goto(screens.home);

    const firstSection = section(page, first.name);
    await expect(firstSection.getByRole('heading', { name: first.name })).toHaveCSS('text-transform', 'uppercase');
    await expect(firstSection.getByText('Lisbon at dawn')).toBeVisible();
    expect(await tileTitles(firstSection)).toEqual([two.title, one.title]);
    await expect(section(page, empty.name).getByText('No photos in this category yet')).toBeVisible();
    await expect(section(page, 'Other').getByRole('img', { name: loose.title })).toBeVisible();

    const headings = await page.getByRole('heading', { level: 2 }).allTextContents();
    const at = (name: string) => headings.indexOf(name);
    expect(at(first.name)).toBeGreaterThanOrEqual(0);
    expect(at(first.name)).toBeLessThan(at(empty.name));
    expect(at('Other')).toBe(headings.length - 1);
  });

  test('lays the grid out in 2 columns on a phone, 6 on a medium screen and 8 on a large one', async ({
    page,
    owner,
    isMobile,
  }) => {
    await owner.setSettings({});
    const category = await owner.createCategory(uniqueName('Grid'));
    const photos = [];
    for (let index = 0; index < 9; index += 1) photos.push(await owner.createPhoto({ title: uniqueName('Cell') }));
    await owner.placePhotos(photos, category.id);
    await page.goto(screens.home);

    const tiles = section(page, category.name).getByRole('listitem');
    await expect(tiles).toHaveCount(9);
    const columns = () =>
      tiles.evaluateAll((items) => {
        const tops = items.map((item) => Math.round(item.getBoundingClientRect().top));
        return tops.filter((top) => top === tops[0]).length;
      });
    if (isMobile) {
      expect(await columns()).toBe(2);
    } else {
      expect(await columns()).toBe(8);
      await page.setViewportSize({ width: 900, height: 800 });
      await expect.poll(columns).toBe(6);
      await page.setViewportSize({ width: 600, height: 800 });
      await expect.poll(columns).toBe(2);
    }
  });

  test('draws the first 48 tiles of a large portfolio at once, and the rest as the visitor scrolls', async ({
    page,
    owner,
  }) => {
    await owner.setSettings({});
    const many = await owner.createCategory(uniqueName('Many'));
    const after = await owner.createCategory(uniqueName('After'));
    await owner.placePhotos(await owner.uploadPhotos(60), many.id);
    await owner.placePhotos(await owner.uploadPhotos(1), after.id);
    // Two columns: 48 tiles reach further down than the two screens drawn ahead of the visitor.
    await page.setViewportSize({ width: 375, height: 812 });
    // How many tiles each commit inserts: React does not slice a commit, so a batch is at most 12.
    // Counted from the end of parsing: the tiles the server drew into the HTML came with the page,
    // inserted by the parser, not by a commit.
    await page.addInitScript(() => {
      const inserted: number[] = [];
      const counts = window as unknown as { tilesPerCommit: number[]; tilesInHtml: number };
      counts.tilesPerCommit = inserted;
      const observer = new MutationObserver((records) => {
        const tiles = records
          .flatMap((record) => [...record.addedNodes])
          .filter((node) => node instanceof Element)
          .reduce((sum, node) => sum + (node.matches('li:has(> [data-photo-tile])') ? 1 : node.querySelectorAll('li:has(> [data-photo-tile])').length), 0);
        if (tiles > 0) inserted.push(tiles);
      });
      document.addEventListener('readystatechange', () => {
        if (document.readyState !== 'interactive') return;
        counts.tilesInHtml = document.querySelectorAll('li:has(> [data-photo-tile])').length;
        observer.observe(document, { childList: true, subtree: true });
      });
    });
    await page.goto(screens.home);

    await expect(section(page, many.name).getByRole('listitem')).toHaveCount(48);
    // A section waits for its tiles: no heading stands over an empty grid meanwhile.
    await expect(section(page, after.name)).toHaveCount(0);

    await expect(async () => {
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      await expect(section(page, after.name).getByRole('listitem')).toHaveCount(1, { timeout: 500 });
    }).toPass();
    await expect(section(page, many.name).getByRole('listitem')).toHaveCount(60);
    expect(await tileTitles(section(page, many.name))).toEqual(Array.from({ length: 60 }, (_, index) => `tile-${index + 1}`));
    const { tilesPerCommit, tilesInHtml } = await page.evaluate(() => {
      const counts = window as unknown as { tilesPerCommit: number[]; tilesInHtml: number };
      return { tilesPerCommit: counts.tilesPerCommit, tilesInHtml: counts.tilesInHtml };
    });
    expect(tilesInHtml).toBeLessThanOrEqual(12);
    expect(tilesInHtml + tilesPerCommit.reduce((sum, count) => sum + count, 0)).toBe(61);
    expect(Math.max(...tilesPerCommit)).toBeLessThanOrEqual(12);
  });

  test('shows the /{username} portfolio exactly as /', async ({ page, owner }) => {
    const title = uniqueName('Same');
    await owner.setSettings({ portfolioTitle: title });
    await page.goto(pathTo(screens.userHome, { username: 'someone' }));
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  });
});

test('fetches its dialogs and toaster when idle, without a preload link for each of their imports', { tag: '@phone' }, async ({ page }) => {
  const chunks: string[] = [];
  page.on('request', (request) => {
    const name = /\/assets\/([a-z-]+)-[\w-]+\.js$/.exec(new URL(request.url()).pathname)?.[1];
    if (name) chunks.push(name);
  });
  const html = await (await page.request.get(screens.home)).text();
  const inThePage = html.match(/rel="modulepreload"/g)?.length ?? 0;
  await page.goto(screens.home);
  await expect.poll(() => chunks).toEqual(expect.arrayContaining(['photo-dialog', 'release-dialog', 'about-dialog', 'toaster']));
  // Vite's links, one per import, took a phone at 4× CPU up to 140 ms in one task.
  await expect(page.locator('link[rel="modulepreload"]')).toHaveCount(inThePage);
});

test.describe('images', { tag: '@phone' }, () => {
  test('fetch the first row at once with high priority, the rest lazily, from a srcset, with their size known', async ({
    page,
    owner,
  }) => {
    await owner.setSettings({});
    await owner.clearPortfolio();
    const category = await owner.createCategory(uniqueName('Fast'));
    const photos = [];
    for (let index = 0; index < 12; index += 1) photos.push(await owner.createPhoto({ title: `Fast ${index + 1}` }));
    await owner.placePhotos(photos, category.id);
    await page.goto(screens.home);

    const images = section(page, category.name).getByRole('img');
    await expect(images).toHaveCount(12);
    const attributes = await images.evaluateAll((elements) =>
      (elements as HTMLImageElement[]).map((image) => ({
        loading: image.loading,
        priority: image.getAttribute('fetchpriority'),
        srcset: image.srcset,
        sizes: image.sizes,
        width: image.getAttribute('width'),
        height: image.getAttribute('height'),
      })),
    );
    const [photo] = photos;
    expect(attributes[0]).toEqual({
      loading: 'eager',
      priority: 'high',
      srcset: `/uploads/${photo!.thumbnail}?v=1 400w, /uploads/${photo!.variants[1]!.filename}?v=1 640w`,
      sizes: '(min-width: 1280px) 154px, (min-width: 1024px) 12vw, (min-width: 768px) 16vw, 50vw',
      width: '600',
      height: '600',
    });
    expect(attributes.slice(0, 8).every((image) => image.loading === 'eager' && image.priority === 'high')).toBe(true);
    expect(attributes.slice(8).every((image) => image.loading === 'lazy' && image.priority === 'auto')).toBe(true);
  });

  test('show a blurred preview while loading and never move the page', async ({ page, owner }) => {
    await owner.setSettings({});
    await owner.clearPortfolio();
    const category = await owner.createCategory(uniqueName('Blur'));
    const photo = await owner.createPhoto({ title: uniqueName('Blurred') });
    await owner.placePhotos([photo], category.id);

    let release!: () => void;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/uploads/**', async (route) => {
      await released;
      await route.continue();
    });
    await page.addInitScript(() => {
      const shifts: number[] = [];
      (window as unknown as { layoutShifts: number[] }).layoutShifts = shifts;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) shifts.push((entry as PerformanceEntry & { value: number }).value);
      }).observe({ type: 'layout-shift', buffered: true });
    });
    // Not `load`: on Preact the first tiles are drawn as the entry script runs, so `load` waits for
    // the image held back above (docs/decisions/0014).
    await page.goto(screens.home, { waitUntil: 'commit' });

    const image = section(page, category.name).getByRole('img', { name: photo.title });
    await expect(image).toHaveAttribute('data-image-state', 'loading');
    await expect(image).toHaveCSS('background-image', /^url\("data:image\/png;base64,/);
    const before = await image.boundingBox();

    release();
    await expect(image).toHaveAttribute('data-image-state', 'loaded');
    await expect(image).toHaveCSS('background-image', 'none');
    expect(await image.boundingBox()).toEqual(before);
    const shifts = await page.evaluate(() => (window as unknown as { layoutShifts: number[] }).layoutShifts);
    expect(shifts.reduce((sum, value) => sum + value, 0)).toBeLessThan(0.01);
  });

  test('turn into a dimmed placeholder when they fail to load', async ({ page, owner }) => {
    await owner.setSettings({});
    const category = await owner.createCategory(uniqueName('Broken'));
    const photo = await owner.createPhoto({ title: uniqueName('Missing') });
    const fine = await owner.createPhoto({ title: uniqueName('Fine') });
    await owner.placePhotos([photo, fine], category.id);
    // Every file of the photo shares its key: the part of the name before the first dash.
    const key = photo.thumbnail.split('-')[0]!;
    await page.route(`**/uploads/${key}*`, (route) => route.abort());
    await page.goto(screens.home);

    const broken = section(page, category.name).getByRole('img', { name: photo.title });
    await expect(broken).toHaveAttribute('data-image-state', 'failed');
    await expect(broken).toHaveCSS('opacity', '0.5');
    await expect(tile(page, photo.title)).toBeVisible();
    const working = section(page, category.name).getByRole('img', { name: fine.title });
    await expect(working).toHaveAttribute('data-image-state', 'loaded');
    await expect(working).toHaveCSS('opacity', '1');
  });
});

test.describe('clear cache', { tag: '@phone' }, () => {
  test('wipes storage, cached files and service workers, then reloads with a cache-busting parameter', async ({
    page,
  }) => {
    const unregistered: string[] = [];
    await page.exposeFunction('recordUnregister', (scope: string) => {
      unregistered.push(scope);
    });
    // No service worker of its own exists to register; a stand-in records what the page asks.
    await page.addInitScript(() => {
      const record = (scope: string) =>
        (window as unknown as { recordUnregister: (scope: string) => Promise<void> }).recordUnregister(scope);
      Object.defineProperty(navigator.serviceWorker, 'getRegistrations', {
        value: () => Promise.resolve([{ scope: '/', unregister: () => record('/').then(() => true) }]),
      });
    });
    await page.goto(screens.clearCache);
    await page.evaluate(async () => {
      localStorage.setItem('stale', '1');
      sessionStorage.setItem('stale', '1');
      const cache = await caches.open('old-assets');
      await cache.put('/old.js', new Response('old'));
    });

    await page.getByRole('button', { name: 'Clear cache and reload' }).click();
    await expect(page).toHaveURL(/\/\?v=\d+$/);
    await expect(page.getByRole('tab', { name: 'Portfolio' })).toBeVisible();
    expect(
      await page.evaluate(async () => ({
        local: localStorage.length,
        session: sessionStorage.length,
        caches: await caches.keys(),
      })),
    ).toEqual({ local: 0, session: 0, caches: [] });
    expect(unregistered).toEqual(['/']);
  });
});

test('the portfolio with its header and sections has no serious accessibility violation', { tag: '@phone' }, async ({ page, owner }) => {
  const title = uniqueName('Accessible');
  const banner = await owner.uploadBanner();
  await owner.setSettings({
    portfolioTitle: title,
    portfolioSubtitle: 'Subtitle',
    aboutText: 'About',
    showContactForm: true,
    bannerImage: banner,
    linktreeUrl: 'https://linktr.ee/a',
  });
  const category = await owner.createCategory(uniqueName('Axe'), 'Described');
  const photo = await owner.createPhoto({ title: uniqueName('Axe photo') });
  await owner.placePhotos([photo], category.id);
  await owner.createCategory(uniqueName('Axe empty'));
  await page.goto(screens.home);
  await expect(section(page, category.name)).toBeVisible();
  await expectNoSeriousViolations(page);

  await page.getByRole('button', { name: 'About' }).click();
  await expect(page.getByRole('dialog', { name: 'About' })).toBeVisible();
  await expectNoSeriousViolations(page);
});
