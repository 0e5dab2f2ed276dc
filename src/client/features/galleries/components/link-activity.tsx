import { plural, t } from '@lingui/core/macro';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useId, useState } from 'react';
import { Activity } from 'lucide-react';
import type { GalleryLink } from '#contract/galleries.ts';
import type { GalleryLinkActivityCounts, GalleryLinkEvent } from '#contract/gallery-activity.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { useLinkActivity } from '#client/features/galleries/api/activity.ts';
import { formatDateTime as timeOf } from '#client/lib/formats.ts';

/** A link's counts in one line: "Opened 2 times, last 3 Jun 2026 · 5 photos viewed · 1 download…". */
export function activitySummary(counts: GalleryLinkActivityCounts): string {
  if (counts.visits === 0) return t`Not opened yet`;
  const last = timeOf(counts.lastOpenedAt!);
  const parts = [
    plural(counts.visits, { one: `Opened once, last ${last}`, other: `Opened # times, last ${last}` }),
    plural(counts.photosViewed, { one: '# photo viewed', other: '# photos viewed' }),
    plural(counts.downloads, { one: '# download', other: '# downloads' }),
    plural(counts.picks, { one: '# pick', other: '# picks' }),
  ];
  if (counts.submits > 0) parts.push(plural(counts.submits, { one: 'sent once', other: 'sent # times' }));
  parts.push(plural(counts.comments, { one: '# comment', other: '# comments' }));
  return parts.join(' · ');
}

/** One event in words. */
export function eventText(event: GalleryLinkEvent): string {
  const known = event.photoTitle !== null;
  const title = event.photoTitle ?? '';
  const gone = event.photoId !== null;
  // The photo by its title, or as what is left of it: a photo deleted since, or one unnamed.
  const about = (withTitle: string, deleted: string, untitled: string) => (known ? withTitle : gone ? deleted : untitled);
  switch (event.type) {
    case 'opened':
      return t`Opened the gallery`;
    case 'viewed':
      return about(t`Viewed “${title}”`, t`Viewed a deleted photo`, t`Viewed a photo`);
    case 'downloaded':
      return event.detail === 'zip'
        ? t`Downloaded the whole gallery (ZIP)`
        : about(t`Downloaded “${title}”`, t`Downloaded a deleted photo`, t`Downloaded a photo`);
    case 'picked':
      return about(t`Picked “${title}”`, t`Picked a deleted photo`, t`Picked a photo`);
    case 'unpicked':
      return about(t`Took back the pick of “${title}”`, t`Took back the pick of a deleted photo`, t`Took back the pick of a photo`);
    case 'submitted':
      return event.detail
        ? plural(Number(event.detail), { one: 'Sent the picks (# photo)', other: 'Sent the picks (# photos)' })
        : t`Sent the picks`;
    case 'commented':
      return about(t`Commented on “${title}”`, t`Commented on a deleted photo`, t`Commented on a photo`);
    case 'verdict':
      return event.detail === 'approved'
        ? about(t`Approved “${title}”`, t`Approved a deleted photo`, t`Approved a photo`)
        : event.detail === 'rejected'
          ? about(t`Rejected “${title}”`, t`Rejected a deleted photo`, t`Rejected a photo`)
          : about(t`Took back the verdict on “${title}”`, t`Took back the verdict on a deleted photo`, t`Took back the verdict on a photo`);
  }
}

/** A link's activity in the links dialog: its counts, and its timeline behind a button. */
export function LinkActivity({ link }: { link: GalleryLink }) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const { label } = link;
  return (
    <div className="grid w-full gap-2">
      <div className="flex flex-wrap items-center gap-2">
        <p className="min-w-0 flex-1 text-xs text-muted-foreground" data-link-activity={link.id}>
          {activitySummary(link.activity)}
        </p>
        <Button variant="ghost" className="min-h-11 sm:min-h-8" aria-expanded={open} aria-controls={open ? panelId : undefined} onClick={() => setOpen(!open)}>
          <Activity aria-hidden />
          <Trans>Activity</Trans>
          <span className="sr-only">
            {' '}
            <Trans>of {label}</Trans>
          </span>
        </Button>
      </div>
      {open && (
        <div id={panelId} className="rounded-md bg-muted/50 p-3">
          <Timeline link={link} />
        </div>
      )}
    </div>
  );
}

function Timeline({ link }: { link: GalleryLink }) {
  const activity = useLinkActivity(link.id, true);
  const { t } = useLingui();
  const { label } = link;
  if (activity.isPending) return <Spinner label={t`Loading the activity`} />;
  if (activity.isError)
    return (
      <p role="alert" className="text-sm">
        <Trans>The activity could not be loaded.</Trans>
      </p>
    );
  const { events, counts } = activity.data;
  const summary = activitySummary(counts);
  return (
    <div className="grid gap-2">
      {/* Read afresh while open: the count is announced when it changes. */}
      <p className="text-sm" role="status" aria-live="polite">
        {events.length === 0 ? (
          t`Nothing yet: the timeline fills as the client opens the gallery.`
        ) : (
          <Plural value={events.length} one={`# event, newest first. ${summary}.`} other={`# events, newest first. ${summary}.`} />
        )}
      </p>
      {events.length > 0 && (
        // Focusable: a long timeline scrolls, and a keyboard reaches its end only from within it.
        <ol
          aria-label={t`Activity of ${label}`}
          tabIndex={0}
          className="grid max-h-80 gap-0 overflow-y-auto rounded-md border bg-background text-sm focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
        >
          {events.map((event) => (
            <li key={event.id} data-event-type={event.type} className="flex flex-wrap items-baseline justify-between gap-x-3 border-b px-3 py-2 last:border-b-0">
              <span className="min-w-0 break-words">{eventText(event)}</span>
              <time dateTime={event.at} className="shrink-0 text-xs text-muted-foreground tabular-nums">
                {timeOf(event.at)}
              </time>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
