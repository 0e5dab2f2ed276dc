import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { Copyright } from 'lucide-react';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { UpdateCategoryRequest, type Category } from '#contract/categories.ts';
import { DialogFormFooter } from '#client/components/dialog-form-footer.tsx';
import { FormField } from '#client/components/form-field.tsx';
import { LicensePicker } from '#client/components/license-picker.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '#client/components/ui/dialog.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { useUnsavedChanges } from '#client/lib/unsaved-changes.ts';
import { useUpdateCategory } from '#client/features/categories/api/update-category.ts';
import { validationText } from '#client/lib/validation-text.ts';

const RightsForm = UpdateCategoryRequest.pick({ defaultLicense: true, defaultCredit: true, defaultCopyright: true });
type RightsFormInput = z.input<typeof RightsForm>;
type RightsFormOutput = z.output<typeof RightsForm>;

/** The category's default credit and licence, for its photos without their own; opened from its card. */
export function CategoryRightsButton({ category }: { category: Category }) {
  const [open, setOpen] = useState(false);
  const { name } = category;
  return (
    <>
      <Button variant="ghost" className="h-11 shrink-0 sm:h-8" onClick={() => setOpen(true)}>
        <Copyright aria-hidden />
        <Trans>Credit & licence</Trans>
        <span className="sr-only">
          {' '}
          <Trans>of {name}</Trans>
        </span>
      </Button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent className="max-w-lg">
          <DialogHeader>
            <DialogTitle>
              <Trans>Credit and licence of {name}</Trans>
            </DialogTitle>
            <DialogDescription>
              <Trans>
                The default for photos in this category that have none of their own: shown to search engines and kept in the image files.
              </Trans>
            </DialogDescription>
          </DialogHeader>
          {open && <CategoryRightsForm category={category} onDone={() => setOpen(false)} />}
        </DialogContent>
      </Dialog>
    </>
  );
}

function CategoryRightsForm({ category, onDone }: { category: Category; onDone: () => void }) {
  const update = useUpdateCategory();
  const ids = { license: useId(), credit: useId(), copyright: useId() };
  const { t } = useLingui();
  const {
    register,
    control,
    handleSubmit,
    formState: { errors, isDirty },
  } = useForm<RightsFormInput, unknown, RightsFormOutput>({
    resolver: zodResolver(RightsForm),
    defaultValues: {
      defaultLicense: category.defaultLicense ?? '',
      defaultCredit: category.defaultCredit ?? '',
      defaultCopyright: category.defaultCopyright ?? '',
    },
  });
  useUnsavedChanges(isDirty && !update.isSuccess);

  const onValid = (values: RightsFormOutput) => update.mutate({ id: category.id, changes: values }, { onSuccess: onDone });

  return (
    <form noValidate className="grid gap-4" onSubmit={(event) => void handleSubmit(onValid)(event)}>
      <FormField id={ids.license} label={t`Default licence`} error={validationText(errors.defaultLicense?.message)}>
        {(field) => (
          <Controller
            control={control}
            name="defaultLicense"
            render={({ field: { value, onChange } }) => <LicensePicker field={field} value={value ?? ''} onChange={onChange} emptyLabel={t`None`} />}
          />
        )}
      </FormField>
      <FormField id={ids.credit} label={t`Default credit`} error={validationText(errors.defaultCredit?.message)}>
        {(field) => <Input {...field} placeholder={t`Photo: Ada Lovelace`} {...register('defaultCredit')} />}
      </FormField>
      <FormField id={ids.copyright} label={t`Default copyright`} error={validationText(errors.defaultCopyright?.message)}>
        {(field) => <Input {...field} placeholder={t`© 2026 Ada Lovelace`} {...register('defaultCopyright')} />}
      </FormField>
      <DialogFormFooter submitLabel={t`Save`} pendingLabel={t`Saving...`} pending={update.isPending} />
    </form>
  );
}
