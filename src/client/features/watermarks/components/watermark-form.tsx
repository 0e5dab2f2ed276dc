import { useLingui } from '@lingui/react/macro';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import type { Watermark } from '#contract/watermarks.ts';
import { FormField } from '#client/components/form-field.tsx';
import { NativeSelect } from '#client/components/ui/native-select.tsx';
import { useUnsavedChanges } from '#client/lib/unsaved-changes.ts';
import { draftOf, WatermarkFields, watermarkOf, type WatermarkDraft, type WatermarkErrors } from './watermark-fields.tsx';
import { WatermarkProgressLine } from './watermark-progress.tsx';

type OwnKind = WatermarkDraft['kind'];
const isOwn = (mode: string): mode is OwnKind => mode === 'text' || mode === 'logo';

/**
 * The watermark editor of the site and of a gallery: the choice (`options`, the select's options:
 * an own text or logo, or the others the place offers), the fields of an own one, and the progress
 * of applying the last save. `onSave` gets the choice, or the own watermark once it is valid, and
 * calls `saved` when the server has it.
 */
export function WatermarkForm<Mode extends string>({
  initialMode,
  saved,
  options,
  onSave,
  footer,
  ariaLabel,
}: {
  initialMode: Mode | OwnKind;
  /** The own watermark saved before, to start its fields from. */
  saved: Watermark | null;
  options: ReactNode;
  onSave: (choice: { mode: Mode } | { watermark: Watermark }, saved: () => void) => void;
  footer: ReactNode;
  ariaLabel?: string;
}) {
  const modeId = useId();
  const [mode, setMode] = useState<Mode | OwnKind>(initialMode);
  const [draft, setDraft] = useState<WatermarkDraft>(() => draftOf(saved));
  const [errors, setErrors] = useState<WatermarkErrors>({});
  const [dirty, setDirty] = useState(false);
  useUnsavedChanges(dirty);
  const done = () => setDirty(false);
  const { t } = useLingui();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!isOwn(mode)) return onSave({ mode }, done);
    const result = watermarkOf(draft);
    if ('errors' in result) return setErrors(result.errors);
    setErrors({});
    onSave({ watermark: result.watermark }, done);
  };

  return (
    <form noValidate className="grid gap-4" onSubmit={onSubmit} aria-label={ariaLabel}>
      <FormField id={modeId} label={t`Watermark`}>
        {(field) => (
          <NativeSelect
            {...field}
            value={mode}
            onChange={(event) => {
              const value = event.target.value as Mode | OwnKind;
              setDirty(true);
              setMode(value);
              if (isOwn(value)) setDraft({ ...draft, kind: value });
            }}
          >
            {options}
          </NativeSelect>
        )}
      </FormField>
      {isOwn(mode) && (
        <WatermarkFields
          draft={draft}
          errors={errors}
          onChange={(next) => {
            setDirty(true);
            setDraft(next);
          }}
        />
      )}
      <WatermarkProgressLine />
      {footer}
    </form>
  );
}
