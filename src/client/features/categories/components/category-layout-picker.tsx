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
  const save = (changes: { layout?: CategoryLayout; density?: CategoryDensity }) =>
    update.mutate({ id: category.id, changes });

  return (
    <div className="mb-2 flex flex-wrap items-center gap-2">
      <LayoutGrid className="size-4 shrink-0 text-muted-foreground" aria-hidden />
      <CategorySettingSelect
        label={`Layout of ${category.name}`}
        value={category.layout}
        labels={LAYOUT_LABELS}
        disabled={update.isPending}
        onChange={(layout) => save({ layout })}
      />
      <CategorySettingSelect
        label={`Density of ${category.name}`}
        value={category.density}
        labels={DENSITY_LABELS}
        disabled={update.isPending}
        onChange={(density) => save({ density })}
      />
    </div>
  );
}
