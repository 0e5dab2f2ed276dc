import { createHmac } from 'node:crypto';
import { api, pathTo, screens } from '#contract/routes.ts';
import type { Webhook } from '#contract/webhooks.ts';
import { startWebhookReceiver } from '#tests/setup/webhook-receiver.ts';
import { expect, signInAsOwner, test, toasts } from './fixtures.ts';

test('a webhook: added with its events, its secret copied once, tested, its log read, deleted', async ({ page, context, baseURL }) => {
  const receiver = await startWebhookReceiver();
  try {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
    await signInAsOwner(page);
    // What an earlier test on this worker's server left.
    for (const hook of await (await page.request.get(api.webhooks)).json() as Webhook[]) {
      await page.request.delete(pathTo(api.webhook, { id: hook.id }));
    }
    await page.goto(`${screens.home}?tab=admin&section=account`);
    const panel = page.getByRole('region', { name: 'Webhooks' });
    await expect(panel.getByText('No webhooks yet.')).toBeVisible();

    const url = `${receiver.url}/atelier`;
    await panel.getByRole('textbox', { name: 'URL' }).fill(url);
    await panel.getByRole('button', { name: 'Add webhook' }).click();
    await expect(panel.getByText('Choose at least one event')).toBeVisible();
    await panel.getByRole('checkbox', { name: /photo\.created/ }).check();
    await panel.getByRole('checkbox', { name: /picks\.submitted/ }).check();
    await panel.getByRole('button', { name: 'Add webhook' }).click();

    // Shown once, with a copy button; the clipboard holds the secret.
    const made = panel.getByRole('region', { name: "New webhook's secret" });
    const shown = await made.getByLabel('Signing secret').inputValue();
    expect(shown).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    await made.getByRole('button', { name: 'Copy secret' }).click();
    // The copy is done once its toast shows: read the clipboard no sooner.
    await expect(toasts(page).filter({ hasText: 'Secret copied' })).toBeVisible();
    const secret = await page.evaluate(() => navigator.clipboard.readText());
    expect(secret).toBe(shown);
    await made.getByRole('button', { name: 'Done' }).click();
    await expect(made).toBeHidden();
    const row = panel.getByRole('listitem').filter({ hasText: url });
    await expect(row).toContainText('photo.created, picks.submitted');
    await expect(row).toContainText(`Secret ending …${secret.slice(-4)}`);
    await expect(panel).not.toContainText(secret);

    // "Send test": a signed ping reaches the receiver, and the log says so.
    await row.getByRole('button', { name: 'Send test' }).click();
    await expect(row.getByRole('list', { name: 'Deliveries' }).getByRole('listitem').first()).toContainText('Delivered');
    await expect(row.getByRole('list', { name: 'Deliveries' })).toContainText('ping');
    await expect(row.getByRole('list', { name: 'Deliveries' })).toContainText('HTTP 204');
    expect(receiver.received).toHaveLength(1);
    const [ping] = receiver.received;
    expect(ping!.path).toBe('/atelier');
    expect(ping!.headers['x-atelier-signature']).toBe(`sha256=${createHmac('sha256', secret).update(ping!.body).digest('hex')}`);
    expect(JSON.parse(ping!.body)).toMatchObject({ event: 'ping' });

    // A private address is refused by a site's default setting; this server allows it for the
    // test's receiver, so the refusal shown under the field is the URL's own: not http(s).
    await panel.getByRole('textbox', { name: 'URL' }).fill('ftp://example.com/hook');
    await panel.getByRole('checkbox', { name: /gallery\.opened/ }).check();
    await panel.getByRole('button', { name: 'Add webhook' }).click();
    await expect(panel.getByText('Enter an http:// or https:// address')).toBeVisible();

    await row.getByRole('button', { name: `Delete the webhook ${url}` }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete this webhook?' });
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(confirm).toBeHidden();
    await expect(panel.getByText('No webhooks yet.')).toBeVisible();
  } finally {
    await receiver.close();
  }
});
