import { useId } from 'react';
import { LayoutGrid } from 'lucide-react';
import type { Category, CategoryDensity, CategoryLayout } from '#contract/categories.ts';
import { NativeSelect } from '#client/components/ui/native-select.tsx';
import { useUpdateCategory } from '#client/features/categories/api/update-category.ts';

const LAYOUT_LABELS: Record<CategoryLayout, string> = {
  square: 'Square grid',
  justified: 'Justified rows',
  masonry: 'Masonry columns',
};
const DENSITY_LABELS: Record<CategoryDensity, string> = { compact: 'Compact', large: 'Large' };

/** How visitors see this category's photos; each change is saved at once. */
export function CategoryLayoutPicker({ category }: { category: Category }) {
  const update = useUpdateCategory();
  const layoutId = useId();
  const densityId = useId();
  const save = (changes: { layout?: CategoryLayout; density?: CategoryDensity }) =>
    update.mutate({ id: category.id, changes });

  return (
    <div className="mb-2 flex flex-wrap items-center gap-2">
      <LayoutGrid className="size-4 shrink-0 text-muted-foreground" aria-hidden />
      <label htmlFor={layoutId} className="sr-only">
        Layout of {category.name}
      </label>
      <NativeSelect
        id={layoutId}
        value={category.layout}
        disabled={update.isPending}
        onChange={(event) => save({ layout: event.target.value as CategoryLayout })}
        className="w-auto flex-1 sm:flex-none"
      >
        {(Object.keys(LAYOUT_LABELS) as CategoryLayout[]).map((layout) => (
          <option key={layout} value={layout}>
            {LAYOUT_LABELS[layout]}
          </option>
        ))}
      </NativeSelect>
      <label htmlFor={densityId} className="sr-only">
        Density of {category.name}
      </label>
      <NativeSelect
        id={densityId}
        value={category.density}
        disabled={update.isPending}
        onChange={(event) => save({ density: event.target.value as CategoryDensity })}
        className="w-auto flex-1 sm:flex-none"
      >
        {(Object.keys(DENSITY_LABELS) as CategoryDensity[]).map((density) => (
          <option key={density} value={density}>
            {DENSITY_LABELS[density]}
          </option>
        ))}
      </NativeSelect>
    </div>
  );
}
