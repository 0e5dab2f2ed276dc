import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { adminQuery } from '#contract/admin-sections.ts';
import type { NewGalleryLink } from '#contract/galleries.ts';
import { LANGUAGES, SOURCE_LANGUAGE, type Language } from '#contract/languages.ts';
import { api, pathTo, screens } from '#contract/routes.ts';
import { scrollToCategory } from './admin-helpers.ts';
import { axeViolations } from './axe.ts';
import { PERSONS_BROWSER_AGENT, signInAsOwner } from './fixtures.ts';
import { expect, imagesSettled, test, tile } from './portfolio-helpers.ts';
import { keepLook } from './screenshots.ts';
import { touch } from './touch.ts';
import { SAME_IN, textsOnPage } from '#tests/fixtures/texts-on-page.ts';

/**
 * The visitor's screens in each language the site speaks, as the built server sends them and a
 * desktop and a phone draw them: nothing of the catalog's English left, no text cut off or running
 * past the screen, axe clean, Arabic drawn right to left. SCREENSHOT_DIR keeps their looks.
 */

/** The catalog's English texts without placeholders: what a translated screen must not show. */
const ENGLISH = [...fs.readFileSync('src/client/locales/en/visitor.po', 'utf8').matchAll(/^msgid "(.+)"$/gm)]
  .map((match) => match[1]!.replace(/\\"/g, '"'))
  .filter((text) => !text.includes('{'));

/** What each language calls the controls the test presses. */
const WORDS: Record<Exclude<Language, 'en'>, { contact: string; send: string }> = {
  de: { contact: 'Kontakt', send: 'Nachricht senden' },
  fr: { contact: 'Contact', send: 'Envoyer le message' },
  es: { contact: 'Contacto', send: 'Enviar mensaje' },
  ja: { contact: 'お問い合わせ', send: 'メッセージを送信' },
  ar: { contact: 'تواصل', send: 'إرسال الرسالة' },
};

/** The catalog's English texts the page shows: text, labels and alternative texts. */
async function englishLeft(page: Page, language: Exclude<Language, 'en'>): Promise<string[]> {
  const texts = new Set(await page.evaluate(textsOnPage));
  return ENGLISH.filter((text) => texts.has(text) && !SAME_IN[language].includes(text));
}

/**
 * Text that does not fit: the page wider than the screen, or a control, heading or label whose
 * text runs past its own box (cut off by its overflow, or by an ellipsis).
 */
async function cutOff(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    if (document.documentElement.scrollWidth > window.innerWidth + 1) found.push(`the page is ${document.documentElement.scrollWidth} px wide`);
    for (const element of document.querySelectorAll<HTMLElement>('button, a, label, h1, h2, h3, p, span, [role="tab"]')) {
      if (!element.textContent?.trim() || element.closest('[aria-hidden="true"], .sr-only')) continue;
      const style = getComputedStyle(element);
      if (style.display === 'none' || style.visibility === 'hidden' || style.position === 'absolute') continue;
      const clips = style.overflowX !== 'visible' || style.textOverflow === 'ellipsis';
      if (clips && element.scrollWidth > element.clientWidth + 1) found.push(`${element.tagName.toLowerCase()}: ${element.textContent.trim()}`);
    }
    return found;
  });
}

