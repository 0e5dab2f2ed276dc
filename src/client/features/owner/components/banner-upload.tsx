import { t } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { ImageIcon, Trash2, Upload } from 'lucide-react';
import { useDropzone, type FileRejection } from 'react-dropzone';
import { bannerPath } from '#contract/image-urls.ts';
import { BANNER_SIZE } from '#contract/image-sizes.ts';
import { BANNER_MAX_BYTES } from '#contract/portfolio.ts';
import { Button } from '#client/components/ui/button.tsx';
import { cn } from '#client/lib/utils.ts';
import { useUpdatePortfolioSettings } from '#client/features/owner/api/update-portfolio-settings.ts';
import { useUploadBanner } from '#client/features/owner/api/upload-banner.ts';

/** A banner is a jpeg, jpg, png or webp image. */
const BANNER_TYPES = {
  'image/jpeg': ['.jpeg', '.jpg'],
  'image/png': ['.png'],
  'image/webp': ['.webp'],
};

const BANNER_MAX_MB = BANNER_MAX_BYTES / (1024 * 1024);

function refusalMessage(rejections: readonly FileRejection[]): string {
  const codes = new Set(rejections.flatMap((rejection) => rejection.errors.map((error) => error.code)));
  if (codes.has('too-many-files')) return t`Choose a single image for the banner`;
  if (codes.has('file-invalid-type')) return t`The banner must be a JPEG, PNG or WebP image`;
  if (codes.has('file-too-large')) return t`The banner must be at most ${BANNER_MAX_MB} MB`;
  return rejections[0]?.errors[0]?.message ?? t`This file cannot be used as a banner`;
}

/**
 * The banner: a preview once set, a drop area and a file picker, and removal.
 * Files are checked here before anything is sent; the server checks them again.
 */
export function BannerUpload({ bannerImage }: { bannerImage: string | null }) {
  const upload = useUploadBanner();
  const removal = useUpdatePortfolioSettings();
  const [refusal, setRefusal] = useState<string | null>(null);
  const busy = upload.isPending || removal.isPending;
  const { t } = useLingui();
  const maxMegabytes = BANNER_MAX_MB;

  const { getRootProps, getInputProps, open, isDragActive } = useDropzone({
    accept: BANNER_TYPES,
    multiple: false,
    maxFiles: 1,
    maxSize: BANNER_MAX_BYTES,
    // The visible button opens the picker; the area itself only takes drops.
    noClick: true,
    noKeyboard: true,
    useFsAccessApi: false,
    disabled: busy,
    onDrop: (accepted, rejections) => {
      if (rejections.length > 0) {
        setRefusal(refusalMessage(rejections));
        return;
      }
      const file = accepted[0];
      if (!file) return;
      setRefusal(null);
      upload.mutate(file);
    },
  });

  return (
    <div className="grid gap-2">
      <span id="banner-label" className="text-sm leading-none font-medium">
        <Trans>Banner Image</Trans>
      </span>
      <div
        {...getRootProps({
          role: 'group',
          'aria-labelledby': 'banner-label',
          className: cn(
            'grid gap-3 rounded-md border-2 border-dashed border-input p-3 transition-colors',
            isDragActive && 'border-primary bg-accent',
          ),
        })}
      >
        <input {...getInputProps({ 'aria-label': t`Banner image file`, 'aria-describedby': 'banner-hint' })} />
        {bannerImage ? (
          <img
            src={bannerPath(bannerImage)}
            alt={t`Banner preview`}
            width={BANNER_SIZE.width}
            height={BANNER_SIZE.height}
            style={{ aspectRatio: `${BANNER_SIZE.width} / ${BANNER_SIZE.height}` }}
            className="h-auto w-full rounded-md bg-muted object-cover"
          />
        ) : (
          <p className="flex items-center gap-2 text-sm text-muted-foreground">
            <ImageIcon className="size-5 shrink-0" aria-hidden />
            <Trans>No banner yet. Drop an image here, or choose one.</Trans>
          </p>
        )}
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" size="sm" className="h-11 sm:h-9" disabled={busy} onClick={open} aria-describedby="banner-hint">
            <Upload aria-hidden />
            {upload.isPending ? t`Uploading...` : bannerImage ? t`Replace Banner` : t`Upload Banner`}
          </Button>
          {bannerImage && (
            <Button
              variant="outline"
              size="sm"
              disabled={busy}
              onClick={() => removal.mutate({ bannerImage: null })}
            >
              <Trash2 aria-hidden />
              {removal.isPending ? t`Removing...` : t`Remove Banner`}
            </Button>
          )}
        </div>
      </div>
      <p id="banner-hint" className="text-sm text-muted-foreground">
        <Trans>JPEG, PNG or WebP, one file up to {maxMegabytes} MB. The banner is cropped automatically to banner size.</Trans>
      </p>
      {refusal && (
        <p role="alert" className="text-sm text-destructive">
          {refusal}
        </p>
      )}
    </div>
  );
}
