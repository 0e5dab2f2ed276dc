import { Trans, useLingui } from '@lingui/react/macro';
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
  const { name } = category;
  return (
    <>
      <Button variant="ghost" className="h-11 shrink-0 sm:h-8" onClick={() => setOpen(true)}>
        <Stamp aria-hidden />
        <Trans>Watermark</Trans>
        <span className="sr-only">
          {' '}
          <Trans>of {name}</Trans>
        </span>
      </Button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent className="max-h-[90dvh] max-w-lg overflow-y-auto">
          <DialogHeader>
            <DialogTitle>
              <Trans>Watermark of {name}</Trans>
            </DialogTitle>
            <DialogDescription>
              <Trans>
                Drawn on this gallery's display images and widths (thumbnails if you choose), never on the originals. Saving renders its
                photos again in the background.
              </Trans>
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
  const { t } = useLingui();
  return (
    <WatermarkForm<'site' | 'none'>
      initialMode={saved.mode === 'own' ? saved.watermark.kind : saved.mode}
      saved={saved.mode === 'own' ? saved.watermark : null}
      options={
        <>
          <option value="site">{t`The site's watermark`}</option>
          <option value="none">{t`None`}</option>
          <option value="text">{t`Own text`}</option>
          <option value="logo">{t`Own logo`}</option>
        </>
      }
      onSave={(choice, saved) => save.mutate('watermark' in choice ? { mode: 'own', watermark: choice.watermark } : choice, { onSuccess: saved })}
      footer={<DialogFormFooter submitLabel={t`Save`} pendingLabel={t`Saving...`} pending={save.isPending} />}
    />
  );
}
