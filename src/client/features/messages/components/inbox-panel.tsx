import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useRef, useState } from 'react';
import { Inbox } from 'lucide-react';
import { Badge } from '#client/components/ui/badge.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '#client/components/ui/card.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { useMessages } from '#client/features/messages/api/get-messages.ts';
import { useDeleteMessage } from '#client/features/messages/api/delete-message.ts';
import { useMarkMessageRead } from '#client/features/messages/api/mark-message-read.ts';
import { MessageItem } from './message-item.tsx';

/** The owner's inbox of contact messages: newest first, opened to read, deleted after a confirmation. */
export function InboxPanel() {
  const messages = useMessages();
  const markRead = useMarkMessageRead();
  const deleteMessage = useDeleteMessage();
  const [openId, setOpenId] = useState<number | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const { t } = useLingui();

  const toggle = (id: number, isUnread: boolean) => {
    if (openId === id) {
      setOpenId(null);
      return;
    }
    setOpenId(id);
    if (isUnread) markRead.mutate(id);
  };

  return (
    <Card aria-labelledby="inbox-heading" role="region">
      <CardHeader className="flex-row flex-wrap items-center gap-x-3 gap-y-2">
        <CardTitle id="inbox-heading" ref={headingRef} tabIndex={-1} className="flex items-center gap-2 text-xl outline-none">
          <Inbox className="size-5" aria-hidden />
          <Trans>Messages</Trans>
        </CardTitle>
        {messages.data && (
          <Badge variant={messages.data.unread > 0 ? 'default' : 'secondary'}>
            <Plural value={messages.data.unread} other="# unread" />
          </Badge>
        )}
      </CardHeader>
      <CardContent>
        {messages.isPending ? (
          <div className="flex justify-center py-6">
            <Spinner label={t`Loading messages`} />
          </div>
        ) : messages.isError ? (
          <div className="grid justify-items-start gap-3">
            <p className="text-sm text-destructive">
              <Trans>Could not load your messages.</Trans>
            </p>
            <Button variant="outline" size="sm" onClick={() => void messages.refetch()}>
              <Trans>Try again</Trans>
            </Button>
          </div>
        ) : messages.data.messages.length === 0 ? (
          <div className="grid gap-1 py-6 text-center">
            <p className="font-medium">
              <Trans>No messages yet</Trans>
            </p>
            <p className="text-sm text-muted-foreground">
              <Trans>Messages visitors send through the contact form appear here.</Trans>
            </p>
          </div>
        ) : (
          <ul className="max-h-[36rem] divide-y overflow-y-auto rounded-md border">
            {messages.data.messages.map((message) => (
              <MessageItem
                key={message.id}
                message={message}
                isOpen={openId === message.id}
                onToggle={() => toggle(message.id, message.readAt === null)}
                isDeleting={deleteMessage.isPending}
                onDelete={() =>
                  // The deleted row held the focus; the panel's heading takes it over.
                  deleteMessage.mutate(message.id, { onSuccess: () => headingRef.current?.focus() })
                }
              />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
