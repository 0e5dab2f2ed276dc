import { useId } from 'react';
import { Globe, Link2, Lock } from 'lucide-react';
import { CATEGORY_VISIBILITIES, type Category, type CategoryVisibility } from '#contract/categories.ts';
import { NativeSelect } from '#client/components/ui/native-select.tsx';
import { useUpdateCategory } from '#client/features/categories/api/update-category.ts';

export const VISIBILITY_LABELS: Record<CategoryVisibility, string> = {
  public: 'Public',
  unlisted: 'Unlisted',
  private: 'Private',
};
const ICONS = { public: Globe, unlisted: Link2, private: Lock } as const;

/**
 * Who sees this category: everyone, only who holds one of its links (unlisted), or only the owner
 * (private: its links are paused). Saved at once.
 */
export function CategoryVisibilityPicker({ category }: { category: Category }) {
  const update = useUpdateCategory();
  const id = useId();
  const Icon = ICONS[category.visibility];
  return (
    <div className="mb-2 flex items-center gap-2">
      <Icon className="size-4 shrink-0 text-muted-foreground" aria-hidden />
      <label htmlFor={id} className="sr-only">
        Visibility of {category.name}
      </label>
      <NativeSelect
        id={id}
        value={category.visibility}
        disabled={update.isPending}
        onChange={(event) => update.mutate({ id: category.id, changes: { visibility: event.target.value as CategoryVisibility } })}
        className="w-auto flex-1 sm:flex-none"
      >
        {CATEGORY_VISIBILITIES.map((visibility) => (
          <option key={visibility} value={visibility}>
            {VISIBILITY_LABELS[visibility]}
          </option>
        ))}
      </NativeSelect>
    </div>
  );
}
