import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, OWNER, type TestApp } from '#tests/setup/test-app.ts';

let t: TestApp;
afterEach(async () => {
  await t?.close();
});

const patch = (cookie: string | undefined, payload: object) =>
  t.app.inject({ method: 'PATCH', url: '/api/portfolio-settings', headers: cookie ? { cookie } : {}, payload });

describe('GET /api/portfolio-owner', () => {
  it('shows the owner to visitors without email or secrets', async () => {
    t = await createTestApp();
    const response = await t.app.inject({ method: 'GET', url: '/api/portfolio-owner' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      id: expect.any(Number),
      username: OWNER.username,
      portfolioTitle: null,
      portfolioSubtitle: null,
      aboutText: null,
      showContactForm: true,
      showCameraDetails: false,
      showOtherSection: true,
      showEmptyCategories: true,
      // Off by default: visitors see the spec's titles, file names included.
      hideFileNameTitles: false,
      // Off by default: a video waits for Play.
      autoplayVideos: false,
      bannerImage: null,
      twitterUrl: null,
      substackUrl: null,
      linktreeUrl: null,
      themeDefault: 'system',
      topBarBrand: 'product',
      headingFont: 'sans',
      compactTopBar: false,
      // English first, as the site spoke before it had languages; every language offered.
      defaultLanguage: 'en',
      languages: ['en'],
    });
    expect(response.body).not.toContain(OWNER.email);
  });

  it('is 404 with a message on a site without an owner', async () => {
    t = await createTestApp({ owner: false });
    const response = await t.app.inject({ method: 'GET', url: '/api/portfolio-owner' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toHaveProperty('message');
  });
});

describe('PATCH /api/portfolio-settings', () => {
  it('saves the look a visitor gets (theme default, top bar brand, heading font) and refuses unknown values', async () => {
    t = await createTestApp();
    const cookie = await t.signIn();
    const saved = await patch(cookie, { themeDefault: 'dark', topBarBrand: 'portfolio', headingFont: 'serif', compactTopBar: true });
    expect(saved.statusCode).toBe(200);
    const bad = await patch(cookie, { themeDefault: 'sepia', headingFont: 'mono' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Theme must be system, light or dark');
    expect((await patch(cookie, { headingFont: 'Comic Sans' })).json().message).toBe(
      'Heading font must be sans, serif, display or mono',
    );
    const visitorView = (await t.app.inject({ method: 'GET', url: '/api/portfolio-owner' })).json();
    expect(visitorView).toMatchObject({ themeDefault: 'dark', topBarBrand: 'portfolio', headingFont: 'serif', compactTopBar: true });
  });

  it("saves the site's default language and the languages offered, and refuses a default that is not offered", async () => {
    t = await createTestApp();
    const cookie = await t.signIn();
    const saved = await patch(cookie, { defaultLanguage: 'de', languages: ['ar', 'de', 'en'] });
    expect(saved.statusCode, saved.body).toBe(200);
    // Kept in the site's own order, whatever order they were sent in.
    expect(saved.json()).toMatchObject({ defaultLanguage: 'de', languages: ['en', 'de', 'ar'] });
    expect((await t.app.inject({ method: 'GET', url: '/api/portfolio-owner' })).json()).toMatchObject({
      defaultLanguage: 'de',
      languages: ['en', 'de', 'ar'],
    });

    // Either one alone is checked against the other as the row holds it.
    const dropsDefault = await patch(cookie, { languages: ['en', 'ar'] });
    expect(dropsDefault.statusCode).toBe(400);
    expect(dropsDefault.json()).toMatchObject({ code: 'owner.default_language_not_offered' });
    const defaultNotOffered = await patch(cookie, { defaultLanguage: 'ja' });
    expect(defaultNotOffered.statusCode).toBe(400);
    expect(defaultNotOffered.json().message).toBe('The default language must be one of the languages offered');

    expect((await patch(cookie, { languages: [] })).json().message).toBe('Offer at least one language');
    expect((await patch(cookie, { languages: ['en', 'en'] })).json().message).toBe('Each language may be offered once');
    expect((await patch(cookie, { defaultLanguage: 'xx' })).json().message).toBe('Language must be one of en, de, fr, es, ja or ar');
    // Nothing of the refused changes was kept.
    expect((await t.app.inject({ method: 'GET', url: '/api/portfolio-owner' })).json()).toMatchObject({
      defaultLanguage: 'de',
      languages: ['en', 'de', 'ar'],
    });
    // Both at once may move the default out of the old list.
    expect((await patch(cookie, { defaultLanguage: 'ja', languages: ['ja'] })).json()).toMatchObject({ defaultLanguage: 'ja', languages: ['ja'] });
  });

  it('is for the owner only', async () => {
    t = await createTestApp();
    expect((await patch(undefined, { portfolioTitle: 'x' })).statusCode).toBe(401);
  });

  it('saves the settings a visitor then sees, and clears blank values', async () => {
    t = await createTestApp();
    const cookie = await t.signIn();
    const saved = await patch(cookie, {
      portfolioTitle: '  Ada Lovelace  ',
      portfolioSubtitle: 'Photographs',
      aboutText: 'Line one\nLine two',
      showContactForm: false,
      twitterUrl: 'https://twitter.com/ada',
      substackUrl: '',
      linktreeUrl: null,
      email: 'ada@example.test',
      currentPassword: OWNER.password,
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ portfolioTitle: 'Ada Lovelace', email: 'ada@example.test' });
    const owner = (await t.app.inject({ method: 'GET', url: '/api/portfolio-owner' })).json();
    expect(owner).toMatchObject({
      portfolioTitle: 'Ada Lovelace',
      portfolioSubtitle: 'Photographs',
      aboutText: 'Line one\nLine two',
      showContactForm: false,
      twitterUrl: 'https://twitter.com/ada',
      substackUrl: null,
      linktreeUrl: null,
    });
    // A field left out keeps its value; a link is kept trimmed, and the recovery email cleared
    // with the current password is gone.
    const cleared = await patch(cookie, { portfolioSubtitle: '', substackUrl: '  https://ada.substack.com  ', email: null, currentPassword: OWNER.password });
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json()).toMatchObject({ email: null });
    const after = (await t.app.inject({ method: 'GET', url: '/api/portfolio-owner' })).json();
    expect(after).toMatchObject({ portfolioTitle: 'Ada Lovelace', portfolioSubtitle: null, substackUrl: 'https://ada.substack.com' });
  });

  it("enforces the spec's limits and http(s) links, changing nothing on a bad request", async () => {
    t = await createTestApp();
    const cookie = await t.signIn();
    const cases: [object, string][] = [
      [{ portfolioTitle: 'x'.repeat(256) }, 'Title must be at most 255 characters'],
      [{ portfolioSubtitle: 'x'.repeat(501) }, 'Subtitle must be at most 500 characters'],
      [{ twitterUrl: `https://example.com/${'x'.repeat(490)}` }, 'URL must be at most 500 characters'],
      [{ twitterUrl: 'javascript:alert(1)' }, 'Please enter a valid URL'],
      [{ linktreeUrl: 'not a url' }, 'Please enter a valid URL'],
      [{ showContactForm: 'yes' }, ''],
      [{ passwordHash: 'x' }, ''],
    ];
    for (const [payload, message] of cases) {
      const response = await patch(cookie, { portfolioTitle: 'Changed?', ...payload });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      if (message) expect(response.json().message).toBe(message);
    }
    const owner = (await t.app.inject({ method: 'GET', url: '/api/portfolio-owner' })).json();
    expect(owner.portfolioTitle).toBeNull();
  });
});
