import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Link } from 'wouter';
import type { Photo } from '#contract/photos.ts';
import { pathTo, screens } from '#contract/routes.ts';
import { Button } from '#client/components/ui/button.tsx';

/**
 * Previous and next within the photo's category on its page, with its place ("3 / 24"). Each
 * replaces the page in the history, as the viewer does: Back leaves the photos, not one of them.
 */
export function PhotoNeighbours({ photo, photos }: { photo: Photo; photos: Photo[] }) {
  if (photos.length < 2) return null;
  const index = photos.findIndex((candidate) => candidate.id === photo.id);
  const previous = photos[(index - 1 + photos.length) % photos.length]!;
  const next = photos[(index + 1) % photos.length]!;
  return (
    <nav aria-label="Photos in this category" className="flex items-center gap-2">
      <Button asChild variant="outline" size="icon" className="size-11">
        <Link href={pathTo(screens.photo, { id: previous.id })} replace>
          <ChevronLeft aria-hidden />
          <span className="sr-only">Previous photo: {previous.title}</span>
        </Link>
      </Button>
      <span className="text-sm text-muted-foreground tabular-nums">
        {index + 1} / {photos.length}
      </span>
      <Button asChild variant="outline" size="icon" className="size-11">
        <Link href={pathTo(screens.photo, { id: next.id })} replace>
          <ChevronRight aria-hidden />
          <span className="sr-only">Next photo: {next.title}</span>
        </Link>
      </Button>
    </nav>
  );
}
