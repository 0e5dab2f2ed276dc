import { t } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useRef, useState } from 'react';
import { Upload } from 'lucide-react';
import { bannerPath } from '#contract/image-urls.ts';
import {
  Watermark,

  WATERMARK_ANCHORS,
  WATERMARK_LOGO_MAX_BYTES,
  WATERMARK_SIZE_MAX,
  WATERMARK_SIZE_MIN,
  type WatermarkAnchor,
} from '#contract/watermarks.ts';
import { FormField } from '#client/components/form-field.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { Label } from '#client/components/ui/label.tsx';
import { NativeSelect } from '#client/components/ui/native-select.tsx';
import { Switch } from '#client/components/ui/switch.tsx';
import { errorMessage } from '#client/lib/error-text.ts';
import { validationText } from '#client/lib/validation-text.ts';
import { uploadWatermarkLogo } from '#client/features/watermarks/api/watermarks.ts';

/** What the form holds while the owner edits: numbers as typed, a logo once uploaded. */
export interface WatermarkDraft {
  kind: 'text' | 'logo';
  text: string;
  logo: string | null;
  anchor: WatermarkAnchor;
  size: string;
  opacity: string;
  thumbnails: boolean;
}

export type WatermarkErrors = Partial<Record<'text' | 'logo' | 'anchor' | 'size' | 'opacity' | 'thumbnails', string>>;

export function draftOf(watermark: Watermark | null): WatermarkDraft {
  return {
    kind: watermark?.kind ?? 'text',
    text: watermark?.kind === 'text' ? watermark.text : '',
    logo: watermark?.kind === 'logo' ? watermark.logo : null,
    anchor: watermark?.anchor ?? 'bottom-right',
    size: String(watermark?.size ?? 25),
    opacity: String(watermark?.opacity ?? 60),
    thumbnails: watermark?.thumbnails ?? false,
  };
}

/** The draft as the contract's Watermark, or the message of each field it refuses. */
export function watermarkOf(draft: WatermarkDraft): { watermark: Watermark } | { errors: WatermarkErrors } {
  const number = (value: string) => (value.trim() === '' ? Number.NaN : Number(value));
  const placement = { anchor: draft.anchor, size: number(draft.size), opacity: number(draft.opacity), thumbnails: draft.thumbnails };
  const candidate = draft.kind === 'text' ? { kind: 'text', text: draft.text, ...placement } : { kind: 'logo', logo: draft.logo ?? '', ...placement };
  const parsed = Watermark.safeParse(candidate);
  if (parsed.success) return { watermark: parsed.data };
  const errors: WatermarkErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as keyof WatermarkErrors;
    errors[field] ??= watermarkRuleText(issue.message);
  }
  return { errors };
}

/** The contract's rules for a watermark, in the owner's language (their English is the contract's). */
function watermarkRuleText(message: string): string | undefined {
  const texts: Record<string, string> = {
    'Size must be a number': t`Size must be a number`,
    'Size must be a whole number': t`Size must be a whole number`,
    'Opacity must be a number': t`Opacity must be a number`,
    'Opacity must be a whole number': t`Opacity must be a whole number`,
    'Opacity must be at least 1%': t`Opacity must be at least 1%`,
    'Opacity must be at most 100%': t`Opacity must be at most 100%`,
  };
  const size = /^Size must be at (least|most) (\d+)% of the image's width$/.exec(message);
  if (size) {
    const percent = size[2] ?? '';
    return size[1] === 'least' ? t`Size must be at least ${percent}% of the image's width` : t`Size must be at most ${percent}% of the image's width`;
  }
  return texts[message] ?? validationText(message);
}

/** Where on the photo the watermark sits: the photo's own top left, whatever the page's direction. */
const anchorLabels = (): Record<WatermarkAnchor, string> => ({
  'top-left': t`Top left`,
  top: t`Top`,
  'top-right': t`Top right`,
  left: t`Left`,
  centre: t`Centre`,
  right: t`Right`,
  'bottom-left': t`Bottom left`,
  bottom: t`Bottom`,
  'bottom-right': t`Bottom right`,
});

const LOGO_TYPES = ['image/png', 'image/webp'];

