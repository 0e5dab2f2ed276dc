import { LayoutGrid } from 'lucide-react';
import type { Category, CategoryDensity, CategoryLayout } from '#contract/categories.ts';
import { useUpdateCategory } from '#client/features/categories/api/update-category.ts';
import { CategorySettingSelect } from './category-setting-select.tsx';

const LAYOUT_LABELS: Record<CategoryLayout, string> = {
  square: 'Square grid',
  justified: 'Justified rows',
  masonry: 'Masonry columns',
};
const DENSITY_LABELS: Record<CategoryDensity, string> = { compact: 'Compact', large: 'Large' };

/** How visitors see this category's photos; each change is saved at once. */
export function CategoryLayoutPicker({ category }: { category: Category }) {
  const update = useUpdateCategory();

  return (
    <div className="mb-2 flex flex-wrap items-center gap-2">
      <LayoutGrid className="size-4 shrink-0 text-muted-foreground" aria-hidden />
      <CategorySettingSelect category={category} setting="layout" name="Layout" labels={LAYOUT_LABELS} update={update} />
      <CategorySettingSelect category={category} setting="density" name="Density" labels={DENSITY_LABELS} update={update} />
    </div>
  );
}
