/**
 * The owner's admin is the portfolio page's `?tab=admin`, one section at a time, named by
 * `&section=` so a section can be bookmarked and reloaded. Without one (or with a name it does
 * not know) the admin opens on the photo work. A module of its own, like routes.ts beside
 * screens.ts: only the owner's code and the tests read it, never a visitor's first load.
 */
export const adminSections = ['photos', 'settings', 'messages', 'account', 'statistics'] as const;

export type AdminSection = (typeof adminSections)[number];

export const DEFAULT_ADMIN_SECTION: AdminSection = 'photos';

/** The section a `section` query value names; the photo work for none or an unknown one. */
export function adminSectionOf(value: string | null): AdminSection {
  return adminSections.find((section) => section === value) ?? DEFAULT_ADMIN_SECTION;
}

/** `query` (the page's own, which it keeps) opened on the admin's `section`. */
export function adminQuery(section: AdminSection, query: URLSearchParams = new URLSearchParams()): string {
  const params = new URLSearchParams(query);
  params.set('tab', 'admin');
  if (section === DEFAULT_ADMIN_SECTION) params.delete('section');
  else params.set('section', section);
  return `?${params.toString()}`;
}
