/**
 * What a render on the server knows in place of the browser's `window` and `document`: the page's
 * path and the theme the server wrote on `<html data-theme>`. The server's entry
 * (`entry-server.tsx`) sets it before each render; in the browser it is never read.
 */
export interface ServerPage {
  path: string;
  theme: string;
}

/** Whether this code runs in the server's render rather than in a browser. */
export const onServer = typeof window === 'undefined';

let current: ServerPage = { path: '/', theme: 'system' };

/** The page the server renders now (renders are one at a time: see entry-server.tsx). */
export function serverPage(): ServerPage {
  return current;
}

export function setServerPage(page: ServerPage): void {
  current = page;
}
