import { useState, useSyncExternalStore } from 'react';
import { adminQuery, adminSectionOf, type AdminSection } from '#contract/admin-sections.ts';
import { navigate, subscribeToHistory, useLocation } from '#client/lib/router.tsx';
import { useSearchParams } from '#client/lib/search-params.ts';
import { confirmDiscard } from '#client/lib/unsaved-changes.ts';

/**
 * The section shown, following the address once nothing unsaved is in the way. A link asks before
 * it navigates (AdminNav); a move through the history is asked about here, before the section
 * changes: when the owner stays, the address they stayed on comes back as a new entry, so Back
 * asks again rather than skipping a step. Other readers of the address may redraw first; they
 * read this section, which has not changed yet.
 */
function createShownSection() {
  const here = () => window.location.pathname + window.location.search;
  let shown = adminSectionOf(new URLSearchParams(window.location.search).get('section'));
  let address = here();
  return {
    get: () => shown,
    subscribe: (onChange: () => void) =>
      subscribeToHistory(() => {
        const params = new URLSearchParams(window.location.search);
        // Leaving the admin unmounts it; the owner's page asks about that (routes/owner-portfolio.tsx).
        if (params.get('tab') !== 'admin') return;
        const next = adminSectionOf(params.get('section'));
        if (next !== shown && !confirmDiscard()) {
          navigate(address);
          return;
        }
        shown = next;
        address = here();
        onChange();
      }),
  };
}

/**
 * The admin's open section, kept in the address (`&section=`): each switch is a history entry, so
 * the browser's Back and Forward move between sections, and a section can be bookmarked.
 */
export function useAdminSection() {
  const [params] = useSearchParams();
  const [path] = useLocation();
  const [store] = useState(createShownSection);
  const section = useSyncExternalStore(store.subscribe, store.get);
  return { section, hrefOf: (to: AdminSection) => path + adminQuery(to, params) };
}
