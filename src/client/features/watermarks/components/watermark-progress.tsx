import { Progress } from '#client/components/ui/progress.tsx';
import { useWatermarkProgress } from '#client/features/watermarks/api/watermarks.ts';

/** "Applying watermark: 120 of 400" while the copies are rendered again; nothing once they are. */
export function WatermarkProgressLine() {
  const { data } = useWatermarkProgress();
  const running = data?.running ?? false;
  return (
    <div role="status" aria-live="polite" className="grid gap-2">
      {running && data && (
        <>
          <p className="text-sm text-muted-foreground">
            {data.total > 0 ? `Applying watermark: ${data.done} of ${data.total}` : 'Applying watermark…'}
          </p>
          <Progress value={data.total > 0 ? Math.round((100 * data.done) / data.total) : 0} aria-label="Applying watermark" />
        </>
      )}
    </div>
  );
}
