import { LATER_SCRIPTS_ELEMENT_ID } from '#contract/page-data-element.ts';
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
  const template = doc.getElementById(LATER_SCRIPTS_ELEMENT_ID);
  if (!(template instanceof HTMLTemplateElement)) return;
  template.remove();
  const links = [...template.content.children];
  const next = () => {
    doc.head.append(...links.splice(0, LINKS_PER_IDLE_MOMENT));
    if (links.length > 0) whenIdle(next, 3000, 50);
  };
  whenIdle(next, 3000, 1500);
}
