import { t } from '@lingui/core/macro';
import { Globe, Link2, Lock } from 'lucide-react';
import type { Category, CategoryVisibility } from '#contract/categories.ts';
import { useUpdateCategory } from '#client/features/categories/api/update-category.ts';
import { CategorySettingSelect } from './category-setting-select.tsx';

/** In the order of the contract's CATEGORY_VISIBILITIES; read as the owner's language is now, while drawing. */
export const visibilityLabels = (): Record<CategoryVisibility, string> => ({
  public: t`Public`,
  unlisted: t`Unlisted`,
  private: t`Private`,
});
const ICONS = { public: Globe, unlisted: Link2, private: Lock } as const;

/**
 * Who sees this category: everyone, only who holds one of its links (unlisted), or only the owner
 * (private: its links are paused). Saved at once.
 */
export function CategoryVisibilityPicker({ category }: { category: Category }) {
  const update = useUpdateCategory();
  const Icon = ICONS[category.visibility];
  const { name } = category;
  return (
    <div className="mb-2 flex items-center gap-2">
      <Icon className="size-4 shrink-0 text-muted-foreground" aria-hidden />
      <CategorySettingSelect category={category} setting="visibility" label={t`Visibility of ${name}`} labels={visibilityLabels()} update={update} />
    </div>
  );
}
