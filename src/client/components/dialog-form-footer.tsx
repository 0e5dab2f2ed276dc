import { Trans } from '@lingui/react/macro';
import { Button } from '#client/components/ui/button.tsx';
import { DialogClose, DialogFooter } from '#client/components/ui/dialog.tsx';

interface DialogFormFooterProps {
  /** What the submit button says, and what it says while the form is being sent. */
  submitLabel: string;
  pendingLabel: string;
  pending: boolean;
}

/** The foot of a form in a dialog: Cancel closes it, the submit button is disabled while sending. */
export function DialogFormFooter({ submitLabel, pendingLabel, pending }: DialogFormFooterProps) {
  return (
    <DialogFooter>
      <DialogClose asChild>
        <Button variant="outline">
          <Trans>Cancel</Trans>
        </Button>
      </DialogClose>
      <Button type="submit" disabled={pending}>
        {pending ? pendingLabel : submitLabel}
      </Button>
    </DialogFooter>
  );
}
