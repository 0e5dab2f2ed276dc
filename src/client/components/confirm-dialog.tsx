import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '#client/components/ui/alert-dialog.tsx';
import { Button } from '#client/components/ui/button.tsx';

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  /** The question to confirm, worded in full. */
  description: string;
  /** More about what happens, under the question. */
  details?: ReactNode;
  confirmLabel: string;
  pendingLabel: string;
  pending: boolean;
  onConfirm: () => void;
  onCancel: () => void;
  /** Red for a step that deletes or revokes (the default); the plain main button for one that sends. */
  tone?: 'destructive' | 'default';
}

/**
 * A step asked for in a dialog before it is taken: focus starts on Cancel, Escape cancels, and the dialog
 * stays open with the button busy until the request has answered.
 */
export function ConfirmDialog({
  open,
  title,
  description,
  details,
  confirmLabel,
  pendingLabel,
  pending,
  onConfirm,
  onCancel,
  tone = 'destructive',
}: ConfirmDialogProps) {
  return (
    <AlertDialog open={open} onOpenChange={(next) => !next && !pending && onCancel()}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{title}</AlertDialogTitle>
          <AlertDialogDescription>{description}</AlertDialogDescription>
          {details && <div className="text-sm text-muted-foreground">{details}</div>}
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={pending}>
            <Trans>Cancel</Trans>
          </AlertDialogCancel>
          <Button variant={tone} disabled={pending} onClick={onConfirm}>
            {pending ? pendingLabel : confirmLabel}
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
