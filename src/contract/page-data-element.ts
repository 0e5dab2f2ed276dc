/**
 * The id of the element carrying a page's first data (see page-data.ts). A module of its own, free
 * of schemas: the client's first load reads the element and carries no schema library.
 */
export const PAGE_DATA_ELEMENT_ID = 'page-data';

/**
 * The id of the `<template>` in a page's head listing, as `<link rel="prefetch">`, the scripts the
 * page may run later (its dialogs): inert until the client moves them into the head once the page
 * is idle (src/client/lib/later-scripts.ts).
 */
export const LATER_SCRIPTS_ELEMENT_ID = 'later-scripts';

/**
 * The id of the `<template>` in the head of a page the server drew, listing as `<link
 * rel="modulepreload">` the scripts of its screen beyond the entry: inert until the page has been
 * shown, so that none of their bytes competes with its photo, then moved into the head, a few per
 * task, before the screen is taken over (src/client/lib/later-scripts.ts).
 */
export const SCREEN_SCRIPTS_ELEMENT_ID = 'screen-scripts';

/**
 * The id of the `<template>` in the head of a page the server drew that holds the entry's script
 * tag: the page's boot (src/client/boot.ts) puts it into the page once the page is shown.
 */
export const ENTRY_SCRIPT_ELEMENT_ID = 'entry-script';
