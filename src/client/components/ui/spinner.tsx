import { clsx } from 'clsx';
import { LoaderCircle } from './icons.tsx';

export function Spinner({ className, label = 'Loading' }: { className?: string; label?: string }) {
  return (
    <div role="status" aria-label={label} className={clsx('inline-flex text-muted-foreground', className)}>
      <LoaderCircle className="size-8 motion-safe:animate-spin" aria-hidden />
    </div>
  );
}
