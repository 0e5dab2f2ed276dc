import '#client/styles.css';
import { afterEach, describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import { CurrentUser } from '#contract/auth.ts';
import { BANNER_MAX_BYTES } from '#contract/portfolio.ts';
import { api } from '#contract/routes.ts';
import { Toaster } from '#client/components/ui/toaster.tsx';
import { dismissToast } from '#client/components/ui/use-toast.ts';
import { ChangePasswordDialog } from '#client/features/owner/components/change-password-dialog.tsx';
import { PortfolioSettingsPanel } from '#client/features/owner/components/portfolio-settings-panel.tsx';
import { makeOwner } from '#tests/fixtures/contract.ts';
import { axeViolations } from './axe.ts';
import { refuse, refuseWith, reply, serveContract, type ContractServer } from './contract-fetch.ts';
import { renderComponent, unmountComponent } from './render-app.tsx';
import { toast } from './toasts.ts';

/**
 * The owner's settings form and password dialog: what they check before sending, what they send,
 * and what they say when the server refuses. What the server keeps of a save is its API test's.
 */

let server: ContractServer | undefined;
afterEach(() => {
  dismissToast();
  unmountComponent();
  server?.restore();
});

const settings = () => page.getByRole('region', { name: 'Portfolio Settings' });

/** The settings form as the owner finds it, with the toaster that reports its saves. */
async function renderSettings() {
  renderComponent(
    <>
      <PortfolioSettingsPanel />
      <Toaster />
    </>,
  );
  await expect.element(settings()).toBeVisible();
}

async function bodiesSentTo(route: Parameters<ContractServer['sentTo']>[0]): Promise<unknown[]> {
  return Promise.all(server!.sentTo(route).map((request) => request.clone().json()));
}

const OWNER_PASSWORD = 'correct horse battery staple';

describe('portfolio settings', () => {
  it('shows each field error inline and sends nothing until they are fixed', async () => {
    const owner = makeOwner({ email: null });
    server = serveContract({
      [`GET ${api.currentUser}`]: () => reply(CurrentUser, owner),
      [`PATCH ${api.portfolioSettings}`]: () => reply(CurrentUser, { ...owner, portfolioTitle: 'a'.repeat(255), twitterUrl: 'https://x.com/fixed' }),
    });
    await renderSettings();
    const form = settings();

    await form.getByLabelText('Portfolio Title').fill('a'.repeat(256));
    await form.getByLabelText('Portfolio Subtitle').fill('b'.repeat(501));
    await form.getByLabelText('Twitter URL').fill('not a url');
    await form.getByLabelText('Substack URL').fill('javascript:alert(1)');
    await form.getByLabelText('Linktree URL').fill(`https://linktr.ee/${'c'.repeat(500)}`);
    await form.getByLabelText('Recovery Email').fill('not-an-email');
    await form.getByRole('button', { name: 'Save Settings' }).click();

    await expect.element(form.getByText('Title must be at most 255 characters')).toBeVisible();
    await expect.element(form.getByText('Subtitle must be at most 500 characters')).toBeVisible();
    await expect.poll(() => form.getByText('Please enter a valid URL').elements().length).toBe(2);
    await expect.element(form.getByText('URL must be at most 500 characters')).toBeVisible();
    await expect.element(form.getByText('Valid email is required')).toBeVisible();
    await expect.element(form.getByLabelText('Portfolio Title')).toHaveAttribute('aria-invalid', 'true');
    await expect.element(form.getByLabelText('Twitter URL')).toHaveAttribute('aria-invalid', 'true');
    expect(await axeViolations({ serious: true })).toEqual([]);

    await form.getByLabelText('Portfolio Title').fill('a'.repeat(255));
    await form.getByLabelText('Portfolio Subtitle').fill('');
    await form.getByLabelText('Twitter URL').fill('https://x.com/fixed');
    await form.getByLabelText('Substack URL').fill('');
    await form.getByLabelText('Linktree URL').fill('');
    await form.getByLabelText('Recovery Email').fill('');
    expect(server.sentTo(`PATCH ${api.portfolioSettings}`)).toHaveLength(0);

    await form.getByRole('button', { name: 'Save Settings' }).click();
    await expect.poll(() => server!.sentTo(`PATCH ${api.portfolioSettings}`).length).toBe(1);
    await expect.element(toast('Settings updated')).toBeVisible();
    await expect.element(form.getByText('Title must be at most 255 characters')).not.toBeInTheDocument();
    await expect.element(form.getByLabelText('Portfolio Title')).not.toHaveAttribute('aria-invalid');
  });

  it('sends blank values as null, leaves a blank title out, and trims the rest', async () => {
    const owner = makeOwner({
      portfolioTitle: 'Kept Title',
      portfolioSubtitle: 'An old subtitle',
      aboutText: 'Old about text',
      twitterUrl: 'https://x.com/old',
      email: 'old@example.com',
    });
    // What the server keeps of that save (its API test checks it does).
    const saved = { ...owner, portfolioSubtitle: null, aboutText: null, twitterUrl: null, substackUrl: 'https://trimmed.substack.com', email: null };
    server = serveContract({
      [`GET ${api.currentUser}`]: () => reply(CurrentUser, owner),
      [`PATCH ${api.portfolioSettings}`]: () => reply(CurrentUser, saved),
    });
    await renderSettings();
    const form = settings();
    await expect.element(form.getByLabelText('Portfolio Title')).toHaveValue('Kept Title');

    await form.getByLabelText('Portfolio Title').fill('   ');
    await form.getByLabelText('Portfolio Subtitle').fill('  \n ');
    await form.getByLabelText('About Text').fill('');
    await form.getByLabelText('Twitter URL').fill('   ');
    await form.getByLabelText('Substack URL').fill('  https://trimmed.substack.com  ');
    await form.getByLabelText('Recovery Email').fill('');
    await form.getByLabelText('Current Password').fill(OWNER_PASSWORD);
    await form.getByRole('button', { name: 'Save Settings' }).click();

    await expect.poll(() => bodiesSentTo(`PATCH ${api.portfolioSettings}`)).toHaveLength(1);
    const [body] = await bodiesSentTo(`PATCH ${api.portfolioSettings}`);
    expect(body).not.toHaveProperty('portfolioTitle');
    expect(body).toEqual({
      portfolioSubtitle: null,
      aboutText: null,
      showContactForm: true,
      showCameraDetails: false,
      showOtherSection: true,
      showEmptyCategories: true,
      hideFileNameTitles: false,
      autoplayVideos: false,
      twitterUrl: null,
      substackUrl: 'https://trimmed.substack.com',
      linktreeUrl: null,
      themeDefault: 'system',
      topBarBrand: 'product',
      headingFont: 'sans',
      compactTopBar: false,
      defaultLanguage: 'en',
      languages: ['en', 'de', 'fr', 'es', 'ja', 'ar'],
      email: null,
      currentPassword: OWNER_PASSWORD,
    });
    await expect.element(toast('Settings updated')).toBeVisible();

    // The title a blank left untouched is shown again; the cleared fields stay empty.
    await expect.element(form.getByLabelText('Portfolio Title')).toHaveValue('Kept Title');
    await expect.element(form.getByLabelText('Portfolio Subtitle')).toHaveValue('');
    await expect.element(form.getByLabelText('Substack URL')).toHaveValue('https://trimmed.substack.com');
  });

  it('changing the recovery email asks for the current password, and shows the refusal of a wrong one', async () => {
    server = serveContract({
      [`GET ${api.currentUser}`]: () => reply(CurrentUser, makeOwner({ email: null })),
      [`PATCH ${api.portfolioSettings}`]: () => refuseWith(400, 'auth.current_password_incorrect'),
    });
    await renderSettings();
    const form = settings();

    await form.getByLabelText('Recovery Email').fill('someone-else@example.com');
    const password = form.getByLabelText('Current Password');
    await expect.element(password).toHaveAttribute('type', 'password');
    await expect.element(password).toHaveAttribute('autocomplete', 'current-password');
    await form.getByRole('button', { name: 'Save Settings' }).click();
    await expect.element(form.getByText('Current password is required')).toBeVisible();
    await expect.element(password).toHaveAttribute('aria-invalid', 'true');
    expect(server.sentTo(`PATCH ${api.portfolioSettings}`)).toHaveLength(0);

    await password.fill('not my password');
    await form.getByRole('button', { name: 'Save Settings' }).click();
    await expect.poll(() => bodiesSentTo(`PATCH ${api.portfolioSettings}`)).toEqual([
      expect.objectContaining({ email: 'someone-else@example.com', currentPassword: 'not my password' }),
    ]);
    const refused = toast('Update failed');
    await expect.element(refused).toBeVisible();
    await expect.element(refused).toHaveTextContent('Current password is incorrect');

    // Back to the saved address: the password field goes away and nothing asks for it.
    await form.getByLabelText('Recovery Email').fill('');
    await expect.element(form.getByLabelText('Current Password')).not.toBeInTheDocument();
  });

  it('a refused save shows "Update failed" with the server message, or the fallback without one', async () => {
    const answers = [refuse(500, 'Disk full'), refuse(502)];
    server = serveContract({
      [`GET ${api.currentUser}`]: () => reply(CurrentUser, makeOwner({ email: null })),
      [`PATCH ${api.portfolioSettings}`]: () => answers.shift() ?? refuse(500),
    });
    await renderSettings();
    const form = settings();
    await form.getByLabelText('Portfolio Title').fill('Never saved');
    await form.getByRole('button', { name: 'Save Settings' }).click();

    const refused = toast('Update failed');
    await expect.element(refused).toBeVisible();
    await expect.element(refused).toHaveTextContent('Disk full');
    await expect.element(form.getByLabelText('Portfolio Title')).toHaveValue('Never saved');

    // Without a message from the server the fallback text says what failed. The toast, in the
    // corner, covers the button on this screen: the owner closes it first.
    await refused.getByRole('button', { name: 'Close' }).click();
    await expect.element(refused).not.toBeInTheDocument();
    await form.getByRole('button', { name: 'Save Settings' }).click();
    await expect.element(toast('Failed to update portfolio settings')).toBeVisible();
  });
});

describe('banner', () => {
  it('refuses a too large or a wrong-type file before sending it', async () => {
    server = serveContract({ [`GET ${api.currentUser}`]: () => reply(CurrentUser, makeOwner({ email: null })) });
    await renderSettings();
    const form = settings();
    const input = form.getByLabelText('Banner image file');

    await input.upload(new File([new Uint8Array(BANNER_MAX_BYTES + 1)], 'huge.png', { type: 'image/png' }));
    await expect.element(form.getByRole('alert')).toHaveTextContent(/^The banner must be at most 5 MB$/);

    // A GIF's signature is enough: the picker goes by its type.
    await input.upload(new File(['GIF89a'], 'moving.gif', { type: 'image/gif' }));
    await expect.element(form.getByRole('alert')).toHaveTextContent(/^The banner must be a JPEG, PNG or WebP image$/);

    expect(server.sentTo(`POST ${api.uploadBanner}`)).toHaveLength(0);
    expect(form.getByRole('img', { name: 'Banner preview' }).elements()).toHaveLength(0);
  });
});

describe('account', () => {
  const dialog = () => page.getByRole('dialog', { name: 'Change Password' });

  async function renderAccount() {
    renderComponent(
      <>
        <ChangePasswordDialog />
        <Toaster />
      </>,
    );
    await page.getByRole('button', { name: 'Change Password' }).click();
    await expect.element(dialog()).toBeVisible();
  }

  it('checks the password form before sending anything', async () => {
    server = serveContract({ [`GET ${api.currentUser}`]: () => reply(CurrentUser, makeOwner()) });
    await renderAccount();
    const form = dialog();

    await form.getByRole('button', { name: 'Change Password' }).click();
    await expect.element(form.getByText('Current password is required')).toBeVisible();
    await expect.element(form.getByText('New password must be at least 6 characters')).toBeVisible();
    await expect.element(form.getByText('Please confirm your new password')).toBeVisible();
    expect(await axeViolations({ serious: true })).toEqual([]);

    await form.getByLabelText('Current Password').fill(OWNER_PASSWORD);
    await form.getByLabelText('New Password', { exact: true }).fill('a brand new passphrase');
    await form.getByLabelText('Confirm New Password').fill('a brand new passphrase!');
    await form.getByRole('button', { name: 'Change Password' }).click();
    await expect.element(form.getByText("Passwords don't match")).toBeVisible();
    await expect.element(form.getByLabelText('Confirm New Password')).toHaveAttribute('aria-invalid', 'true');
    await expect.element(form.getByText('Current password is required')).not.toBeInTheDocument();
    expect(server.sentTo(`POST ${api.changePassword}`)).toHaveLength(0);
  });

  it('a failed change without a server message shows the fallback', async () => {
    server = serveContract({
      [`GET ${api.currentUser}`]: () => reply(CurrentUser, makeOwner()),
      [`POST ${api.changePassword}`]: () => refuse(503),
    });
    await renderAccount();
    const form = dialog();
    await form.getByLabelText('Current Password').fill(OWNER_PASSWORD);
    await form.getByLabelText('New Password', { exact: true }).fill('a brand new passphrase');
    await form.getByLabelText('Confirm New Password').fill('a brand new passphrase');
    await form.getByRole('button', { name: 'Change Password' }).click();

    const refused = toast('Error');
    await expect.element(refused).toBeVisible();
    await expect.element(refused).toHaveTextContent('Failed to change password');
    await expect.element(form).toBeVisible();
  });
});
