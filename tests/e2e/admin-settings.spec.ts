import type { APIRequestContext, Page, Request } from '@playwright/test';
import { png } from '#tests/fixtures/images.ts';
import { expect, fileChooserOpenedBy, OWNER_PASSWORD, OWNER_USERNAME, signInAsOwner, test, toasts } from './fixtures.ts';
import { openAdminSection } from './admin-helpers.ts';
import { api, screens } from '#contract/routes.ts';

/** The owner as the site starts: what every other spec of this worker expects to find. */
const DEFAULT_SETTINGS = {
  portfolioTitle: null,
  portfolioSubtitle: null,
  aboutText: null,
  showContactForm: true,
  bannerImage: null,
  twitterUrl: null,
  substackUrl: null,
  linktreeUrl: null,
  email: null,
  defaultLanguage: 'en',
  languages: ['en'],
};

/** The password goes along: a change of the recovery email asks for it. */
async function patchSettings(request: APIRequestContext, changes: Record<string, unknown>) {
  const response = await request.patch(api.portfolioSettings, { data: { ...changes, currentPassword: OWNER_PASSWORD } });
  expect(response.status(), await response.text()).toBe(200);
}

async function currentUser(page: Page) {
  const response = await page.request.get(api.currentUser);
  expect(response.status()).toBe(200);
  return (await response.json()) as Record<string, unknown>;
}

/** What the password test changes the owner's password to, and back. */
const NEW_PASSWORD = 'a brand new passphrase';

// The worker's server is shared: put the owner back as found, whatever a test changed or where it stopped.
test.afterEach(async ({ request }) => {
  let login = await request.post(api.login, { data: { username: OWNER_USERNAME, password: OWNER_PASSWORD } });
  if (login.status() === 401) {
    login = await request.post(api.login, { data: { username: OWNER_USERNAME, password: NEW_PASSWORD } });
    expect(login.status(), await login.text()).toBe(200);
    const back = await request.post(api.changePassword, {
      data: { currentPassword: NEW_PASSWORD, newPassword: OWNER_PASSWORD },
    });
    expect(back.status(), await back.text()).toBe(200);
  }
  expect(login.status(), await login.text()).toBe(200);
  await patchSettings(request, DEFAULT_SETTINGS);
  await request.post(api.logout, { data: {} });
});

/** Signs in and opens the admin's Settings section. */
async function openAdmin(page: Page) {
  await signInAsOwner(page);
  await page.goto(`${screens.home}?tab=admin`);
  await openAdminSection(page, 'Settings');
  const settings = page.getByRole('region', { name: 'Portfolio Settings' });
  await expect(settings).toBeVisible();
  return settings;
}

/** Signs out in this browser and opens the portfolio as a visitor sees it. */
async function visitAsVisitor(page: Page) {
  await page.context().clearCookies();
  await page.goto(screens.home);
  await expect(page.getByRole('tab', { name: 'Admin' })).toHaveCount(0);
}

function settingsRequest(page: Page): Promise<Request> {
  return page.waitForRequest((request) => request.url().endsWith(api.portfolioSettings) && request.method() === 'PATCH');
}

/**
 * Toasts, also while a modal dialog hides the rest of the page from the accessibility tree
 * (Radix announces them through a live region of its own).
 */
function toastsOverDialog(page: Page) {
  return page
    .getByRole('region', { name: /notifications/i, includeHidden: true })
    .getByRole('listitem', { includeHidden: true });
}

