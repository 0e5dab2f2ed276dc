import { options, type VNode } from 'preact';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { PortfolioView } from '#client/app/portfolio/portfolio-view.tsx';
import { screens } from '#contract/routes.ts';
import { makeCategory, makePhoto } from '#tests/fixtures/contract.ts';
import { serveContract, type ContractServer } from './contract-fetch.ts';
import { renderApp, unmountApp } from './render-app.tsx';
import { siteHandlers } from './site.ts';

/**
 * What the portfolio page shows of the owner's settings, and of an empty site: the header card's
 * parts only when set, and the empty page's words for a visitor and for the owner. On a wide
 * screen and at a phone's 375 px, as the Playwright suite checked them on both.
 */

// The owner's drag layer, loaded before the tests: a chunk that arrived after a test had ended
// would draw into a page already taken away.
beforeAll(() => import('#client/app/admin/sortable-portfolio-view.tsx'));

let server: ContractServer | undefined;
afterEach(async () => {
  unmountApp();
  server?.restore();
  await page.viewport(1280, 800);
});

/** The owner as the Playwright tests set them before each test: every optional part off. */
const unset = { showContactForm: false };

describe.each([
  { screen: 'a wide screen', width: 1280, height: 800 },
  { screen: 'a phone', width: 375, height: 812 },
])('on $screen', ({ width, height }) => {
  beforeEach(async () => {
    await page.viewport(width, height);
  });

  describe('the header card', () => {
    it('shows About, Contact and each social button only when the owner has set it', async () => {
      server = serveContract(siteHandlers({ owner: { ...unset, portfolioTitle: 'Plain', twitterUrl: 'https://twitter.com/plain' } }));
      await renderApp(screens.home);
      const header = page.getByRole('region', { name: 'Plain' });
      await expect.element(header.getByRole('heading', { name: 'Plain' })).toBeVisible();
      await expect.element(header.getByRole('link', { name: 'Twitter' })).toBeVisible();
      expect(header.getByRole('link', { name: 'Substack' }).elements()).toHaveLength(0);
      expect(header.getByRole('link', { name: 'Linktree' }).elements()).toHaveLength(0);
      expect(page.getByRole('button', { name: 'About' }).elements()).toHaveLength(0);
      expect(page.getByRole('button', { name: 'Contact' }).elements()).toHaveLength(0);
    });

    it('is absent without a title, whatever else is set', async () => {
      server = serveContract(siteHandlers({ owner: { ...unset, aboutText: 'About me', showContactForm: true, twitterUrl: 'https://twitter.com/x' } }));
      await renderApp(screens.home);
      // Without a title the page's only level-1 heading is the hidden "Portfolio".
      await expect.element(page.getByRole('heading', { level: 1 })).toHaveTextContent(/^Portfolio$/);
      expect(page.getByRole('button', { name: 'About' }).elements()).toHaveLength(0);
      expect(page.getByRole('button', { name: 'Contact' }).elements()).toHaveLength(0);
      expect(page.getByRole('link', { name: 'Twitter' }).elements()).toHaveLength(0);
    });
  });

  describe('empty portfolio', () => {
    it('tells a visitor to check back later', async () => {
      server = serveContract(siteHandlers({ owner: unset }));
      await renderApp(screens.home);
      await expect.element(page.getByText('No categories or photos available yet')).toBeVisible();
      await expect.element(page.getByText('Check back later for updates')).toBeVisible();
    });

    it('tells the owner to use the Admin panel', async () => {
      server = serveContract(siteHandlers({ owner: unset, signedIn: true, photos: [] }));
      await renderApp(screens.home);
      await expect.element(page.getByText('No categories or photos available yet')).toBeVisible();
      await expect.element(page.getByText('Use the Admin panel to upload photos and create categories')).toBeVisible();
      expect(page.getByText('Check back later for updates').elements()).toHaveLength(0);
    });
  });
});

describe('portfolio page tabs', () => {
  it('a visitor sees only the Portfolio tab, even when the URL asks for admin', async () => {
    server = serveContract(siteHandlers({ owner: unset }));
    await renderApp(`${screens.home}?tab=admin`);
    await expect.element(page.getByRole('tab', { name: 'Portfolio' })).toHaveAttribute('aria-selected', 'true');
    // The page has drawn what a visitor gets of it.
    await expect.element(page.getByText('Check back later for updates')).toBeVisible();
    expect(page.getByRole('tab', { name: 'Admin' }).elements()).toHaveLength(0);
    expect(page.getByRole('heading', { name: 'Admin' }).elements()).toHaveLength(0);
    expect(page.getByRole('button', { name: /logout/i }).elements()).toHaveLength(0);
  });
});

describe("a visitor's small portfolio", () => {
  it('is drawn whole by its first batches of tiles, and the view then renders no more', async () => {
    const category = makeCategory(1, 0);
    // 13: one tile more than the first batch, far fewer than the first render's 48.
    const photos = Array.from({ length: 13 }, (_, index) => makePhoto(index + 1, category.id, index));
    server = serveContract(siteHandlers({ owner: unset, categories: [category], photos }));
    let renders = 0;
    const diffed = options.diffed?.bind(options);
    options.diffed = (vnode: VNode) => {
      if (vnode.type === PortfolioView) renders += 1;
      diffed?.(vnode);
    };
    try {
      await renderApp(screens.home);
      await expect.element(page.getByRole('button', { name: 'P13' })).toBeInTheDocument();
      const whenDrawn = renders;
      // A further batch is asked for by an effect, which runs a frame after its render, and drawn
      // in a task of its own: ten frames, each followed by a task, leave room for several.
      for (let frame = 0; frame < 10; frame += 1) {
        await new Promise((resolve) => requestAnimationFrame(resolve));
        await new Promise((resolve) => setTimeout(resolve));
      }
      expect(renders).toBe(whenDrawn);
    } finally {
      options.diffed = diffed;
    }
  });
});

describe("the owner's public grid", () => {
  it('gives each photo a drag handle with the hover hint "Drag to reorder"', async () => {
    const coast = { ...makeCategory(1, 0), name: 'Coast' };
    const photos = ['Bay', 'Cove', 'Reef'].map((title, order) => ({ ...makePhoto(order + 1, coast.id, order), title }));
    server = serveContract(siteHandlers({ owner: unset, signedIn: true, categories: [coast], photos }));
    await renderApp(screens.home);
    // The drag layer is loaded apart; its handles show once it is there.
    const handle = page.getByRole('button', { name: 'Drag Cove' });
    await expect.element(handle).toBeInTheDocument();

    await handle.hover();
    await expect.element(page.getByRole('tooltip', { name: 'Drag to reorder' })).toBeVisible();
    await userEvent.keyboard('{Escape}');
    await expect.element(page.getByRole('tooltip')).not.toBeInTheDocument();
    // Keyboard users get the same hint on focus.
    (handle.element() as HTMLElement).focus();
    await expect.element(page.getByRole('tooltip', { name: 'Drag to reorder' })).toBeVisible();
  });
});
