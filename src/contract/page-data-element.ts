/**
 * The id of the element carrying a page's first data (see page-data.ts). A module of its own, free
 * of schemas: the client's first load reads the element and carries no schema library.
 */
export const PAGE_DATA_ELEMENT_ID = 'page-data';
