import { t } from '@lingui/core/macro';
import { LayoutGrid } from 'lucide-react';
import type { Category, CategoryDensity, CategoryLayout } from '#contract/categories.ts';
import { useUpdateCategory } from '#client/features/categories/api/update-category.ts';
import { CategorySettingSelect } from './category-setting-select.tsx';

const layoutLabels = (): Record<CategoryLayout, string> => ({
  square: t`Square grid`,
  justified: t`Justified rows`,
  masonry: t`Masonry columns`,
});
const densityLabels = (): Record<CategoryDensity, string> => ({ compact: t`Compact`, large: t`Large` });

/** How visitors see this category's photos; each change is saved at once. */
export function CategoryLayoutPicker({ category }: { category: Category }) {
  const update = useUpdateCategory();
  const { name } = category;

  return (
    <div className="mb-2 flex flex-wrap items-center gap-2">
      <LayoutGrid className="size-4 shrink-0 text-muted-foreground" aria-hidden />
      <CategorySettingSelect category={category} setting="layout" label={t`Layout of ${name}`} labels={layoutLabels()} update={update} />
      <CategorySettingSelect category={category} setting="density" label={t`Density of ${name}`} labels={densityLabels()} update={update} />
    </div>
  );
}
