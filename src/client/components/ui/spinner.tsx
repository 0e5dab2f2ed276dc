import { LoaderCircle } from 'lucide-react';
import { cn } from '#client/lib/utils.ts';

export function Spinner({ className, label = 'Loading' }: { className?: string; label?: string }) {
  return (
    <div role="status" aria-label={label} className={cn('inline-flex text-muted-foreground', className)}>
      <LoaderCircle className="size-8 motion-safe:animate-spin" aria-hidden />
    </div>
  );
}
