import { useLingui } from '@lingui/react/macro';
import type { Watermark } from '#contract/watermarks.ts';
import { Button } from '#client/components/ui/button.tsx';
import { PanelCard } from '#client/components/panel-card.tsx';
import { useSaveSiteWatermark, useSiteWatermark } from '#client/features/watermarks/api/watermarks.ts';
import { WatermarkForm } from './watermark-form.tsx';

/** The site's watermark, for every gallery that keeps it; under the portfolio settings. */
export function SiteWatermarkPanel() {
  const { data } = useSiteWatermark();
  const { t } = useLingui();
  return (
    <PanelCard
      headingId="site-watermark-heading"
      title={t`Watermark`}
      description={t`Drawn on the photos visitors see (display images and widths, thumbnails if you choose), never on your originals. A gallery can have its own, or none, from its card.`}
    >
      {data && <SiteWatermarkForm saved={data.watermark} />}
    </PanelCard>
  );
}

function SiteWatermarkForm({ saved }: { saved: Watermark | null }) {
  const save = useSaveSiteWatermark();
  const { t } = useLingui();
  return (
    <WatermarkForm<'none'>
      ariaLabel={t`Site watermark`}
      initialMode={saved?.kind ?? 'none'}
      saved={saved}
      options={
        <>
          <option value="none">{t`None`}</option>
          <option value="text">{t`Text`}</option>
          <option value="logo">{t`Logo`}</option>
        </>
      }
      onSave={(choice, saved) => save.mutate({ watermark: 'watermark' in choice ? choice.watermark : null }, { onSuccess: saved })}
      footer={
        <div className="flex justify-end">
          <Button type="submit" className="h-11" disabled={save.isPending}>
            {save.isPending ? t`Saving...` : t`Save watermark`}
          </Button>
        </div>
      }
    />
  );
}