test.describe('portfolio settings', () => {
  test('saves the settings and visitors see them on the portfolio page', async ({ page }) => {
    const settings = await openAdmin(page);

    await settings.getByLabel('Portfolio Title').fill('  Light & Shadow  ');
    await settings.getByLabel('Portfolio Subtitle').fill('Photographs from the northern coast');
    await settings.getByLabel('About Text').fill('I photograph the sea.\nMostly in winter.');
    const contactSwitch = settings.getByRole('switch', { name: 'Show Contact Form' });
    await expect(contactSwitch).toBeChecked();
    await contactSwitch.click();
    await expect(contactSwitch).not.toBeChecked();
    await settings.getByLabel('Twitter URL').fill('https://x.com/lightandshadow');
    await settings.getByLabel('Substack URL').fill('https://lightandshadow.substack.com');
    await settings.getByLabel('Linktree URL').fill('https://linktr.ee/lightandshadow');
    // The password field shows once the recovery email changes.
    await expect(settings.getByLabel('Current Password')).toHaveCount(0);
    await settings.getByLabel('Recovery Email').fill('owner@example.com');
    await settings.getByLabel('Current Password').fill(OWNER_PASSWORD);

    const sent = settingsRequest(page);
    await settings.getByRole('button', { name: 'Save Settings' }).click();
    expect((await sent).postDataJSON()).toEqual({
      portfolioTitle: 'Light & Shadow',
      portfolioSubtitle: 'Photographs from the northern coast',
      aboutText: 'I photograph the sea.\nMostly in winter.',
      showContactForm: false,
      showCameraDetails: false,
      showOtherSection: true,
      showEmptyCategories: true,
      hideFileNameTitles: false,
      autoplayVideos: false,
      twitterUrl: 'https://x.com/lightandshadow',
      substackUrl: 'https://lightandshadow.substack.com',
      linktreeUrl: 'https://linktr.ee/lightandshadow',
      themeDefault: 'system',
      topBarBrand: 'product',
      headingFont: 'sans',
      compactTopBar: false,
      defaultLanguage: 'en',
      languages: ['en'],
      email: 'owner@example.com',
      currentPassword: OWNER_PASSWORD,
    });

    const toast = toasts(page).filter({ hasText: 'Settings updated' });
    await expect(toast).toBeVisible();
    await expect(toast).toContainText('Your portfolio settings have been saved successfully');
    await expect(settings.getByLabel('Portfolio Title')).toHaveValue('Light & Shadow');

    // The form shows the saved values after a reload too.
    await page.reload();
    await expect(settings.getByLabel('Portfolio Title')).toHaveValue('Light & Shadow');
    await expect(settings.getByRole('switch', { name: 'Show Contact Form' })).not.toBeChecked();
    await expect(settings.getByLabel('Recovery Email')).toHaveValue('owner@example.com');

    await visitAsVisitor(page);
    await expect(page.getByRole('heading', { name: 'Light & Shadow' })).toBeVisible();
    await expect(page.getByText('Photographs from the northern coast')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Contact' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: /twitter/i })).toHaveAttribute('href', 'https://x.com/lightandshadow');
    await expect(page.getByRole('link', { name: /substack/i })).toHaveAttribute(
      'href',
      'https://lightandshadow.substack.com',
    );
    await expect(page.getByRole('link', { name: /linktree/i })).toHaveAttribute(
      'href',
      'https://linktr.ee/lightandshadow',
    );

    await page.getByRole('button', { name: 'About' }).click();
    const about = page.getByRole('dialog');
    await expect(about).toContainText('I photograph the sea.');
    // The line break survives: the two lines render on two lines.
    const lines = about.getByText(/I photograph the sea\.\s*Mostly in winter\./);
    expect(await lines.evaluate((element) => (element as HTMLElement).innerText)).toContain(
      'I photograph the sea.\nMostly in winter.',
    );
  });

  test("sets the site's default language and the languages offered, which a visitor's switcher then lists", async ({ page, browser, baseURL }) => {
    const settings = await openAdmin(page);
    const languages = settings.getByRole('group', { name: 'Languages Offered' });
    // A site offers English alone until its owner offers more.
    for (const name of ['Deutsch', 'Français', 'Español', '日本語', 'العربية']) await expect(languages.getByLabel(name)).not.toBeChecked();
    for (const name of ['Deutsch', 'العربية']) await languages.getByLabel(name).check();
    // A default the site no longer offers is refused before anything is sent.
    await settings.getByLabel('Default Language').selectOption('ja');
    await settings.getByRole('button', { name: 'Save Settings' }).click();
    await expect(settings.getByText('The default language must be one of the languages offered')).toBeVisible();

    await settings.getByLabel('Default Language').selectOption('de');
    const sent = settingsRequest(page);
    await settings.getByRole('button', { name: 'Save Settings' }).click();
    expect((await sent).postDataJSON()).toMatchObject({ defaultLanguage: 'de', languages: ['en', 'de', 'ar'] });
    await expect(toasts(page).filter({ hasText: 'Settings updated' })).toBeVisible();
    expect(await currentUser(page)).toMatchObject({ defaultLanguage: 'de', languages: ['en', 'de', 'ar'] });

    // A visitor whose browser asks for none of them (Japanese) reads the default, and picks among the three.
    const visitor = await browser.newContext({ baseURL, locale: 'ja-JP' });
    try {
      const visitorPage = await visitor.newPage();
      await visitorPage.goto(screens.home);
      await expect(visitorPage.locator('html')).toHaveAttribute('lang', 'de');
      const switcher = visitorPage.getByRole('combobox', { name: 'Sprache' });
      await expect(switcher.locator('option')).toHaveText(['English', 'Deutsch', 'العربية']);
    } finally {
      await visitor.close();
    }
  });

  test('the Contact button is back once the switch is on again', async ({ page }) => {
    await signInAsOwner(page);
    await patchSettings(page.request, { portfolioTitle: 'Sea Studies', showContactForm: false });
    await page.goto(`${screens.home}?tab=admin`);
    await openAdminSection(page, 'Settings');
    const settings = page.getByRole('region', { name: 'Portfolio Settings' });
    const contactSwitch = settings.getByRole('switch', { name: 'Show Contact Form' });
    await expect(contactSwitch).not.toBeChecked();

    await contactSwitch.focus();
    await page.keyboard.press('Space');
    await expect(contactSwitch).toBeChecked();
    await settings.getByRole('button', { name: 'Save Settings' }).click();
    await expect(toasts(page).filter({ hasText: 'Settings updated' })).toBeVisible();

    await visitAsVisitor(page);
    await expect(page.getByRole('heading', { name: 'Sea Studies' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Contact' })).toBeVisible();
  });
});

test.describe('banner', () => {
  async function chooseBanner(page: Page, file: { name: string; mimeType: string; buffer: Buffer }) {
    const settings = page.getByRole('region', { name: 'Portfolio Settings' });
    const chooser = await fileChooserOpenedBy(page, () => settings.getByRole('button', { name: /^(Upload|Replace) Banner$/ }).click());
    await chooser.setFiles(file);
  }

  test('uploads, saves at once, shows the preview and the header background, then removes it', async ({ page }) => {
    await signInAsOwner(page);
    await patchSettings(page.request, { portfolioTitle: 'Harbour Lights' });
    await page.goto(`${screens.home}?tab=admin`);
    await openAdminSection(page, 'Settings');
    const settings = page.getByRole('region', { name: 'Portfolio Settings' });
    await expect(settings.getByText('The banner is cropped automatically to banner size')).toBeVisible();
    await expect(settings.getByRole('img', { name: 'Banner preview' })).toHaveCount(0);

    const uploaded = page.waitForResponse((response) => response.url().endsWith(api.uploadBanner));
    const saved = settingsRequest(page);
    await chooseBanner(page, { name: 'harbour.png', mimeType: 'image/png', buffer: await png({ width: 1200, height: 500 }) });
    const { filename } = (await (await uploaded).json()) as { filename: string };
    expect((await saved).postDataJSON()).toEqual({ bannerImage: filename });

    const toast = toasts(page).filter({ hasText: 'Banner uploaded' });
    await expect(toast).toBeVisible();
    await expect(toast).toContainText('Your banner image has been uploaded and saved successfully');
    const preview = settings.getByRole('img', { name: 'Banner preview' });
    await expect(preview).toBeVisible();
    await expect(preview).toHaveAttribute('src', new RegExp(`/uploads/${filename}\\?v=`));
    await expect.poll(() => preview.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
    expect(await currentUser(page)).toMatchObject({ bannerImage: filename });

    await visitAsVisitor(page);
    // The header card is named by its title; the banner lies behind it as a decorative image.
    const header = page.getByRole('region', { name: 'Harbour Lights' });
    await expect(header).toBeVisible();
    const background = header.locator(`img[src*="${filename}"]`);
    await expect(background).toBeVisible();
    await expect.poll(() => background.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);

    await signInAsOwner(page);
    await page.goto(`${screens.home}?tab=admin`);
    await openAdminSection(page, 'Settings');
    const removed = settingsRequest(page);
    await settings.getByRole('button', { name: 'Remove Banner' }).click();
    expect((await removed).postDataJSON()).toEqual({ bannerImage: null });
    await expect(toasts(page).filter({ hasText: 'Settings updated' })).toBeVisible();
    await expect(preview).toHaveCount(0);
    await expect(settings.getByRole('button', { name: 'Upload Banner' })).toBeVisible();
    expect(await currentUser(page)).toMatchObject({ bannerImage: null });
  });

  test('a file the server cannot read as an image fails with "Upload failed" and its message', async ({ page }) => {
    const settings = await openAdmin(page);
    const answer = page.waitForResponse((response) => response.url().endsWith(api.uploadBanner));
    await chooseBanner(page, { name: 'notes.png', mimeType: 'image/png', buffer: Buffer.from('not an image at all') });
    const response = await answer;
    expect(response.ok()).toBe(false);
    const { message } = (await response.json()) as { message: string };

    const toast = toasts(page).filter({ hasText: 'Upload failed' });
    await expect(toast).toBeVisible();
    await expect(toast).toContainText(message);
    await expect(settings.getByRole('img', { name: 'Banner preview' })).toHaveCount(0);
    expect(await currentUser(page)).toMatchObject({ bannerImage: null });
  });
});

test.describe('account', () => {
  test('changes the password, a wrong current one refused by the server, then signs in with the new one', async ({ page }) => {
    await openAdmin(page);
    await openAdminSection(page, 'Account');
    const account = page.getByRole('region', { name: 'Account' });
    await account.getByRole('button', { name: 'Change Password' }).click();
    const dialog = page.getByRole('dialog', { name: 'Change Password' });
    await expect(dialog).toBeVisible();

    // The form's own checks (required fields, the confirmation) are its component test's
    // (tests/browser/settings.browser.test.tsx); here the real server answers.
    await dialog.getByLabel('New Password', { exact: true }).fill(NEW_PASSWORD);

    // A wrong current password: the server's message, and the dialog stays open to retry.
    await dialog.getByLabel('Current Password').fill('not my password');
    await dialog.getByLabel('Confirm New Password').fill(NEW_PASSWORD);
    await dialog.getByRole('button', { name: 'Change Password' }).click();
    const refused = toastsOverDialog(page).filter({ hasText: 'Error' });
    await expect(refused).toBeVisible();
    await expect(refused).toContainText('Current password is incorrect');
    await expect(dialog).toBeVisible();

    const sentBody = page.waitForRequest((request) => request.url().endsWith(api.changePassword));
    await dialog.getByLabel('Current Password').fill(OWNER_PASSWORD);
    await dialog.getByRole('button', { name: 'Change Password' }).click();
    expect((await sentBody).postDataJSON()).toEqual({ currentPassword: OWNER_PASSWORD, newPassword: NEW_PASSWORD });
    const success = toasts(page).filter({ hasText: 'Success' });
    await expect(success).toBeVisible();
    await expect(success).toContainText('Password changed successfully');
    await expect(dialog).toBeHidden();

    // The form was reset: reopening shows empty fields.
    await account.getByRole('button', { name: 'Change Password' }).click();
    await expect(dialog.getByLabel('Current Password')).toHaveValue('');
    await expect(dialog.getByLabel('New Password', { exact: true })).toHaveValue('');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();

    // Logout from the account panel, then the new password signs in and the old one does not.
    await account.getByRole('button', { name: 'Logout', exact: true }).click();
    await expect(page).toHaveURL('/');
    await expect(page.getByRole('tab', { name: 'Admin' })).toHaveCount(0);
    expect((await page.request.get(api.currentUser)).status()).toBe(401);

    await page.goto(screens.login);
    await page.getByLabel('Username').fill(OWNER_USERNAME);
    await page.getByLabel('Password').fill(OWNER_PASSWORD);
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(toasts(page).filter({ hasText: 'Login failed' })).toBeVisible();

    await page.getByLabel('Password').fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(toasts(page).filter({ hasText: 'Login successful' })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Admin' })).toBeVisible();

    // Every other test of this worker signs in with OWNER_PASSWORD.
    const back = await page.request.post(api.changePassword, {
      data: { currentPassword: NEW_PASSWORD, newPassword: OWNER_PASSWORD },
    });
    expect(back.status(), await back.text()).toBe(200);
  });
});
