import { useId, useState, type FormEvent } from 'react';
import type { Watermark } from '#contract/watermarks.ts';
import { FormField } from '#client/components/form-field.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { PanelCard } from '#client/components/panel-card.tsx';
import { NativeSelect } from '#client/components/ui/native-select.tsx';
import { useUnsavedChanges } from '#client/lib/unsaved-changes.ts';
import { useSaveSiteWatermark, useSiteWatermark } from '#client/features/watermarks/api/watermarks.ts';
import { draftOf, WatermarkFields, watermarkOf, type WatermarkDraft, type WatermarkErrors } from './watermark-fields.tsx';
import { WatermarkProgressLine } from './watermark-progress.tsx';

/** The site's watermark, for every gallery that keeps it; under the portfolio settings. */
export function SiteWatermarkPanel() {
  const { data } = useSiteWatermark();
  return (
    <PanelCard
      headingId="site-watermark-heading"
      title="Watermark"
      description="Drawn on the photos visitors see (display images and widths, thumbnails if you choose), never on your originals. A gallery can have its own, or none, from its card."
    >
      {data && <SiteWatermarkForm saved={data.watermark} />}
    </PanelCard>
  );
}

function SiteWatermarkForm({ saved }: { saved: Watermark | null }) {
  const save = useSaveSiteWatermark();
  const modeId = useId();
  const [on, setOn] = useState(saved !== null);
  const [draft, setDraft] = useState<WatermarkDraft>(() => draftOf(saved));
  const [errors, setErrors] = useState<WatermarkErrors>({});
  const [dirty, setDirty] = useState(false);
  useUnsavedChanges(dirty);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!on) return save.mutate({ watermark: null }, { onSuccess: () => setDirty(false) });
    const result = watermarkOf(draft);
    if ('errors' in result) return setErrors(result.errors);
    setErrors({});
    save.mutate({ watermark: result.watermark }, { onSuccess: () => setDirty(false) });
  };

  return (
    <form noValidate className="grid gap-4" onSubmit={onSubmit} aria-label="Site watermark">
      <FormField id={modeId} label="Watermark">
        {(field) => (
          <NativeSelect
            {...field}
            value={on ? draft.kind : 'none'}
            onChange={(event) => {
              const value = event.target.value;
              setDirty(true);
              setOn(value !== 'none');
              if (value !== 'none') setDraft({ ...draft, kind: value as WatermarkDraft['kind'] });
            }}
          >
            <option value="none">None</option>
            <option value="text">Text</option>
            <option value="logo">Logo</option>
          </NativeSelect>
        )}
      </FormField>
      {on && (
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
      <div className="flex justify-end">
        <Button type="submit" className="h-11" disabled={save.isPending}>
          {save.isPending ? 'Saving...' : 'Save watermark'}
        </Button>
      </div>
    </form>
  );
}
