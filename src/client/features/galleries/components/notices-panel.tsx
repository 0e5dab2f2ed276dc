import { t } from '@lingui/core/macro';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
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

import { formatDateTime as timeOf } from '#client/lib/formats.ts';

const kindLabels = (): Record<NoticeKind, string> => ({
  opened: t`A client opens a link for the first time`,
  submitted: t`A client sends their picks`,
  downloaded: t`A link's first download`,
  commented: t`A client comments on a photo`,
});

const deliveryLabels = (): Record<NoticeDelivery, string> => ({
  now: t`Mail me at once`,
  digest: t`In the daily digest`,
  off: t`No mail, only here`,
});

/** The owner's notices of their gallery links: unread first marked, each marked read, and how each kind reaches them. */
export function GalleryNoticesPanel() {
  const notices = useNotices();
  const markRead = useMarkNoticesRead();
  const unread = notices.data?.unread ?? 0;
  const { t } = useLingui();
  return (
    <Card aria-labelledby="notices-heading" role="region">
      <CardHeader className="flex-row flex-wrap items-center gap-x-3 gap-y-2">
        <CardTitle id="notices-heading" tabIndex={-1} className="flex items-center gap-2 text-xl outline-none">
          <Bell className="size-5" aria-hidden />
          <Trans>Gallery notices</Trans>
        </CardTitle>
        {notices.data && (
          // Read again now and then: a change of the count is announced.
          <Badge role="status" aria-live="polite" variant={unread > 0 ? 'default' : 'secondary'}>
            <Plural value={unread} other="# unread" />
          </Badge>
        )}
        {unread > 0 && (
          <Button variant="outline" className="ms-auto min-h-11 sm:min-h-9" disabled={markRead.isPending} onClick={() => markRead.mutate(undefined)}>
            <CheckCheck aria-hidden />
            <Trans>Mark all read</Trans>
          </Button>
        )}
      </CardHeader>
      <CardContent className="grid gap-6">
        {notices.isPending ? (
          <div className="flex justify-center py-6">
            <Spinner label={t`Loading the notices`} />
          </div>
        ) : notices.isError ? (
          <div className="grid justify-items-start gap-3">
            <p className="text-sm text-destructive">
              <Trans>Could not load your notices.</Trans>
            </p>
            <Button variant="outline" className="min-h-11 sm:min-h-9" onClick={() => void notices.refetch()}>
              <Trans>Try again</Trans>
            </Button>
          </div>
        ) : notices.data.notices.length === 0 ? (
          <p className="py-2 text-sm text-muted-foreground">
            <Trans>No notices yet. They come when a client opens a link, downloads, sends picks or comments.</Trans>
          </p>
        ) : (
          <ul aria-label={t`Gallery notices`} className="max-h-[28rem] divide-y overflow-y-auto rounded-md border">
            {notices.data.notices.map((notice) => (
              <li key={notice.id} data-notice={notice.kind} className={cn('flex items-center gap-3 px-3 py-2', !notice.read && 'bg-accent/40')}>
                <span aria-hidden className={cn('size-2 shrink-0 rounded-full', notice.read ? 'bg-transparent' : 'bg-primary')} />
                <div className="grid min-w-0 flex-1 gap-0.5">
                  <p className={cn('text-sm break-words', !notice.read && 'font-semibold')}>
                    {!notice.read && <span className="sr-only">{t`Unread:`} </span>}
                    {notice.text}
                  </p>
                  <time dateTime={notice.createdAt} className="text-xs text-muted-foreground">
                    {timeOf(notice.createdAt)}
                  </time>
                </div>
                {!notice.read && (
                  <Button variant="ghost" size="icon" className="size-11 shrink-0 sm:size-9" aria-label={t`Mark read: ${notice.text}`} disabled={markRead.isPending} onClick={() => markRead.mutate([notice.id])}>
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
  const { t } = useLingui();
  const hour = `${String(NOTICE_DIGEST_HOUR_UTC).padStart(2, '0')}:00`;
  const kinds = kindLabels();
  const deliveries = deliveryLabels();
  return (
    <fieldset className="grid gap-3 border-t pt-4">
      <legend className="sr-only">
        <Trans>Notice mails</Trans>
      </legend>
      <div className="grid gap-1">
        <h3 className="text-sm font-semibold">
          <Trans>Notice mails</Trans>
        </h3>
        <CardDescription>
          <Trans>
            Every notice shows here. Mails go to the account's recovery email; the digest comes once a day, from {hour} UTC, when there is
            something in it.
          </Trans>
        </CardDescription>
      </div>
      {settings.isPending ? (
        <Spinner label={t`Loading the notice settings`} />
      ) : settings.isError ? (
        <p role="alert" className="text-sm">
          <Trans>The notice settings could not be loaded.</Trans>
        </p>
      ) : (
        <div className="grid gap-3 sm:grid-cols-2">
          {NOTICE_KINDS.map((kind) => (
            <div key={kind} className="grid gap-1.5">
              <Label htmlFor={`${baseId}-${kind}`}>{kinds[kind]}</Label>
              <NativeSelect
                id={`${baseId}-${kind}`}
                value={settings.data[kind]}
                disabled={update.isPending}
                onChange={(event) => update.mutate({ [kind]: event.target.value as NoticeDelivery })}
              >
                {(Object.keys(deliveries) as NoticeDelivery[]).map((delivery) => (
                  <option key={delivery} value={delivery}>
                    {deliveries[delivery]}
                  </option>
                ))}
              </NativeSelect>
            </div>
          ))}
        </div>
      )}
      <p className="sr-only" role="status" aria-live="polite">
        {update.isSuccess ? t`Notice mails saved` : ''}
      </p>
    </fieldset>
  );
}
