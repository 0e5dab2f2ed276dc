import type { Category } from './categories.ts';
import type { Photo } from './photos.ts';

export interface PortfolioSection {
  /** The category, or null for "Other": the photos without one. */
  category: Category | null;
  photos: Photo[];
}

const byOrder = <T extends { order: number; id: number }>(a: T, b: T) => a.order - b.order || a.id - b.id;

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
