import { useMemo } from 'react';
import { PhotoSearchFilters } from '#contract/photo-search.ts';
import { useSearchParams } from '#client/lib/search-params.ts';

/** The filters of the owner's photo search, named in the address as in the API's query. */
export const FILTER_KEYS = ['q', 'categoryId', 'takenFrom', 'takenTo', 'camera', 'withoutAltText'] as const;
export type FilterKey = (typeof FILTER_KEYS)[number];

/** Each filter as the address has it: text, or '' when absent. */
export type FilterValues = Record<FilterKey, string>;

/**
 * The photo search's filters, kept in the page's address beside the admin's own (`?tab=admin`), so
 * a search is a link that survives a reload. A filter the contract refuses (a hand-edited date,
 * say) is dropped rather than sent, each on its own, so the others still apply.
 */
export function usePhotoFilters() {
  const [searchParams, setSearchParams] = useSearchParams();
  const values = useMemo(
    () => Object.fromEntries(FILTER_KEYS.map((key) => [key, searchParams.get(key) ?? ''])) as FilterValues,
    [searchParams],
  );
  const filters = useMemo(() => validFilters(values), [values]);
  const active = Object.values(filters).some((value) => value !== undefined && value !== '' && value !== 'false');

  /** Sets (or, with '', removes) filters; the address is replaced, not pushed, as the owner types. */
  const setFilters = (changes: Partial<FilterValues>) =>
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes)) {
          if (value) next.set(key, value);
          else next.delete(key);
        }
        return next;
      },
      { replace: true },
    );
  const clearFilters = () => setFilters(Object.fromEntries(FILTER_KEYS.map((key) => [key, ''])));

  return { values, filters, active, setFilters, clearFilters };
}

function validFilters(values: FilterValues): PhotoSearchFilters {
  const present = Object.fromEntries(Object.entries(values).filter(([, value]) => value !== ''));
  const whole = PhotoSearchFilters.safeParse(present);
  if (whole.success) return whole.data;
  // Drop the filters named by the issues (a date range out of order drops its end), keep the rest.
  const bad = new Set(whole.error.issues.map((issue) => String(issue.path[0])));
  const kept = PhotoSearchFilters.safeParse(Object.fromEntries(Object.entries(present).filter(([key]) => !bad.has(key))));
  return kept.success ? kept.data : {};
}