test.describe("the visitor's screens in each language", { tag: '@phone' }, () => {
  for (const language of ['de', 'fr', 'es', 'ja', 'ar'] as const) {
    test(`the portfolio, the contact form and the viewer in ${language}`, async ({ page, owner, hasTouch }) => {
      await owner.setSettings({ portfolioTitle: 'Ada Atelier', aboutText: 'Street photography from Lisbon.', showContactForm: true, languages: [...LANGUAGES] });
      const category = await owner.createCategory('Lisboa');
      const photos = [await owner.createPhoto({ title: 'Alfama' }), await owner.createPhoto({ title: 'Tejo' }), await owner.createPhoto({ title: 'Belém' })];
      await owner.placePhotos(photos, category.id);

      // A link sent in the visitor's language, whatever their browser asks for.
      await page.goto(`${screens.home}?lang=${language}`);
      await expect(page.locator('html')).toHaveAttribute('lang', language);
      await expect(page.locator('html')).toHaveAttribute('dir', language === 'ar' ? 'rtl' : 'ltr');
      await expect(page.getByRole('heading', { name: 'Ada Atelier' })).toBeVisible();
      await expect(tile(page, 'Belém')).toBeVisible();
      await imagesSettled(page);
      expect(await englishLeft(page, language)).toEqual([]);
      expect(await cutOff(page)).toEqual([]);
      expect(await axeViolations(page)).toEqual([]);
      if (language === 'ar') {
        // Mirrored: the first photo of a row stands at its right.
        const first = await tile(page, 'Alfama').boundingBox();
        const second = await tile(page, 'Tejo').boundingBox();
        expect(first!.x).toBeGreaterThan(second!.x);
      }
      if (['de', 'ja', 'ar'].includes(language)) await keepLook(page, `portfolio-${language}`);

      // The remembered choice: the next page, without ?lang=, is in the same language.
      await page.goto(screens.home);
      await expect(page.locator('html')).toHaveAttribute('lang', language);

      const words = WORDS[language];
      await page.getByRole('button', { name: words.contact }).click();
      const dialog = page.getByRole('dialog', { name: words.contact });
      await dialog.getByRole('button', { name: words.send }).click();
      await expect(dialog.locator('[aria-invalid="true"]').first()).toBeVisible();
      expect(await englishLeft(page, language)).toEqual([]);
      expect(await cutOff(page)).toEqual([]);
      expect(await axeViolations(page)).toEqual([]);
      await page.keyboard.press('Escape');

      await tile(page, 'Alfama').click();
      const viewer = page.locator('[data-photo-viewer]');
      await expect(viewer).toBeVisible();
      // On: the right arrow, or the left one read right to left.
      await page.keyboard.press(language === 'ar' ? 'ArrowLeft' : 'ArrowRight');
      await expect(page.getByRole('dialog', { name: 'Tejo' })).toBeVisible();
      expect(await englishLeft(page, language)).toEqual([]);
      expect(await axeViolations(page)).toEqual([]);
      if (['de', 'ja', 'ar'].includes(language)) await keepLook(page, `viewer-${language}`);
      if (hasTouch) {
        // On by a swipe against the reading direction, as a page is turned: leftwards, or rightwards
        // in Arabic; then back the other way. Above the stage's step buttons, at its middle.
        const leftwards = () => touch(page, [{ x: 300, y: 300 }], [{ x: 60, y: 305 }]);
        const rightwards = () => touch(page, [{ x: 60, y: 300 }], [{ x: 300, y: 305 }]);
        await (language === 'ar' ? rightwards() : leftwards());
        await expect(page.getByRole('dialog', { name: 'Belém' })).toBeVisible();
        await (language === 'ar' ? leftwards() : rightwards());
        await expect(page.getByRole('dialog', { name: 'Tejo' })).toBeVisible();
      }
    });
  }
});

/** A catalog's translation of `text` into `language` (the text itself in English, or where the catalog leaves it blank). */
function translated(catalog: 'owner' | 'gallery', language: Language, text: string): string {
  if (language === SOURCE_LANGUAGE) return text;
  const po = fs.readFileSync(`src/client/locales/${language}/${catalog}.po`, 'utf8');
  const escaped = text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/"/g, '\\\\"');
  const match = new RegExp(`^msgid "${escaped}"\\nmsgstr "(.*)"$`, 'm').exec(po);
  if (!match) throw new Error(`${text} is not in the ${catalog} catalog`);
  return match[1] || text;
}

