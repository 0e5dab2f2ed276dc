import { expect, OWNER_PASSWORD, OWNER_USERNAME, signInAsOwner, test, toasts } from './fixtures.ts';
import { api, pathTo, screens } from '#contract/routes.ts';

test.describe('login', () => {
  test('signs the owner in, greets them and lands on the portfolio with the Admin tab', async ({ page }) => {
    await page.goto(screens.login);
    await expect(page.getByRole('heading', { name: 'Login' })).toBeVisible();

    await page.getByLabel('Username').fill(OWNER_USERNAME);
    await page.getByLabel('Password').fill(OWNER_PASSWORD);
    await page.getByRole('button', { name: 'Login' }).click();

    const toast = toasts(page).filter({ hasText: 'Login successful' });
    await expect(toast).toBeVisible();
    await expect(toast).toContainText('Welcome back!');
    await expect(page).toHaveURL('/');
    await expect(page.getByRole('tab', { name: 'Admin' })).toBeVisible();
    await expect(page.getByRole('button', { name: new RegExp(`logout.*${OWNER_USERNAME}`, 'i') })).toBeVisible();
  });

  test('refuses wrong credentials with a destructive toast carrying the server message', async ({ page }) => {
    await page.goto(screens.login);
    await page.getByLabel('Username').fill(OWNER_USERNAME);
    await page.getByLabel('Password').fill('not the password');

    const answer = page.waitForResponse((response) => response.url().endsWith(api.login));
    await page.getByRole('button', { name: 'Login' }).click();
    const response = await answer;
    expect(response.status()).toBe(401);
    const body = (await response.json()) as { message?: string };

    const toast = toasts(page).filter({ hasText: 'Login failed' });
    await expect(toast).toBeVisible();
    await expect(toast).toContainText(body.message || 'Invalid credentials');
    await expect(page).toHaveURL('/login');
    await expect(page.getByRole('button', { name: 'Login' })).toBeEnabled();
  });
});

test.describe('logout', () => {
  test('ends the session and returns to the visitor portfolio', async ({ page }) => {
    await signInAsOwner(page);
    await page.goto(screens.home);
    const logout = page.getByRole('button', { name: new RegExp(`logout.*${OWNER_USERNAME}`, 'i') });
    await expect(page.getByRole('tab', { name: 'Admin' })).toBeVisible();

    await logout.click();

    await expect(logout).toBeHidden();
    await expect(page.getByRole('tab', { name: 'Admin' })).toHaveCount(0);
    await expect(page.getByRole('tab', { name: 'Portfolio' })).toBeVisible();
    await expect(page).toHaveURL('/');
    expect((await page.request.get(api.currentUser)).status()).toBe(401);
  });
});

test.describe('portfolio page tabs', () => {
  test('the owner switches between the Portfolio and Admin views', async ({ page }) => {
    await signInAsOwner(page);
    await page.goto(screens.home);
    await page.getByRole('tab', { name: 'Admin' }).click();
    await expect(page.getByRole('tab', { name: 'Admin' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('heading', { name: 'Admin' })).toBeVisible();
    await expect(page).toHaveURL('/?tab=admin');

    await page.reload();
    await expect(page.getByRole('tab', { name: 'Admin' })).toHaveAttribute('aria-selected', 'true');

    await page.getByRole('tab', { name: 'Portfolio' }).click();
    await expect(page.getByRole('heading', { name: 'Admin' })).toHaveCount(0);
    await expect(page).toHaveURL('/');
  });

  test('/{username} shows the portfolio page, and the username route does not take /login', async ({ page }) => {
    await page.goto(pathTo(screens.userHome, { username: OWNER_USERNAME }));
    await expect(page.getByRole('tab', { name: 'Portfolio' })).toBeVisible();
    await page.goto(screens.login);
    await expect(page.getByRole('heading', { name: 'Login' })).toBeVisible();
  });
});

test('an unknown path shows the not-found screen', async ({ page }) => {
  await page.goto('/some/unknown/path');
  await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
  await expect(page.getByText('Did you forget to add the page to the router?')).toBeVisible();
});
