import type { Category } from './categories.ts';
import type { SectionSort } from './photo-cursor.ts';
import type { Photo } from './photos.ts';

export interface PortfolioSection {
  /** The category, or null for "Other": the photos without one. */
  category: Category | null;
  photos: Photo[];
}

const byOrder = <T extends { order: number; id: number }>(a: T, b: T) => a.order - b.order || a.id - b.id;

// Made on the first sort by title, not as the module loads: building a collator loads the
// language's collation data, which took the visitor's first-load script 13 ms of its evaluation,
// on every page, for a sort few sections use.
let titleCollator: Intl.Collator | undefined;
const compareTitles = (a: string, b: string) => (titleCollator ??= new Intl.Collator(undefined, { sensitivity: 'base', numeric: true })).compare(a, b);

/** A section's photos, given in their stored order, as a view shows them; the stored order is untouched. */
export function sortSection<T extends Pick<Photo, 'id' | 'order' | 'title' | 'createdAt'>>(ordered: readonly T[], sort: SectionSort): T[] {
  if (sort === 'title') return [...ordered].sort((a, b) => compareTitles(a.title, b.title) || byOrder(a, b));
  if (sort === 'date') return [...ordered].sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id - a.id);
  return [...ordered];
}

/**
 * One section per category in the owner's order, each with its photos in their order, then
 * "Other" for the photos without a category (only when there are some).
 */
export function groupIntoSections(categories: Category[], photos: Photo[]): PortfolioSection[] {
  const known = new Set(categories.map((category) => category.id));
  const sorted = [...photos].sort(byOrder);
  const sections: PortfolioSection[] = [...categories].sort(byOrder).map((category) => ({
    category,
    photos: sorted.filter((photo) => photo.categoryId === category.id),
  }));
  const other = sorted.filter((photo) => photo.categoryId === null || !known.has(photo.categoryId));
  if (other.length > 0) sections.push({ category: null, photos: other });
  return sections;
}

/** Who reads: the owner sees drafts and everything else; a visitor only what the portfolio shows. */
export type Viewer = 'owner' | 'visitor';

/** The owner's choices of what visitors see beside the hidden categories. */
export interface VisitorViewSettings {
  showOtherSection: boolean;
  showEmptyCategories: boolean;
}

/** Whether the portfolio shows a category to visitors: published (not a draft) and public. */
export const isPublicCategory = (category: Pick<Category, 'hidden' | 'visibility'>): boolean =>
  !category.hidden && category.visibility === 'public';

/**
 * Whether a visitor may see a photo: in a public category that is not a draft, and when unsorted
 * only while the Other section shows. `category` is the photo's live category, or null for an
 * unsorted photo.
 */
export function isShownToVisitors(category: Pick<Category, 'hidden' | 'visibility'> | null, settings: VisitorViewSettings): boolean {
  return category ? isPublicCategory(category) : settings.showOtherSection;
}

/**
 * What a visitor sees of the owner's categories and photos: the server answers a visitor with
 * exactly this, and the owner's "View as visitor" draws it from the owner's own lists.
 */
export function visitorView(
  categories: Category[],
  photos: Photo[],
  settings: VisitorViewSettings,
): { categories: Category[]; photos: Photo[] } {
  const byId = new Map(categories.map((category) => [category.id, category]));
  // A photo whose files are restricted (a non-public gallery's, or one left in the bank by it) is never a visitor's.
  const shownPhotos = photos.filter(
    (photo) =>
      photo.filesBase === undefined &&
      isShownToVisitors(photo.categoryId === null ? null : (byId.get(photo.categoryId) ?? null), settings),
  );
  const withPhotos = new Set(shownPhotos.map((photo) => photo.categoryId));
  const shownCategories = categories.filter(
    (category) => isPublicCategory(category) && (settings.showEmptyCategories || withPhotos.has(category.id)),
  );
  return { categories: shownCategories, photos: shownPhotos };
}
