import { api, screens } from '#contract/routes.ts';
import { expect, OWNER_PASSWORD, signInAsOwner, test, toasts } from './fixtures.ts';

test('an API token: made with its scopes, copied once, used by a tool, revoked, then refused', async ({ page, context, baseURL }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
  await signInAsOwner(page);
  await page.goto(`${screens.home}?tab=admin&section=account`);
  const panel = page.getByRole('region', { name: 'API tokens' });
  await expect(panel).toBeVisible();
  await expect(panel.getByText('No tokens yet.')).toBeVisible();

  // Nothing is made without a scope.
  await panel.getByRole('textbox', { name: 'Name', exact: true }).fill('Lightroom on the studio Mac');
  await panel.getByRole('button', { name: 'Make token' }).click();
  await expect(panel.getByText('Choose at least one scope')).toBeVisible();
  await panel.getByRole('checkbox', { name: /categories:write/ }).check();
  await panel.getByRole('checkbox', { name: /photos:read/ }).check();
  await panel.getByRole('button', { name: 'Make token' }).click();

  // A token outlives the session: the owner confirms it is them first, as for a passkey.
  const itIsYou = page.getByRole('dialog', { name: 'Confirm It’s You' });
  await itIsYou.getByLabel('Password').fill(OWNER_PASSWORD);
  await itIsYou.getByRole('button', { name: 'Confirm' }).click();
  await expect(itIsYou).toBeHidden();

  // Shown once, with a copy button; what the clipboard holds is the token.
  const made = panel.getByRole('region', { name: 'New token Lightroom on the studio Mac' });
  const shown = await made.getByLabel('Token Lightroom on the studio Mac').inputValue();
  expect(shown).toMatch(/^atl_[A-Za-z0-9_-]{43}$/);
  await made.getByRole('button', { name: 'Copy token' }).click();
  // The copy is done once its toast shows: read the clipboard no sooner.
  await expect(toasts(page).filter({ hasText: 'Token copied' })).toBeVisible();
  const token = await page.evaluate(() => navigator.clipboard.readText());
  expect(token).toBe(shown);
  await made.getByRole('button', { name: 'Done' }).click();
  await expect(made).toBeHidden();
  const row = panel.getByRole('listitem').filter({ hasText: 'Lightroom on the studio Mac' });
  await expect(row).toContainText(`Ending …${token.slice(-4)}`);
  await expect(row).toContainText('never used');
  await expect(panel).not.toContainText(token);

  // A tool calls with it: no cookie, no Origin, only the header.
  const call = (path: string, init: RequestInit = {}) =>
    fetch(new URL(path, baseURL), { ...init, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...init.headers } });
  const created = await call(api.categories, { method: 'POST', body: JSON.stringify({ name: 'From Lightroom' }) });
  expect(created.status, await created.clone().text()).toBe(201);
  const scopeMissing = await call(api.photosDelete, { method: 'POST', body: JSON.stringify({ ids: [1] }) });
  expect(scopeMissing.status).toBe(403);
  expect((await scopeMissing.json()).code).toBe('auth.token_scope_missing');
  expect((await call(api.security)).status).toBe(403);

  // Its last use shows once the list is read again.
  await page.reload();
  await expect(row).not.toContainText('never used');
  await expect(row).toContainText('last used');

  await row.getByRole('button', { name: 'Revoke the token Lightroom on the studio Mac' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Revoke this token?' });
  await confirm.getByRole('button', { name: 'Revoke' }).click();
  await expect(confirm).toBeHidden();
  await expect(panel.getByText('No tokens yet.')).toBeVisible();

  const refused = await call(api.categories);
  expect(refused.status).toBe(401);
  expect((await refused.json()).code).toBe('auth.token_invalid');
});
