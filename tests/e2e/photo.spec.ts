import { expect, expectNoSeriousViolations, section, test, tile, uniqueName } from './portfolio-helpers.ts';
import { files, pathTo, screens } from '#contract/routes.ts';

/** The value of a `<meta>` tag in raw HTML, its entities decoded. */
function metaContent(html: string, key: string): string | undefined {
  const match = new RegExp(`<meta (?:name|property)="${key}" content="([^"]*)"`).exec(html);
  return match?.[1]
    ?.replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');
}

test.describe('the photo dialog', { tag: '@phone' }, () => {
  test('shows the title, the image, the description, Visit Project and Share', async ({ page, owner }) => {
    await owner.setSettings({});
    const category = await owner.createCategory(uniqueName('Dialog'));
    const photo = await owner.createPhoto({
      title: uniqueName('Harbour'),
      description: 'Fishing boats at dawn.\nShot on film.',
      hyperlink: 'https://example.com/harbour',
    });
    const plain = await owner.createPhoto({ title: uniqueName('Plain') });
    await owner.placePhotos([photo, plain], category.id);
    await page.goto(screens.home);

    await tile(page, photo.title).click();
    const dialog = page.getByRole('dialog', { name: photo.title });
    await expect(dialog).toBeVisible();
    const image = dialog.getByRole('img', { name: photo.title });
    await expect(image).toHaveAttribute('data-image-state', 'loaded');
    await expect(image).toHaveAttribute('width', String(photo.width));
    await expect(image).toHaveAttribute('height', String(photo.height));
    expect(await image.getAttribute('srcset')).toContain(`/uploads/${photo.filename}?v=1 ${photo.width}w`);
    const description = dialog.getByText('Fishing boats at dawn.');
    expect(await description.innerText()).toBe('Fishing boats at dawn.\nShot on film.');
    const visit = dialog.getByRole('link', { name: 'Visit Project' });
    await expect(visit).toHaveAttribute('href', 'https://example.com/harbour');
    await expect(visit).toHaveAttribute('target', '_blank');
    await expect(visit).toHaveAttribute('rel', 'noopener noreferrer');
    await expect(dialog.getByRole('button', { name: 'Share' })).toBeVisible();
    await expectNoSeriousViolations(page);

    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(tile(page, photo.title)).toBeFocused();

    await tile(page, plain.title).click();
    const plainDialog = page.getByRole('dialog', { name: plain.title });
    await expect(plainDialog.getByRole('button', { name: 'Share' })).toBeVisible();
    await expect(plainDialog.getByRole('link', { name: 'Visit Project' })).toHaveCount(0);
  });

  test('steps to the neighbouring photos with the arrow keys and gives focus back to the tile on screen', async ({
    page,
    owner,
  }) => {
    await owner.setSettings({});
    const category = await owner.createCategory(uniqueName('Arrows'));
    const photos = [
      await owner.createPhoto({ title: uniqueName('First') }, { color: '#aa3333' }),
      await owner.createPhoto({ title: uniqueName('Second') }, { color: '#33aa33' }),
      await owner.createPhoto({ title: uniqueName('Third') }, { color: '#3333aa' }),
    ];
    await owner.placePhotos(photos, category.id);
    const [first, second, third] = photos as [(typeof photos)[0], (typeof photos)[0], (typeof photos)[0]];
    await page.goto(screens.home);

    await tile(page, first.title).click();
    await expect(page.getByRole('dialog', { name: first.title })).toBeVisible();
    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('dialog', { name: second.title })).toBeVisible();
    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('dialog', { name: third.title })).toBeVisible();
    await page.keyboard.press('ArrowLeft');
    await expect(page.getByRole('dialog', { name: second.title })).toBeVisible();
    await page.getByRole('button', { name: 'Previous photo' }).click();
    await expect(page.getByRole('dialog', { name: first.title })).toBeVisible();
    await page.getByRole('button', { name: 'Next photo' }).click();
    const dialog = page.getByRole('dialog', { name: second.title });
    await expect(dialog.getByRole('img', { name: second.title })).toHaveAttribute('data-image-state', 'loaded');

    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(tile(page, second.title)).toBeFocused();
  });
});

