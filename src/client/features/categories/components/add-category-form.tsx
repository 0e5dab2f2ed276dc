import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState, type FormEvent } from 'react';
import { Plus } from 'lucide-react';
import { CATEGORY_VISIBILITIES, CreateCategoryRequest, type CategoryVisibility } from '#contract/categories.ts';
import { NativeSelect } from '#client/components/ui/native-select.tsx';
import { visibilityLabels } from './category-visibility-picker.tsx';
import { FormField } from '#client/components/form-field.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { useCreateCategory } from '#client/features/categories/api/create-category.ts';


/**
 * A Category Name field, and who sees the category from the start (asked here so unpublished work
 * is never public by accident); the button waits for a name that is not blank once trimmed.
 */
export function AddCategoryForm({ categoryCount }: { categoryCount: number }) {
  const [name, setName] = useState('');
  const [visibility, setVisibility] = useState<CategoryVisibility>('public');
  const visibilityId = useId();
  const hintId = useId();
  const create = useCreateCategory();
  const inputId = useId();
  const { t } = useLingui();
  /** What each choice means, said where the owner makes it. */
  const visibilityHints: Record<CategoryVisibility, string> = {
    public: t`On the portfolio for everyone.`,
    unlisted: t`Only who holds one of its links.`,
    private: t`Only you, until you change it.`,
  };
  const labels = visibilityLabels();
  const trimmed = name.trim();
  const parsed = CreateCategoryRequest.shape.name.safeParse(name);
  const problem = trimmed && !parsed.success ? parsed.error.issues[0]?.message : undefined;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!trimmed || problem || create.isPending) return;
    // The new category's order is the number there already, so it comes last.
    create.mutate({ name: trimmed, order: categoryCount, visibility }, { onSuccess: () => setName('') });
  };

  return (
    <form onSubmit={onSubmit} aria-label={t`Add Category`}>
      <FormField id={inputId} label={t`Category Name`} error={problem || undefined}>
        {(field) => (
          <div className="flex flex-col gap-2 sm:flex-row">
            <Input
              {...field}
              value={name}
              placeholder={t`e.g. Landscapes`}
              autoComplete="off"
              onChange={(event) => setName(event.target.value)}
            />
            <Button type="submit" disabled={!trimmed || Boolean(problem) || create.isPending}>
              <Plus aria-hidden />
              <Trans>Add Category</Trans>
            </Button>
          </div>
        )}
      </FormField>
      <div className="mt-2 flex items-center gap-2">
        <label htmlFor={visibilityId} className="shrink-0 text-sm font-medium">
          <Trans>Who sees it</Trans>
        </label>
        <NativeSelect
          id={visibilityId}
          value={visibility}
          aria-describedby={hintId}
          onChange={(event) => setVisibility(event.target.value as CategoryVisibility)}
          // Its choice whole; the hint beside it wraps (squeezed by it on a phone, "Pública" was cut).
          className="w-auto shrink-0"
        >
          {CATEGORY_VISIBILITIES.map((choice) => (
            <option key={choice} value={choice}>
              {labels[choice]}
            </option>
          ))}
        </NativeSelect>
        <p id={hintId} className="min-w-0 text-xs text-muted-foreground">
          {visibilityHints[visibility]}
        </p>
      </div>
    </form>
  );
}
