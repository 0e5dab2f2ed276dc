import { useId, useState, type FormEvent } from 'react';
import { Stamp } from 'lucide-react';
import type { Category } from '#contract/categories.ts';
import type { CategoryWatermark } from '#contract/watermarks.ts';
import { DialogFormFooter } from '#client/components/dialog-form-footer.tsx';
import { FormField } from '#client/components/form-field.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '#client/components/ui/dialog.tsx';
import { NativeSelect } from '#client/components/ui/native-select.tsx';
import { useUnsavedChanges } from '#client/lib/unsaved-changes.ts';
import { useCategoryWatermark, useSaveCategoryWatermark } from '#client/features/watermarks/api/watermarks.ts';
import { draftOf, WatermarkFields, watermarkOf, type WatermarkDraft, type WatermarkErrors } from './watermark-fields.tsx';
import { WatermarkProgressLine } from './watermark-progress.tsx';

type Mode = 'site' | 'none' | 'text' | 'logo';

/** A gallery's own watermark, or none, or the site's; opened from its card. */
export function CategoryWatermarkButton({ category }: { category: Category }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="ghost" className="h-11 shrink-0 sm:h-8" onClick={() => setOpen(true)}>
        <Stamp aria-hidden />
        Watermark
        <span className="sr-only"> of {category.name}</span>
      </Button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent className="max-h-[90dvh] max-w-lg overflow-y-auto">
          <DialogHeader>
            <DialogTitle>Watermark of {category.name}</DialogTitle>
            <DialogDescription>
              Drawn on this gallery&apos;s display images and widths (thumbnails if you choose), never on the originals. Saving renders
              its photos again in the background.
            </DialogDescription>
          </DialogHeader>
          {open && <CategoryWatermarkLoader category={category} />}
        </DialogContent>
      </Dialog>
    </>
  );
}

function CategoryWatermarkLoader({ category }: { category: Category }) {
  const { data } = useCategoryWatermark(category.id);
  return data ? <CategoryWatermarkForm category={category} saved={data} /> : null;
}

function CategoryWatermarkForm({ category, saved }: { category: Category; saved: CategoryWatermark }) {
  const save = useSaveCategoryWatermark(category.id);
  const modeId = useId();
  const [mode, setMode] = useState<Mode>(saved.mode === 'own' ? saved.watermark.kind : saved.mode);
  const [draft, setDraft] = useState<WatermarkDraft>(() => draftOf(saved.mode === 'own' ? saved.watermark : null));
  const [errors, setErrors] = useState<WatermarkErrors>({});
  const [dirty, setDirty] = useState(false);
  useUnsavedChanges(dirty);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (mode === 'site' || mode === 'none') return save.mutate({ mode }, { onSuccess: () => setDirty(false) });
    const result = watermarkOf(draft);
    if ('errors' in result) return setErrors(result.errors);
    setErrors({});
    save.mutate({ mode: 'own', watermark: result.watermark }, { onSuccess: () => setDirty(false) });
  };

  return (
    <form noValidate className="grid gap-4" onSubmit={onSubmit}>
      <FormField id={modeId} label="Watermark">
        {(field) => (
          <NativeSelect
            {...field}
            value={mode}
            onChange={(event) => {
              const value = event.target.value as Mode;
              setDirty(true);
              setMode(value);
              if (value === 'text' || value === 'logo') setDraft({ ...draft, kind: value });
            }}
          >
            <option value="site">The site&apos;s watermark</option>
            <option value="none">None</option>
            <option value="text">Own text</option>
            <option value="logo">Own logo</option>
          </NativeSelect>
        )}
      </FormField>
      {(mode === 'text' || mode === 'logo') && (
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
      <DialogFormFooter submitLabel="Save" pendingLabel="Saving..." pending={save.isPending} />
    </form>
  );
}
