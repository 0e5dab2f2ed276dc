import { useId, useState } from 'react';
import { Activity } from 'lucide-react';
import type { GalleryLink } from '#contract/galleries.ts';
import type { GalleryLinkActivityCounts, GalleryLinkEvent } from '#contract/gallery-activity.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { useLinkActivity } from '#client/features/galleries/api/activity.ts';

const timeOf = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** A link's counts in one line: "Opened 2 times, last 3 Jun 2026 · 5 photos viewed · 1 download…". */
export function activitySummary(counts: GalleryLinkActivityCounts): string {
  if (counts.visits === 0) return 'Not opened yet';
  const parts = [
    `Opened ${counts.visits === 1 ? 'once' : `${counts.visits} times`}, last ${timeOf(counts.lastOpenedAt!)}`,
    `${plural(counts.photosViewed, 'photo', 'photos')} viewed`,
    plural(counts.downloads, 'download', 'downloads'),
    plural(counts.picks, 'pick', 'picks'),
  ];
  if (counts.submits > 0) parts.push(`sent ${counts.submits === 1 ? 'once' : `${counts.submits} times`}`);
  parts.push(plural(counts.comments, 'comment', 'comments'));
  return parts.join(' · ');
}

const titled = (event: GalleryLinkEvent) => (event.photoTitle !== null ? `“${event.photoTitle}”` : event.photoId !== null ? 'a deleted photo' : 'a photo');

/** One event in words. */
export function eventText(event: GalleryLinkEvent): string {
  switch (event.type) {
    case 'opened':
      return 'Opened the gallery';
    case 'viewed':
      return `Viewed ${titled(event)}`;
    case 'downloaded':
      return event.detail === 'zip' ? 'Downloaded the whole gallery (ZIP)' : `Downloaded ${titled(event)}`;
    case 'picked':
      return `Picked ${titled(event)}`;
    case 'unpicked':
      return `Took back the pick of ${titled(event)}`;
    case 'submitted':
      return `Sent the picks${event.detail ? ` (${plural(Number(event.detail), 'photo', 'photos')})` : ''}`;
    case 'commented':
      return `Commented on ${titled(event)}`;
    case 'verdict':
      return event.detail === 'approved' ? `Approved ${titled(event)}` : event.detail === 'rejected' ? `Rejected ${titled(event)}` : `Took back the verdict on ${titled(event)}`;
  }
}

/** A link's activity in the links dialog: its counts, and its timeline behind a button. */
export function LinkActivity({ link }: { link: GalleryLink }) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  return (
    <div className="grid w-full gap-2">
      <div className="flex flex-wrap items-center gap-2">
        <p className="min-w-0 flex-1 text-xs text-muted-foreground" data-link-activity={link.id}>
          {activitySummary(link.activity)}
        </p>
        <Button variant="ghost" className="min-h-11 sm:min-h-8" aria-expanded={open} aria-controls={open ? panelId : undefined} onClick={() => setOpen(!open)}>
          <Activity aria-hidden />
          Activity
          <span className="sr-only"> of {link.label}</span>
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
  if (activity.isPending) return <Spinner label="Loading the activity" />;
  if (activity.isError)
    return (
      <p role="alert" className="text-sm">
        The activity could not be loaded.
      </p>
    );
  const { events, counts } = activity.data;
  return (
    <div className="grid gap-2">
      {/* Read afresh while open: the count is announced when it changes. */}
      <p className="text-sm" role="status" aria-live="polite">
        {events.length === 0 ? 'Nothing yet: the timeline fills as the client opens the gallery.' : `${plural(events.length, 'event', 'events')}, newest first. ${activitySummary(counts)}.`}
      </p>
      {events.length > 0 && (
        // Focusable: a long timeline scrolls, and a keyboard reaches its end only from within it.
        <ol
          aria-label={`Activity of ${link.label}`}
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
