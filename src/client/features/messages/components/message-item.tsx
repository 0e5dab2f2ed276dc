import { Trans, useLingui } from '@lingui/react/macro';
import { Reply, Trash2 } from 'lucide-react';
import type { ContactMessage } from '#contract/contact.ts';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from '#client/components/ui/alert-dialog.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { cn } from '#client/lib/utils.ts';
import { formatDateTime } from '#client/lib/formats.ts';

/** One message: a row that opens to the full text, and a delete button behind a confirmation. */
export function MessageItem({
  message,
  isOpen,
  onToggle,
  onDelete,
  isDeleting,
}: {
  message: ContactMessage;
  isOpen: boolean;
  onToggle: () => void;
  /** Runs once the owner has confirmed. */
  onDelete: () => void;
  isDeleting: boolean;
}) {
  const isUnread = message.readAt === null;
  const bodyId = `message-${message.id}-body`;
  const { t } = useLingui();
  const { name } = message;

  return (
    <li className={cn('grid gap-3 p-3', isUnread && 'bg-muted')}>
      <div className="flex items-start gap-2">
        <button
          type="button"
          className="grid min-w-0 flex-1 cursor-pointer gap-0.5 rounded-sm text-start focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
          aria-expanded={isOpen}
          aria-controls={isOpen ? bodyId : undefined}
          onClick={onToggle}
        >
          <span className="flex min-w-0 items-center gap-2">
            {isUnread && <span className="size-2 shrink-0 rounded-full bg-primary" aria-hidden />}
            <span className={cn('truncate', isUnread ? 'font-semibold' : 'font-normal')}>{message.name}</span>
            {isUnread && (
              <span className="sr-only">
                <Trans>(unread)</Trans>
              </span>
            )}
          </span>
          <span className="flex min-w-0 flex-wrap gap-x-2 text-xs text-muted-foreground">
            <span className="truncate">{message.email}</span>
            <time dateTime={message.createdAt}>{formatDateTime(message.createdAt)}</time>
          </span>
          {!isOpen && (
            <span className={cn('line-clamp-1 text-sm wrap-anywhere', !isUnread && 'text-muted-foreground')}>
              {message.message}
            </span>
          )}
        </button>
        <AlertDialog>
          <AlertDialogTrigger asChild>
            <Button
              variant="ghost"
              size="icon"
              className="size-9"
              aria-label={t`Delete message from ${name}`}
              disabled={isDeleting}
            >
              <Trash2 aria-hidden />
            </Button>
          </AlertDialogTrigger>
          <AlertDialogContent>
            <AlertDialogHeader>
              <AlertDialogTitle>
                <Trans>Delete message</Trans>
              </AlertDialogTitle>
              <AlertDialogDescription>
                <Trans>Are you sure you want to delete this message? This action cannot be undone.</Trans>
              </AlertDialogDescription>
            </AlertDialogHeader>
            <AlertDialogFooter>
              <AlertDialogCancel>
                <Trans>Cancel</Trans>
              </AlertDialogCancel>
              <AlertDialogAction variant="destructive" onClick={onDelete}>
                <Trans>Delete</Trans>
              </AlertDialogAction>
            </AlertDialogFooter>
          </AlertDialogContent>
        </AlertDialog>
      </div>
      {isOpen && (
        <div id={bodyId} className="grid min-w-0 gap-3">
          <p className="text-sm whitespace-pre-wrap wrap-anywhere">{message.message}</p>
          <Button asChild variant="outline" size="sm" className="justify-self-start">
            <a href={`mailto:${message.email}`}>
              <Reply aria-hidden className="rtl:-scale-x-100" />
              <Trans>Reply by email</Trans>
            </a>
          </Button>
        </div>
      )}
    </li>
  );
}
