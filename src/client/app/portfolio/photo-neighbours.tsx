import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Link } from '#client/lib/router.tsx';
import type { Photo } from '#contract/photos.ts';
import { labelOf } from '#contract/alt-text.ts';
import { pathTo, screens } from '#contract/screens.ts';
import { Button } from '#client/components/ui/button.tsx';
import type { SectionPart } from './use-category-photos.ts';

/**
 * Previous and next within the photo's category on its page, with its place ("3 / 24"). Each
 * replaces the page in the history, as the viewer does: Back leaves the photos, not one of them.
 * A whole category is a ring (the last photo's next is the first).
 */
export function PhotoNeighbours({ photo, part }: { photo: Photo; part: SectionPart }) {
  const { photos, offset, total } = part;
  if (total < 2) return null;
  const index = photos.findIndex((candidate) => candidate.id === photo.id);
  const whole = photos.length >= total;
  const previous = whole ? photos[(index - 1 + photos.length) % photos.length] : photos[index - 1];
  const next = whole ? photos[(index + 1) % photos.length] : photos[index + 1];
  return (
    <nav aria-label="Photos in this category" className="flex items-center gap-2">
      <NeighbourLink photo={previous} direction="Previous" />
      <span className="text-sm text-muted-foreground tabular-nums">
        {((offset + index) % total) + 1} / {total}
      </span>
      <NeighbourLink photo={next} direction="Next" />
    </nav>
  );
}

function NeighbourLink({ photo, direction }: { photo: Photo | undefined; direction: 'Previous' | 'Next' }) {
  const Icon = direction === 'Previous' ? ChevronLeft : ChevronRight;
  if (!photo) {
    return (
      <Button variant="outline" size="icon" className="size-11" disabled aria-label={`${direction} photo`}>
        <Icon aria-hidden />
      </Button>
    );
  }
  return (
    <Button asChild variant="outline" size="icon" className="size-11">
      <Link href={pathTo(screens.photo, { id: photo.id })} replace>
        <Icon aria-hidden />
        <span className="sr-only">
          {direction} photo: {labelOf(photo)}
        </span>
      </Link>
    </Button>
  );
}
