import { useMemo } from 'react';
import type { Category } from '#contract/categories.ts';
import { sectionKeyOf } from '#contract/photo-cursor.ts';
import type { Photo } from '#contract/photos.ts';
import { groupIntoSections, visitorView } from '#contract/portfolio-sections.ts';
import type { PortfolioOwner } from '#contract/portfolio.ts';
import { useAuth } from '#client/features/auth/api/get-user.ts';
import { useCategories } from '#client/features/categories/api/get-categories.ts';
import { usePortfolioOwner } from '#client/features/owner/api/get-portfolio-owner.ts';
import { usePhotoFeed, usePhotoSections } from '#client/features/photos/api/get-photo-pages.ts';
import { usePhotos } from '#client/features/photos/api/get-photos.ts';

/** A section as the page draws it: the photos loaded so far, and how many it has in all. */
export interface LoadedSection {
  category: Category | null;
  photos: Photo[];
  total: number;
}

export type PortfolioSections =
  | { status: 'pending' }
  | { status: 'error'; retry: () => void }
  | {
      status: 'success';
      owner: PortfolioOwner;
      sections: LoadedSection[];
      /**
       * Whether the photos come a page at a time (a visitor's portfolio): the loaded ones are
       * then a prefix of the page, and `loadMore` fetches the next page.
       */
      paged: boolean;
      loadMore: () => void;
      loadFailed: boolean;
    };

/**
 * The portfolio's sections for whoever reads: a visitor's a page at a time from the API (the
 * page embeds the first screens), the signed-in owner's whole, drafts included, as the admin
 * needs them (or cut to a visitor's with `asVisitor`).
 */
export function usePortfolioSections(asVisitor: boolean): PortfolioSections {
  const { isAuthenticated, isLoading: authPending } = useAuth();
  const paged = !isAuthenticated && !asVisitor;
  const owner = usePortfolioOwner();
  const categories = useCategories();
  const photos = usePhotos(!paged);
  const summary = usePhotoSections(paged && !authPending);
  const feed = usePhotoFeed(paged ? summary.data?.sections : undefined);

  const whole = useMemo(() => {
    if (paged || !categories.data || !photos.data) return undefined;
    const shown = asVisitor && owner.data ? visitorView(categories.data, photos.data, owner.data) : { categories: categories.data, photos: photos.data };
    return groupIntoSections(shown.categories, shown.photos).map((section) => ({ ...section, total: section.photos.length }));
  }, [paged, categories.data, photos.data, owner.data, asVisitor]);

  const pagedSections = useMemo(() => {
    if (!paged || !categories.data || !summary.data) return undefined;
    const byId = new Map(categories.data.map((category) => [category.id, category]));
    const loaded = new Map<string | number, Photo[]>();
    const seen = new Set<number>();
    for (const page of feed.data?.pages ?? []) {
      const list = loaded.get(page.categoryId) ?? [];
      // A page fetched after the owner changed something may repeat a photo: each shows once.
      for (const photo of page.photos) if (!seen.has(photo.id) && seen.add(photo.id)) list.push(photo);
      loaded.set(page.categoryId, list);
    }
    return summary.data.sections.flatMap((section): LoadedSection[] => {
      const category = section.categoryId === null ? null : byId.get(section.categoryId);
      if (category === undefined) return [];
      return [{ category, photos: loaded.get(sectionKeyOf(section.categoryId)) ?? [], total: section.total }];
    });
  }, [paged, categories.data, summary.data, feed.data]);

  const parts = paged ? [owner, categories, summary] : [owner, categories, photos];
  const retry = () => parts.forEach((query) => query.isError && void query.refetch());
  if (parts.some((query) => query.isError) || (paged && feed.isError && !feed.data)) {
    return { status: 'error', retry: () => (feed.isError && !feed.data ? void feed.refetch() : retry()) };
  }
  const sections = paged ? pagedSections : whole;
  if (!owner.data || !sections) return { status: 'pending' };
  return {
    status: 'success',
    owner: owner.data,
    sections,
    paged,
    loadMore: () => {
      if (feed.hasNextPage && !feed.isFetchingNextPage) void feed.fetchNextPage();
    },
    loadFailed: feed.isFetchNextPageError,
  };
}
