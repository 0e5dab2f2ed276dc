import { useLingui } from '@lingui/react/macro';
import { clsx } from 'clsx';
import { LoaderCircle } from './icons.tsx';

export function Spinner({ className, label }: { className?: string; label?: string }) {
  const { t } = useLingui();
  return (
    <div role="status" aria-label={label ?? t`Loading`} className={clsx('inline-flex text-muted-foreground', className)}>
      <LoaderCircle className="size-8 motion-safe:animate-spin" aria-hidden />
    </div>
  );
}
