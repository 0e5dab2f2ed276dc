import { Trans } from '@lingui/react/macro';
import { Dialog, DialogContent, DialogHeader, DialogTitle } from '#client/components/ui/dialog.tsx';
import { returnFocusTo } from '#client/lib/return-focus.ts';

/** The owner's About text, with their line breaks kept. */
export function AboutDialog({
  aboutText,
  open,
  onOpenChange,
  opener,
}: {
  aboutText: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The button that opened the dialog: focus goes back to it. */
  opener: () => HTMLElement | null;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-2xl" aria-describedby={undefined} onCloseAutoFocus={returnFocusTo(opener)}>
        <DialogHeader>
          <DialogTitle>
            <Trans>About</Trans>
          </DialogTitle>
        </DialogHeader>
        <div className="text-sm leading-relaxed break-words whitespace-pre-line">{aboutText}</div>
      </DialogContent>
    </Dialog>
  );
}
