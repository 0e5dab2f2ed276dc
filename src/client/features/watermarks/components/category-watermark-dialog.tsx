import { useState } from 'react';
import { Stamp } from 'lucide-react';
import type { Category } from '#contract/categories.ts';
import type { CategoryWatermark } from '#contract/watermarks.ts';
import { DialogFormFooter } from '#client/components/dialog-form-footer.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '#client/components/ui/dialog.tsx';
import { useCategoryWatermark, useSaveCategoryWatermark } from '#client/features/watermarks/api/watermarks.ts';
import { WatermarkForm } from './watermark-form.tsx';

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
  return (
    <WatermarkForm<'site' | 'none'>
      initialMode={saved.mode === 'own' ? saved.watermark.kind : saved.mode}
      saved={saved.mode === 'own' ? saved.watermark : null}
      options={
        <>
          <option value="site">The site&apos;s watermark</option>
          <option value="none">None</option>
          <option value="text">Own text</option>
          <option value="logo">Own logo</option>
        </>
      }
      onSave={(choice, saved) => save.mutate('watermark' in choice ? { mode: 'own', watermark: choice.watermark } : choice, { onSuccess: saved })}
      footer={<DialogFormFooter submitLabel="Save" pendingLabel="Saving..." pending={save.isPending} />}
    />
  );
}
