import { LATER_SCRIPTS_ELEMENT_ID, SCREEN_SCRIPTS_ELEMENT_ID } from '#contract/page-data-element.ts';
import { whenIdle } from './idle.ts';

/** Links put in the head per idle moment: each starts a request, and all of them at once (27 for the portfolio) took a desktop 30 ms. */
const LINKS_PER_IDLE_MOMENT = 4;

/**
 * Fetches the scripts the page's head lists as the ones it may run later (its dialogs, the
 * toaster: src/server/web/route-chunks.ts), into the browser's cache, without running them: their
 * prefetch links wait in a template until the page is idle, so none of their bytes competes with
 * the first screen's, then go into the head a few per idle moment. A dialog's script then runs
 * from the cache when the visitor reaches for it.
 */
export function fetchLaterScripts(doc: Document = document): void {
  const links = linksIn(doc, LATER_SCRIPTS_ELEMENT_ID);
  if (links.length === 0) return;
  const next = () => {
    doc.head.append(...links.splice(0, LINKS_PER_IDLE_MOMENT));
    if (links.length > 0) whenIdle(next, 3000, 50);
  };
  whenIdle(next, 3000, 1500);
}

/** Links put in the head per task for the screen's own scripts: three took a phone at 4× CPU about 20 ms. */
const SCREEN_LINKS_PER_TASK = 3;

/**
 * Fetches the scripts of the screen the server drew (a photo page's, a gallery's), which its head
 * keeps in a template until the page is shown (src/server/web/route-chunks.ts): a few per task,
 * each link starting its request. Resolves once all are in the head, before the screen is taken
 * over: hydration, which imports the screen, then finds them there. Left to the import, they went
 * in all at once, inside hydration's task (a phone at 4× CPU: 90 ms of it for eleven links).
 */
export function fetchScreenScripts(doc: Document = document): Promise<void> {
  const links = linksIn(doc, SCREEN_SCRIPTS_ELEMENT_ID);
  return new Promise((resolve) => {
    const next = () => {
      doc.head.append(...links.splice(0, SCREEN_LINKS_PER_TASK));
      if (links.length > 0) setTimeout(next, 0);
      else resolve();
    };
    next();
  });
}

/** The links a template of the head holds, the template taken out of the page. */
function linksIn(doc: Document, id: string): Element[] {
  const template = doc.getElementById(id);
  if (!(template instanceof HTMLTemplateElement)) return [];
  template.remove();
  return [...template.content.children];
}
