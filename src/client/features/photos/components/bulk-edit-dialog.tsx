import { plural } from '@lingui/core/macro';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useId, useState, type ReactNode } from 'react';
import { EditPhotosRequest } from '#contract/photos.ts';
import { ALT_TEXT_MAX } from '#contract/rights.ts';
import { DialogFormFooter } from '#client/components/dialog-form-footer.tsx';
import { FormField } from '#client/components/form-field.tsx';
import { LicensePicker } from '#client/components/license-picker.tsx';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '#client/components/ui/dialog.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { Textarea } from '#client/components/ui/textarea.tsx';
import { errorMessage } from '#client/lib/error-text.ts';
import { validationText } from '#client/lib/validation-text.ts';
import { useEditPhotos } from '#client/features/photos/api/edit-photos.ts';

export interface BulkEditDialogProps {
  /** The selected photos; null keeps the dialog closed. */
  ids: number[] | null;
  onClose: () => void;
  /** After the change was saved. */
  onDone: () => void;
}

/** One change for the selected photos: a title prefix, the credit, the licence, the alt text. */
export function BulkEditDialog({ ids, onClose, onDone }: BulkEditDialogProps) {
  const count = ids?.length ?? 0;
  return (
    <Dialog open={ids !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-xl">
        <DialogHeader>
          <DialogTitle>
            <Plural value={count} one="Edit # photo" other="Edit # photos" />
          </DialogTitle>
          <DialogDescription>
            <Trans>Tick what to change. Everything else about each photo stays as it is.</Trans>
          </DialogDescription>
        </DialogHeader>
        {ids && <BulkEditForm ids={ids} onDone={onDone} />}
      </DialogContent>
    </Dialog>
  );
}

type Field = 'titlePrefix' | 'credit' | 'license' | 'altText';
const FIELDS: Field[] = ['titlePrefix', 'credit', 'license', 'altText'];

function BulkEditForm({ ids, onDone }: { ids: number[]; onDone: () => void }) {
  const edit = useEditPhotos();
  const id = useId();
  const [chosen, setChosen] = useState<Record<Field, boolean>>({ titlePrefix: false, credit: false, license: false, altText: false });
  const [values, setValues] = useState<Record<Field, string>>({ titlePrefix: '', credit: '', license: '', altText: '' });
  const [errors, setErrors] = useState<Partial<Record<Field | 'form', string>>>({});
  const { t } = useLingui();

  const set = (field: Field, value: string) => setValues((current) => ({ ...current, [field]: value }));
  const choose = (field: Field, on: boolean) => {
    setChosen((current) => ({ ...current, [field]: on }));
    setErrors((current) => ({ ...current, [field]: undefined, form: undefined }));
  };

  const onSubmit = () => {
    // The request as the server takes it: only the ticked fields, checked by the contract's own rules.
    const request = { ids, ...Object.fromEntries(FIELDS.filter((field) => chosen[field]).map((field) => [field, values[field]])) };
    const parsed = EditPhotosRequest.safeParse(request);
    if (!parsed.success) {
      const next: Partial<Record<Field | 'form', string>> = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        const key = FIELDS.includes(field as Field) ? (field as Field) : 'form';
        next[key] ??= validationText(issue.message);
      }
      setErrors(next);
      return;
    }
    setErrors({});
    edit.mutate(request, {
      onSuccess: onDone,
      onError: (error) => setErrors({ form: errorMessage(error, t`Failed to update photos`) }),
    });
  };

  const fieldId = (field: Field) => `${id}-${field}`;
  const count = ids.length;
  const altLength = [...values.altText].length;

  return (
    <form
      noValidate
      className="grid gap-3"
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      <Choice id={`${fieldId('titlePrefix')}-on`} label={t`Add a prefix to the titles`} checked={chosen.titlePrefix} onChange={(on) => choose('titlePrefix', on)}>
        <FormField
          id={fieldId('titlePrefix')}
          label={t`Title prefix`}
          hint={t`Goes before each title as typed, so end it with a space or a dash. A title that already starts with it is left alone; one that gets too long is cut at its end to 255 characters.`}
          hintClassName="text-xs text-muted-foreground"
          error={errors.titlePrefix}
        >
          {(field) => <Input {...field} autoFocus placeholder={t`For example: Wedding – `} value={values.titlePrefix} onChange={(event) => set('titlePrefix', event.target.value)} />}
        </FormField>
      </Choice>

      <Choice id={`${fieldId('credit')}-on`} label={t`Change the credit`} checked={chosen.credit} onChange={(on) => choose('credit', on)}>
        <FormField
          id={fieldId('credit')}
          label={t`Credit`}
          hint={t`Left empty, each photo takes its category's default.`}
          hintClassName="text-xs text-muted-foreground"
          error={errors.credit}
        >
          {(field) => <Input {...field} autoFocus placeholder={t`For example: Photo by your name`} value={values.credit} onChange={(event) => set('credit', event.target.value)} />}
        </FormField>
      </Choice>

      <Choice id={`${fieldId('license')}-on`} label={t`Change the licence`} checked={chosen.license} onChange={(on) => choose('license', on)}>
        <FormField id={fieldId('license')} label={t`Licence`} error={errors.license}>
          {(field) => <LicensePicker field={field} value={values.license} onChange={(value) => set('license', value)} emptyLabel={t`Category default`} />}
        </FormField>
      </Choice>

      <Choice id={`${fieldId('altText')}-on`} label={t`Change the alt text`} checked={chosen.altText} onChange={(on) => choose('altText', on)}>
        <FormField
          id={fieldId('altText')}
          label={t`Alt text`}
          hint={t`The same text for every selected photo; left empty, it is removed and each title is read instead. ${altLength}/${ALT_TEXT_MAX}`}
          hintClassName="text-xs text-muted-foreground"
          error={errors.altText}
        >
          {(field) => (
            <Textarea
              {...field}
              autoFocus
              rows={2}
              placeholder={t`Describe the photos for someone who cannot see them`}
              value={values.altText}
              onChange={(event) => set('altText', event.target.value)}
            />
          )}
        </FormField>
      </Choice>

      {errors.form && (
        <p role="alert" className="rounded-md border border-destructive/50 bg-destructive/10 px-3 py-2 text-sm text-destructive">
          {errors.form}
        </p>
      )}

      <DialogFormFooter
        submitLabel={plural(count, { one: 'Apply to # photo', other: 'Apply to # photos' })}
        pendingLabel={t`Saving...`}
        pending={edit.isPending}
      />
    </form>
  );
}

/** A change the owner ticks to make; its control shows only while ticked. */
function Choice({ id, label, checked, onChange, children }: { id: string; label: string; checked: boolean; onChange: (on: boolean) => void; children: ReactNode }) {
  return (
    <div className="grid gap-2 rounded-md border p-3 has-checked:border-ring/60 has-checked:bg-muted/30">
      <label htmlFor={id} className="flex min-h-11 cursor-pointer items-center gap-3 text-sm font-medium">
        <input id={id} type="checkbox" className="size-5 shrink-0 cursor-pointer accent-primary" checked={checked} onChange={(event) => onChange(event.target.checked)} />
        {label}
      </label>
      {checked && children}
    </div>
  );
}
