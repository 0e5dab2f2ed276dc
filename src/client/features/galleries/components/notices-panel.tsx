import { useId } from 'react';
import { Bell, Check, CheckCheck } from 'lucide-react';
import { NOTICE_DIGEST_HOUR_UTC, NOTICE_KINDS, type NoticeDelivery, type NoticeKind } from '#contract/gallery-activity.ts';
import { Badge } from '#client/components/ui/badge.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#client/components/ui/card.tsx';
import { Label } from '#client/components/ui/label.tsx';
import { NativeSelect } from '#client/components/ui/native-select.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { cn } from '#client/lib/utils.ts';
import { useMarkNoticesRead, useNotices, useNoticeSettings, useUpdateNoticeSettings } from '#client/features/galleries/api/activity.ts';

const timeOf = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

const KIND_LABELS: Record<NoticeKind, string> = {
  opened: 'A client opens a link for the first time',
  submitted: 'A client sends their picks',
  downloaded: "A link's first download",
  commented: 'A client comments on a photo',
};

const DELIVERY_LABELS: Record<NoticeDelivery, string> = {
  now: 'Mail me at once',
  digest: 'In the daily digest',
  off: 'No mail, only here',
};

/** The owner's notices of their gallery links: unread first marked, each marked read, and how each kind reaches them. */
export function GalleryNoticesPanel() {
  const notices = useNotices();
  const markRead = useMarkNoticesRead();
  const unread = notices.data?.unread ?? 0;
  return (
    <Card aria-labelledby="notices-heading" role="region">
      <CardHeader className="flex-row flex-wrap items-center gap-x-3 gap-y-2">
        <CardTitle id="notices-heading" tabIndex={-1} className="flex items-center gap-2 text-xl outline-none">
          <Bell className="size-5" aria-hidden />
          Gallery notices
        </CardTitle>
        {notices.data && (
          // Read again now and then: a change of the count is announced.
          <Badge role="status" aria-live="polite" variant={unread > 0 ? 'default' : 'secondary'}>
            {unread} unread
          </Badge>
        )}
        {unread > 0 && (
          <Button variant="outline" className="ml-auto min-h-11 sm:min-h-9" disabled={markRead.isPending} onClick={() => markRead.mutate(undefined)}>
            <CheckCheck aria-hidden />
            Mark all read
          </Button>
        )}
      </CardHeader>
      <CardContent className="grid gap-6">
        {notices.isPending ? (
          <div className="flex justify-center py-6">
            <Spinner label="Loading the notices" />
          </div>
        ) : notices.isError ? (
          <div className="grid justify-items-start gap-3">
            <p className="text-sm text-destructive">Could not load your notices.</p>
            <Button variant="outline" className="min-h-11 sm:min-h-9" onClick={() => void notices.refetch()}>
              Try again
            </Button>
          </div>
        ) : notices.data.notices.length === 0 ? (
          <p className="py-2 text-sm text-muted-foreground">No notices yet. They come when a client opens a link, downloads, sends picks or comments.</p>
        ) : (
          <ul aria-label="Gallery notices" className="max-h-[28rem] divide-y overflow-y-auto rounded-md border">
            {notices.data.notices.map((notice) => (
              <li key={notice.id} data-notice={notice.kind} className={cn('flex items-center gap-3 px-3 py-2', !notice.read && 'bg-accent/40')}>
                <span aria-hidden className={cn('size-2 shrink-0 rounded-full', notice.read ? 'bg-transparent' : 'bg-primary')} />
                <div className="grid min-w-0 flex-1 gap-0.5">
                  <p className={cn('text-sm break-words', !notice.read && 'font-semibold')}>
                    {!notice.read && <span className="sr-only">Unread: </span>}
                    {notice.text}
                  </p>
                  <time dateTime={notice.createdAt} className="text-xs text-muted-foreground">
                    {timeOf(notice.createdAt)}
                  </time>
                </div>
                {!notice.read && (
                  <Button variant="ghost" size="icon" className="size-11 shrink-0 sm:size-9" aria-label={`Mark read: ${notice.text}`} disabled={markRead.isPending} onClick={() => markRead.mutate([notice.id])}>
                    <Check aria-hidden />
                  </Button>
                )}
              </li>
            ))}
          </ul>
        )}
        <NoticeSettingsForm />
      </CardContent>
    </Card>
  );
}

function NoticeSettingsForm() {
  const settings = useNoticeSettings();
  const update = useUpdateNoticeSettings();
  const baseId = useId();
  return (
    <fieldset className="grid gap-3 border-t pt-4">
      <legend className="sr-only">Notice mails</legend>
      <div className="grid gap-1">
        <h3 className="text-sm font-semibold">Notice mails</h3>
        <CardDescription>
          Every notice shows here. Mails go to the account's recovery email; the digest comes once a day, from {String(NOTICE_DIGEST_HOUR_UTC).padStart(2, '0')}:00 UTC, when
          there is something in it.
        </CardDescription>
      </div>
      {settings.isPending ? (
        <Spinner label="Loading the notice settings" />
      ) : settings.isError ? (
        <p role="alert" className="text-sm">
          The notice settings could not be loaded.
        </p>
      ) : (
        <div className="grid gap-3 sm:grid-cols-2">
          {NOTICE_KINDS.map((kind) => (
            <div key={kind} className="grid gap-1.5">
              <Label htmlFor={`${baseId}-${kind}`}>{KIND_LABELS[kind]}</Label>
              <NativeSelect
                id={`${baseId}-${kind}`}
                value={settings.data[kind]}
                disabled={update.isPending}
                onChange={(event) => update.mutate({ [kind]: event.target.value as NoticeDelivery })}
              >
                {(Object.keys(DELIVERY_LABELS) as NoticeDelivery[]).map((delivery) => (
                  <option key={delivery} value={delivery}>
                    {DELIVERY_LABELS[delivery]}
                  </option>
                ))}
              </NativeSelect>
            </div>
          ))}
        </div>
      )}
      <p className="sr-only" role="status" aria-live="polite">
        {update.isSuccess ? 'Notice mails saved' : ''}
      </p>
    </fieldset>
  );
}
