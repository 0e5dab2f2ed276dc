import { useId } from 'react';
import type { Category } from '#contract/categories.ts';
import { NativeSelect } from '#client/components/ui/native-select.tsx';
import type { useUpdateCategory } from '#client/features/categories/api/update-category.ts';

type Setting = 'layout' | 'density' | 'visibility';

/**
 * One setting of a category as a select named for screen readers only by `label` ("Layout of Travel"), its
 * options in `labels`' order; a change is saved at once through `update`.
 */
export function CategorySettingSelect<S extends Setting>({
  category,
  setting,
  label,
  labels,
  update,
}: {
  category: Category;
  setting: S;
  label: string;
  labels: Record<Category[S], string>;
  update: ReturnType<typeof useUpdateCategory>;
}) {
  const id = useId();
  return (
    <>
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <NativeSelect
        id={id}
        value={category[setting]}
        disabled={update.isPending}
        onChange={(event) => update.mutate({ id: category.id, changes: { [setting]: event.target.value } })}
        // As wide as its longest choice, growing into the row: shrunk to share it, a long word was cut ("Quadratische").
        className="w-auto flex-auto sm:flex-none"
      >
        {(Object.keys(labels) as Category[S][]).map((option) => (
          <option key={option} value={option}>
            {labels[option]}
          </option>
        ))}
      </NativeSelect>
    </>
  );
}