/** Text or logo, position, size, opacity and thumbnails: the fields of one watermark. */
export function WatermarkFields({
  draft,
  errors,
  onChange,
}: {
  draft: WatermarkDraft;
  errors: WatermarkErrors;
  onChange: (draft: WatermarkDraft) => void;
}) {
  const ids = { text: useId(), logo: useId(), anchor: useId(), size: useId(), opacity: useId(), thumbnails: useId() };
  const set = <K extends keyof WatermarkDraft>(key: K, value: WatermarkDraft[K]) => onChange({ ...draft, [key]: value });
  const { t } = useLingui();
  const anchors = anchorLabels();
  return (
    <div className="grid gap-4">
      {draft.kind === 'text' ? (
        <FormField id={ids.text} label={t`Text`} error={errors.text} hint={t`One line, drawn in white with a dark outline.`}>
          {(field) => <Input {...field} value={draft.text} placeholder={t`© 2026 Ada Lovelace`} maxLength={200} onChange={(event) => set('text', event.target.value)} />}
        </FormField>
      ) : (
        <LogoField id={ids.logo} logo={draft.logo} error={errors.logo} onUploaded={(logo) => set('logo', logo)} />
      )}
      <div className="grid gap-4 sm:grid-cols-3">
        <FormField id={ids.anchor} label={t`Position`} error={errors.anchor}>
          {(field) => (
            <NativeSelect {...field} value={draft.anchor} onChange={(event) => set('anchor', event.target.value as WatermarkAnchor)}>
              {WATERMARK_ANCHORS.map((anchor) => (
                <option key={anchor} value={anchor}>
                  {anchors[anchor]}
                </option>
              ))}
            </NativeSelect>
          )}
        </FormField>
        <FormField id={ids.size} label={t`Size (% of width)`} error={errors.size}>
          {(field) => (
            <Input
              {...field}
              type="number"
              inputMode="numeric"
              min={WATERMARK_SIZE_MIN}
              max={WATERMARK_SIZE_MAX}
              value={draft.size}
              onChange={(event) => set('size', event.target.value)}
            />
          )}
        </FormField>
        <FormField id={ids.opacity} label={t`Opacity (%)`} error={errors.opacity}>
          {(field) => (
            <Input {...field} type="number" inputMode="numeric" min={1} max={100} value={draft.opacity} onChange={(event) => set('opacity', event.target.value)} />
          )}
        </FormField>
      </div>
      <div className="flex min-h-11 items-center gap-3">
        <Switch id={ids.thumbnails} checked={draft.thumbnails} onCheckedChange={(checked) => set('thumbnails', checked)} />
        <Label htmlFor={ids.thumbnails}>
          <Trans>Thumbnails too</Trans>
        </Label>
      </div>
    </div>
  );
}

function LogoField({ id, logo, error, onUploaded }: { id: string; logo: string | null; error: string | undefined; onUploaded: (logo: string) => void }) {
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const { t } = useLingui();
  const maxMegabytes = WATERMARK_LOGO_MAX_BYTES / 1024 / 1024;
  const onFile = async (file: File | undefined) => {
    if (!file) return;
    if (!LOGO_TYPES.includes(file.type)) return setRefusal(t`The logo must be a PNG or WebP image`);
    if (file.size > WATERMARK_LOGO_MAX_BYTES) return setRefusal(t`The logo must be at most ${maxMegabytes} MB`);
    setBusy(true);
    setRefusal(null);
    try {
      onUploaded((await uploadWatermarkLogo(file)).logo);
    } catch (failure) {
      setRefusal(errorMessage(failure, t`The logo could not be uploaded`));
    } finally {
      setBusy(false);
    }
  };
  const shown = refusal ?? error;
  return (
    <div className="grid gap-2">
      <span id={`${id}-label`} className="text-sm leading-none font-medium">
        <Trans>Logo</Trans>
      </span>
      <div className="flex flex-wrap items-center gap-3">
        {logo && (
          // A checkerboard behind it shows where the logo is transparent.
          <img
            src={bannerPath(logo)}
            alt={t`Watermark logo`}
            className="h-16 max-w-48 rounded-md border bg-[repeating-conic-gradient(#8883_0_25%,transparent_0_50%)] bg-[length:16px_16px] object-contain p-1"
          />
        )}
        <Button type="button" variant="outline" className="h-11" disabled={busy} aria-describedby={`${id}-hint`} onClick={() => input.current?.click()}>
          <Upload aria-hidden />
          {busy ? t`Uploading...` : logo ? t`Replace logo` : t`Upload logo`}
        </Button>
        <input
          ref={input}
          id={id}
          type="file"
          accept=".png,.webp,image/png,image/webp"
          className="sr-only"
          aria-labelledby={`${id}-label`}
          tabIndex={-1}
          onChange={(event) => {
            void onFile(event.target.files?.[0]);
            event.target.value = '';
          }}
        />
      </div>
      <p id={`${id}-hint`} className="text-sm text-muted-foreground">
        <Trans>PNG or WebP, up to {maxMegabytes} MB; its transparency is kept.</Trans>
      </p>
      {shown && (
        <p className="text-sm text-destructive" role="alert">
          {shown}
        </p>
      )}
    </div>
  );
}
