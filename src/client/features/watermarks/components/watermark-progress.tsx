import { useLingui } from '@lingui/react/macro';
import { Progress } from '#client/components/ui/progress.tsx';
import { useWatermarkProgress } from '#client/features/watermarks/api/watermarks.ts';

/** "Applying watermark: 120 of 400" while the copies are rendered again; nothing once they are. */
export function WatermarkProgressLine() {
  const { data } = useWatermarkProgress();
  const running = data?.running ?? false;
  const { t } = useLingui();
  const done = data?.done ?? 0;
  const total = data?.total ?? 0;
  return (
    <div role="status" aria-live="polite" className="grid gap-2">
      {running && data && (
        <>
          <p className="text-sm text-muted-foreground">
            {total > 0 ? t`Applying watermark: ${done} of ${total}` : t`Applying watermark…`}
          </p>
          <Progress value={total > 0 ? Math.round((100 * done) / total) : 0} aria-label={t`Applying watermark`} />
        </>
      )}
    </div>
  );
}