test.describe('the photo page', { tag: '@phone' }, () => {
  test('shows the back button, title, category badge, image, description, Visit Project, View Full Size and Share', async ({
    page,
    owner,
  }) => {
    await owner.setSettings({});
    const category = await owner.createCategory(uniqueName('Detail'));
    const photo = await owner.createPhoto({
      title: uniqueName('Lighthouse'),
      description: 'On the cliffs.\nEarly light.',
      hyperlink: 'https://example.com/lighthouse',
    });
    await owner.placePhotos([photo], category.id);
    await page.goto(pathTo(screens.photo, { id: photo.id }));

    await expect(page.getByRole('heading', { level: 1, name: photo.title })).toBeVisible();
    await expect(page.getByText(category.name, { exact: true })).toBeVisible();
    const image = page.getByRole('img', { name: photo.title });
    await expect(image).toHaveAttribute('data-image-state', 'loaded');
    await expect(image).toHaveAttribute('loading', 'eager');
    expect(await page.getByText('On the cliffs.').innerText()).toBe('On the cliffs.\nEarly light.');
    const visit = page.getByRole('link', { name: 'Visit Project' });
    await expect(visit).toHaveAttribute('href', 'https://example.com/lighthouse');
    await expect(visit).toHaveAttribute('target', '_blank');
    await expect(visit).toHaveAttribute('rel', 'noopener noreferrer');
    const fullSize = page.getByRole('link', { name: 'View Full Size' });
    await expect(fullSize).toHaveAttribute('href', `/uploads/${photo.filename}?v=${photo.version}`);
    await expect(fullSize).toHaveAttribute('target', '_blank');
    const full = await page.request.get(`${pathTo(files.upload, { filename: photo.filename })}?v=${photo.version}`);
    expect(full.status()).toBe(200);
    expect(full.headers()['content-type']).toBe('image/jpeg');
    await expect(page.getByRole('button', { name: 'Share' })).toBeVisible();
    await expectNoSeriousViolations(page);

    await page.getByRole('link', { name: 'Back to portfolio' }).click();
    await expect(page).toHaveURL('/');
    await expect(section(page, category.name)).toBeVisible();
  });

  test('returns to /{username} from /{username}/photo/{id}', async ({ page, owner }) => {
    await owner.setSettings({});
    const photo = await owner.createPhoto({ title: uniqueName('Named') });
    await page.goto(pathTo(screens.userPhoto, { username: 'ada', id: photo.id }));
    await expect(page.getByRole('heading', { level: 1, name: photo.title })).toBeVisible();
    await page.getByRole('link', { name: 'Back to portfolio' }).click();
    await expect(page).toHaveURL('/ada');
    await expect(page.getByRole('tab', { name: 'Portfolio' })).toBeVisible();
  });

  test('offers no Visit Project for a photo of the music category', async ({ page, owner }) => {
    await owner.setSettings({});
    const music = await owner.createCategory('Music');
    const photo = await owner.createPhoto({ title: uniqueName('Gig poster'), hyperlink: 'https://example.com/tickets' });
    await owner.placePhotos([photo], music.id);
    await page.goto(pathTo(screens.photo, { id: photo.id }));
    await expect(page.getByRole('heading', { level: 1, name: photo.title })).toBeVisible();
    await expect(page.getByRole('link', { name: 'View Full Size' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Visit Project' })).toHaveCount(0);
  });

  test('says "Photo Not Found" for a missing photo, a malformed id and a load error', async ({ page }) => {
    for (const url of ['/photo/999999', '/photo/not-a-number', '/ada/photo/-1']) {
      const response = await page.goto(url);
      expect(response?.status()).toBe(404);
      await expect(page.getByRole('heading', { name: 'Photo Not Found' })).toBeVisible();
      await expect(page.getByText("The photo you're looking for doesn't exist.")).toBeVisible();
    }
    await page.route('**/api/photos/*', (route) => route.fulfill({ status: 500, body: '{"message":"Database down"}' }));
    await page.goto(pathTo(screens.photo, { id: 999998 }));
    await expect(page.getByRole('heading', { name: 'Photo Not Found' })).toBeVisible();
  });
});

test.describe('link previews', { tag: '@phone' }, () => {
  test('a pasted photo link previews with its title, description and image', async ({ request, owner, baseURL }) => {
    const siteName = uniqueName('Ada <Lens>');
    await owner.setSettings({ portfolioTitle: siteName });
    const photo = await owner.createPhoto({ title: uniqueName('Tram "28"'), description: 'Alfama at dawn.' });

    for (const path of [`/photo/${photo.id}`, `/ada/photo/${photo.id}`]) {
      const response = await request.get(path);
      expect(response.status()).toBe(200);
      const html = await response.text();
      expect(html).toContain(`<title>${`${photo.title} · ${siteName}`.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')}</title>`);
      expect(metaContent(html, 'og:title')).toBe(`${photo.title} · ${siteName}`);
      expect(metaContent(html, 'og:description')).toBe('Alfama at dawn.');
      expect(metaContent(html, 'description')).toBe('Alfama at dawn.');
      expect(metaContent(html, 'og:type')).toBe('article');
      expect(metaContent(html, 'og:url')).toBe(`${baseURL}/photo/${photo.id}`);
      expect(html).toContain(`<link rel="canonical" href="${baseURL}/photo/${photo.id}" />`);
      expect(metaContent(html, 'og:image')).toBe(`${baseURL}/uploads/${photo.filename}?v=${photo.version}`);
      expect(metaContent(html, 'twitter:card')).toBe('summary_large_image');
      expect(metaContent(html, 'twitter:image')).toBe(`${baseURL}/uploads/${photo.filename}?v=${photo.version}`);
    }
    const image = await request.get(metaContent(await (await request.get(pathTo(screens.photo, { id: photo.id }))).text(), 'og:image') ?? '');
    expect(image.status()).toBe(200);
  });

  test('the portfolio link previews with its title, subtitle and banner', async ({ request, owner, baseURL }) => {
    const title = uniqueName('Preview');
    const banner = await owner.uploadBanner();
    await owner.setSettings({ portfolioTitle: title, portfolioSubtitle: 'Streets and harbours', bannerImage: banner });
    const html = await (await request.get(screens.home)).text();
    expect(metaContent(html, 'og:title')).toBe(title);
    expect(metaContent(html, 'og:description')).toBe('Streets and harbours');
    expect(metaContent(html, 'og:type')).toBe('website');
    expect(metaContent(html, 'og:url')).toBe(`${baseURL}/`);
    expect(metaContent(html, 'og:image')).toBe(`${baseURL}/uploads/${banner}?v=1`);
    expect(metaContent(html, 'twitter:card')).toBe('summary_large_image');

    const sitemap = await (await request.get(files.sitemap)).text();
    expect(sitemap).toContain(`<loc>${baseURL}/</loc>`);
    const robots = await (await request.get(files.robots)).text();
    expect(robots).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
  });
});

test('a visitor sees the portfolio without waiting for the API', { tag: '@phone' }, async ({ page, owner }) => {
  const title = uniqueName('Instant');
  await owner.setSettings({ portfolioTitle: title });
  const photo = await owner.createPhoto({ title: uniqueName('Instant photo') });
  const apiCalls: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/api/')) apiCalls.push(request.url());
  });
  await page.goto(screens.home);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByRole('img', { name: photo.title })).toBeVisible();
  expect(apiCalls).toEqual([]);
  // The photo page comes with the photos around it in its category (previous and next, one small
  // window whatever the category's size; docs/decisions/0018): with the API never answering, the
  // photo and its title show, and nothing is asked.
  await page.route('**/api/**', () => {});
  await page.goto(pathTo(screens.photo, { id: photo.id }));
  await expect(page.getByRole('heading', { level: 1, name: photo.title })).toBeVisible();
  await expect(page.getByRole('img', { name: photo.title })).toHaveAttribute('data-image-state', 'loaded');
  expect(apiCalls).toEqual([]);
});
