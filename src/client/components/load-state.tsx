import { Trans } from '@lingui/react/macro';
import { Button } from '#client/components/ui/button.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';

const LOOK = {
  /** The whole screen's content: centred, with room around it. */
  page: { loading: 'flex justify-center py-16', failed: 'grid justify-items-center gap-4 py-16 text-center', text: 'text-lg font-medium' },
  /** Inside a panel, under its heading. */
  panel: { loading: 'flex justify-center py-8', failed: 'grid justify-items-start gap-3', text: undefined },
};

/**
 * What stands in for data on its way: a spinner while it loads, and once it failed, why, with a
 * Try again button.
 */
export function LoadState({
  failed,
  onRetry,
  loadingLabel,
  failedText,
  look = 'page',
}: {
  failed: boolean;
  onRetry: () => void;
  loadingLabel: string;
  failedText: string;
  look?: keyof typeof LOOK;
}) {
  const classes = LOOK[look];
  if (!failed) {
    return (
      <div className={classes.loading}>
        <Spinner label={loadingLabel} />
      </div>
    );
  }
  return (
    <div role="alert" className={classes.failed}>
      <p className={classes.text}>{failedText}</p>
      <Button variant="outline" className="min-h-11" onClick={onRetry}>
        <Trans>Try again</Trans>
      </Button>
    </div>
  );
}
