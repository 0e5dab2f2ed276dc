import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { photoCursor, sectionKeyOf, type SectionKey, type SectionSort } from '#contract/photo-cursor.ts';
import type { PhotoPage, PhotoSections } from '#contract/photo-pages.ts';
import { visitorApi } from '#contract/screens.ts';
import { apiClient } from '#client/lib/api-client.ts';

type Sections = PhotoSections['sections'];

/** Every section's count with the first screens of photos; a visitor's page embeds it. */
export function getPhotoSectionsQueryOptions() {
  // Under the photos' key: whatever refreshes the photos refreshes this too.
  return queryOptions({ queryKey: [visitorApi.photos, 'sections'], queryFn: () => apiClient.get<PhotoSections>(visitorApi.photoSections) });
}

export function usePhotoSections(enabled = true) {
  return useQuery({ ...getPhotoSectionsQueryOptions(), enabled });
}

export interface PhotoPageRequest {
  categoryId: SectionKey;
  after?: string;
  around?: number;
  limit?: number;
  sort?: SectionSort;
}

export function getPhotoPage({ categoryId, after, around, limit, sort }: PhotoPageRequest): Promise<PhotoPage> {
  const query = new URLSearchParams({ categoryId: String(categoryId) });
  if (after !== undefined) query.set('after', after);
  if (around !== undefined) query.set('around', String(around));
  if (limit !== undefined) query.set('limit', String(limit));
  if (sort !== undefined && sort !== 'order') query.set('sort', sort);
  return apiClient.get<PhotoPage>(`${visitorApi.photoPage}?${query}`);
}

/** A page of the feed knows its section: the feed runs through the sections one after another. */
export interface FeedPage extends PhotoPage {
  categoryId: SectionKey;
}
type FeedParam = Pick<PhotoPageRequest, 'categoryId' | 'after'>;

/** Where the feed goes on: the same section's next page, else the next section with photos. */
export function nextFeedParam(sections: Sections, last: FeedPage | undefined): FeedParam | undefined {
  if (last?.next) return { categoryId: last.categoryId, after: last.next };
  const from = last ? sections.findIndex((section) => sectionKeyOf(section.categoryId) === last.categoryId) + 1 : 0;
  const section = sections.slice(from).find((candidate) => candidate.total > 0);
  return section && { categoryId: sectionKeyOf(section.categoryId) };
}

/** The embedded first photos as the feed's first pages, so the first paint asks nothing. */
export function seededFeed(sections: Sections): { pages: FeedPage[]; pageParams: FeedParam[] } | undefined {
  const started = sections.filter((section) => section.photos.length > 0);
  if (started.length === 0) return undefined;
  return {
    pages: started.map(({ categoryId, photos, total }) => ({
      categoryId: sectionKeyOf(categoryId),
      photos,
      total,
      offset: 0,
      next: photos.length < total ? photoCursor(photos.at(-1)!) : null,
    })),
    pageParams: started.map(({ categoryId }) => ({ categoryId: sectionKeyOf(categoryId) })),
  };
}

function photoFeedOptions(sections: Sections) {
  return infiniteQueryOptions({
    queryKey: [visitorApi.photos, 'feed'],
    queryFn: async ({ pageParam }): Promise<FeedPage> => ({ ...(await getPhotoPage(pageParam!)), categoryId: pageParam!.categoryId }),
    initialPageParam: nextFeedParam(sections, undefined),
    getNextPageParam: (last: FeedPage) => nextFeedParam(sections, last),
    initialData: () => seededFeed(sections),
  });
}

/**
 * The portfolio's photos in page order, a page at a time: the page's embedded first screens,
 * then the rest of each section, then the next section, as the visitor scrolls.
 */
export function usePhotoFeed(sections: Sections | undefined) {
  const options = photoFeedOptions(sections ?? []);
  return useInfiniteQuery({ ...options, enabled: sections !== undefined && options.initialPageParam !== undefined });
}

/** A photo's neighbours in its section, the section taken as a ring: a window centred on it. */
export function getPhotoWindowQueryOptions(photo: { id: number; categoryId: number | null }, limit: number) {
  return queryOptions({
    queryKey: [visitorApi.photos, 'around', photo.id, limit],
    queryFn: () => getPhotoPage({ categoryId: sectionKeyOf(photo.categoryId), around: photo.id, limit }),
  });
}

export function usePhotoWindow(photo: { id: number; categoryId: number | null }, limit: number) {
  return useQuery(getPhotoWindowQueryOptions(photo, limit));
}
