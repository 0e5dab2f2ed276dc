import { useId, useState, type FormEvent } from 'react';
import { Plus } from 'lucide-react';
import { CreateCategoryRequest } from '#contract/categories.ts';
import { FormField } from '#client/components/form-field.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { useCreateCategory } from '#client/features/categories/api/create-category.ts';

/** A Category Name field; the button waits for a name that is not blank once trimmed. */
export function AddCategoryForm({ categoryCount }: { categoryCount: number }) {
  const [name, setName] = useState('');
  const create = useCreateCategory();
  const inputId = useId();
  const trimmed = name.trim();
  const parsed = CreateCategoryRequest.shape.name.safeParse(name);
  const problem = trimmed && !parsed.success ? parsed.error.issues[0]?.message : undefined;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!trimmed || problem || create.isPending) return;
    // The new category's order is the number there already, so it comes last.
    create.mutate({ name: trimmed, order: categoryCount }, { onSuccess: () => setName('') });
  };

  return (
    <form onSubmit={onSubmit} aria-label="Add Category">
      <FormField id={inputId} label="Category Name" error={problem || undefined}>
        {(field) => (
          <div className="flex flex-col gap-2 sm:flex-row">
            <Input
              {...field}
              value={name}
              placeholder="e.g. Landscapes"
              autoComplete="off"
              onChange={(event) => setName(event.target.value)}
            />
            <Button type="submit" disabled={!trimmed || Boolean(problem) || create.isPending}>
              <Plus aria-hidden />
              Add Category
            </Button>
          </div>
        )}
      </FormField>
    </form>
  );
}
