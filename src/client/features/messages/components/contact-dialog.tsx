import { Trans } from '@lingui/react/macro';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '#client/components/ui/dialog.tsx';
import { returnFocusTo } from '#client/lib/return-focus.ts';
import { ContactForm } from './contact-form.tsx';

/** The Contact dialog's frame; the form inside belongs to the contact feature. */
export function ContactDialog({
  ownerId,
  ownerName,
  open,
  onOpenChange,
  opener,
}: {
  ownerId: number;
  ownerName: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The button that opened the dialog: focus goes back to it. */
  opener: () => HTMLElement | null;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent onCloseAutoFocus={returnFocusTo(opener)}>
        <DialogHeader>
          <DialogTitle>
            <Trans>Contact</Trans>
          </DialogTitle>
          <DialogDescription>
            <Trans>Send {ownerName} a message.</Trans>
          </DialogDescription>
        </DialogHeader>
        <ContactForm ownerId={ownerId} onSent={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  );
}