/**
 * What does not fit a phone: the page wider than the screen, a button or a select whose text runs
 * past its box, and a control a finger cannot hit (under 44 px; a link inside a sentence is the sentence's, a
 * checkbox's target is its label, a switch's the area around it that takes a tap).
 */
async function phoneMisfits(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    if (document.documentElement.scrollWidth > window.innerWidth) found.push(`the page is ${document.documentElement.scrollWidth} px wide`);
    const shown = (element: HTMLElement) => {
      const style = getComputedStyle(element);
      const box = element.getBoundingClientRect();
      return style.display !== 'none' && style.visibility !== 'hidden' && style.pointerEvents !== 'none' && box.width > 1 && box.height > 1 && !element.closest('.sr-only, [aria-hidden="true"]');
    };
    const name = (element: HTMLElement) => {
      const label = element.getAttribute('aria-label') ?? ((element as HTMLButtonElement).labels?.[0] ?? element).textContent ?? '';
      return `${element.tagName.toLowerCase()} "${label.trim().slice(0, 60)}"`;
    };
    for (const button of document.querySelectorAll<HTMLElement>('button, [role="button"], [role="tab"]')) {
      // A switch has no text, and its touch area (below) runs past its box.
      if (!shown(button) || button.getAttribute('role') === 'switch') continue;
      if (button.scrollWidth > button.clientWidth + 1) found.push(`${name(button)}: text ${button.scrollWidth} px in ${button.clientWidth}`);
    }
    // A select shows its choice on one line, cut where it does not fit: the text against the room
    // its box leaves beside the browser's arrow (about 20 px).
    const context = document.createElement('canvas').getContext('2d')!;
    for (const select of document.querySelectorAll<HTMLSelectElement>('select')) {
      const style = getComputedStyle(select);
      // Drawn over by its own label (the language switcher's code), the select is not seen.
      if (!shown(select) || style.opacity === '0') continue;
      context.font = style.font;
      const text = context.measureText(select.selectedOptions[0]?.text ?? '').width;
      const room = select.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - 20;
      if (text > room) found.push(`${name(select)}: text ${Math.round(text)} px in ${Math.round(room)}`);
    }
    const targets = 'button, [role="button"], [role="tab"], a[href], select, input:not([type="hidden"]), textarea, summary';
    for (const target of document.querySelectorAll<HTMLElement>(targets)) {
      if (!shown(target)) continue;
      // A link within a line of text: its size is the text's (WCAG 2.5.8's inline exception).
      if (target.tagName === 'A' && target.parentElement?.closest('p, li') && getComputedStyle(target).display === 'inline') continue;
      // A checkbox in its label: a tap on the label ticks it, so the label is the target.
      const box = (target.matches('input[type="checkbox"], input[type="radio"]') ? (target.closest('label') ?? target) : target).getBoundingClientRect();
      // A switch is drawn 24 px tall: an invisible area around it takes a finger (measured below).
      if (target.getAttribute('role') === 'switch') continue;
      if (box.width < 44 || box.height < 44) found.push(`${name(target)}: ${Math.round(box.width)}×${Math.round(box.height)} px`);
    }
    // A switch's target is where a tap lands on it: the 44 px square around its middle, tapped at
    // its middle, its edges' middles and its corners, with no other control inside that square.
    const scrolled = { x: window.scrollX, y: window.scrollY };
    const others = [...document.querySelectorAll<HTMLElement>(targets)].filter((other) => other.getAttribute('role') !== 'switch' && shown(other));
    for (const control of document.querySelectorAll<HTMLElement>('[role="switch"]')) {
      if (!shown(control)) continue;
      control.scrollIntoView({ block: 'center', inline: 'center', behavior: 'instant' });
      const box = control.getBoundingClientRect();
      const [x, y] = [box.left + box.width / 2, box.top + box.height / 2];
      const missed = [-21, 0, 21].flatMap((dx) => [-21, 0, 21].map((dy) => [x + dx, y + dy] as const)).filter(([px, py]) => document.elementFromPoint(px, py)?.closest('[role="switch"]') !== control);
      if (missed.length > 0) found.push(`${name(control)}: a tap at ${missed.map(([px, py]) => `${Math.round(px - x)},${Math.round(py - y)}`).join(' ')} from its middle misses it`);
      for (const other of others) {
        const near = other.getBoundingClientRect();
        if (near.left < x + 22 && near.right > x - 22 && near.top < y + 22 && near.bottom > y - 22) found.push(`${name(control)}: ${name(other)} within its 44 px`);
      }
    }
    window.scrollTo({ left: scrolled.x, top: scrolled.y, behavior: 'instant' });
    return found;
  });
}

test.describe("the owner's admin and a client's gallery on a 375 px phone, in each language", { tag: '@phone' }, () => {
  // A person's browser: a bot's request gets a gallery's page without its photos.
  test.use({ userAgent: PERSONS_BROWSER_AGENT });
  // Touch targets are a touch screen's: the phone project's, not a narrow desktop window's.
  test.skip(({ hasTouch }) => !hasTouch, 'a phone with a touch screen: the phone project runs these');

  for (const language of LANGUAGES) {
    test(`every section of the admin, its dialogs a phone opens most, and a gallery's page, fit a phone in ${language}`, async ({ page, owner }) => {
      await owner.setSettings({ portfolioTitle: 'Ada Atelier', showContactForm: true, languages: [...LANGUAGES] });
      const category = await owner.createCategory('Hochzeitsgesellschaft Donaudampfschifffahrt');
      const photos = [await owner.createPhoto({ title: 'Alfama' }), await owner.createPhoto({ title: 'Tejo' })];
      await owner.placePhotos(photos, category.id);
      const made = await owner.request.post(pathTo(api.categoryLinks, { id: category.id }), {
        data: { label: 'Familie Müller-Lüdenscheidt', proofing: true, comments: true, downloads: 'display' },
      });
      expect(made.status(), await made.text()).toBe(201);
      const link = (await made.json()) as NewGalleryLink;

      await signInAsOwner(page);
      const sections = [
        { section: 'photos', heading: 'Current Categories' },
        { section: 'settings', heading: 'Portfolio Settings' },
        { section: 'messages', heading: 'Messages' },
        { section: 'account', heading: 'Account' },
        { section: 'statistics', heading: 'Statistics' },
      ] as const;
      for (const { section, heading } of sections) {
        await page.goto(`${screens.home}${adminQuery(section, new URLSearchParams({ lang: language }))}`);
        await expect(page.locator('html')).toHaveAttribute('lang', language);
        await expect(page.locator('html')).toHaveAttribute('dir', language === 'ar' ? 'rtl' : 'ltr');
        await expect(page.getByRole('heading', { name: translated('owner', language, heading), exact: true }).first()).toBeVisible();
        if (section === 'photos') await expect(page.getByRole('heading', { name: category.name })).toBeVisible();
        // Its parts draw as their answers come: the browsers signed in, the tokens and webhooks, the numbers.
        if (section === 'account') {
          await expect(page.getByRole('button', { name: translated('owner', language, 'Sign Out All Other Browsers') })).toBeVisible();
          await expect(page.getByRole('heading', { name: translated('owner', language, 'API tokens'), exact: true })).toBeVisible();
          await expect(page.getByRole('heading', { name: translated('owner', language, 'Webhooks'), exact: true })).toBeVisible();
        }
        if (section === 'statistics') await expect(page.getByText(translated('owner', language, 'Visitors'), { exact: true }).first()).toBeVisible();
        expect(await phoneMisfits(page), `${section} in ${language}`).toEqual([]);
        // The top bar, unscrolled, in two rows whatever the language's words (it took four in
        // German, 193 px): the name, the language, the theme and Logout, then the tabs.
        expect(await page.evaluate(() => window.scrollY)).toBe(0);
        expect((await page.locator('header').first().boundingBox())!.height, `the top bar in ${language}`).toBeLessThanOrEqual(105);
        if (section === 'photos' && ['de', 'ja', 'ar'].includes(language)) {
          await keepLook(page, `admin-${language}`);
          // And as a desktop draws it, when looks are kept.
          if (process.env.SCREENSHOT_DIR) {
            await page.setViewportSize({ width: 1440, height: 900 });
            await keepLook(page, `admin-${language}`);
            await page.setViewportSize({ width: 375, height: 812 });
          }
        }
      }

      // The owner's dialogs a phone opens most: a photo's details, from its tile's menu; the
      // category's links, the new link's form under them and each panel of the link made above;
      // and the password's.
      const say = (text: string, values: Record<string, string> = {}) =>
        Object.entries(values).reduce((said, [key, value]) => said.replace(`{${key}}`, value), translated('owner', language, text));
      await page.goto(`${screens.home}${adminQuery('photos', new URLSearchParams({ lang: language }))}`);
      const card = await scrollToCategory(page, category.name);
      await card.getByRole('button', { name: say('Actions for {title}', { title: 'Alfama' }) }).click();
      await page.getByRole('menu').getByRole('menuitem', { name: say('Edit'), exact: true }).click();
      const edit = page.getByRole('dialog', { name: say('Edit Photo Details') });
      await expect(edit.getByRole('img', { name: 'Alfama' })).toBeVisible();
      expect(await phoneMisfits(page), `the photo's edit in ${language}`).toEqual([]);
      if (['de', 'ja', 'ar'].includes(language)) await keepLook(page, `photo-edit-${language}`);
      await page.keyboard.press('Escape');
      await expect(edit).toHaveCount(0);

      await card.getByRole('button', { name: `${say('Links')} ${say('to {name}', { name: category.name })}` }).click();
      const links = page.getByRole('dialog', { name: say('Links to {name}', { name: category.name }) });
      await expect(links.getByText(link.label).first()).toBeVisible();
      expect(await phoneMisfits(page), `the links in ${language}`).toEqual([]);
      // Every panel open; an open panel can hold one of its own (the invitation's mail), opened once it is drawn.
      const closed = links.locator('button[aria-expanded="false"]');
      await expect
        .poll(async () => {
          await closed.evaluateAll((buttons) => buttons.forEach((button) => (button as HTMLButtonElement).click()));
          return closed.count();
        })
        .toBe(0);
      expect(await phoneMisfits(page), `the link's panels in ${language}`).toEqual([]);
      if (['de', 'ja', 'ar'].includes(language)) await keepLook(page, `links-${language}`);
      await page.keyboard.press('Escape');
      await expect(links).toHaveCount(0);

      await page.goto(`${screens.home}${adminQuery('account', new URLSearchParams({ lang: language }))}`);
      await page.getByRole('button', { name: say('Change Password'), exact: true }).click();
      const password = page.getByRole('dialog', { name: say('Change Password') });
      await expect(password).toBeVisible();
      expect(await phoneMisfits(page), `the password's change in ${language}`).toEqual([]);

      await page.goto(`${link.path}?lang=${language}`);
      await expect(page.locator('html')).toHaveAttribute('lang', language);
      await expect(page.locator('html')).toHaveAttribute('dir', language === 'ar' ? 'rtl' : 'ltr');
      await expect(page.getByRole('heading', { name: category.name })).toBeVisible();
      await expect(page.getByText(translated('gallery', language, 'Show picks'), { exact: true }).first()).toBeVisible();
      await imagesSettled(page);
      expect(await phoneMisfits(page), `gallery in ${language}`).toEqual([]);
      if (['de', 'ja', 'ar'].includes(language)) await keepLook(page, `gallery-${language}`);
    });
  }
});
