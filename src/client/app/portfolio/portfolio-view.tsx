import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { ImageIcon } from 'lucide-react';
import { isMusicRelease } from '#contract/music.ts';
import type { Photo } from '#contract/photos.ts';
import { groupIntoSections, visitorView, type PortfolioSection } from '#contract/portfolio-sections.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { useAuth } from '#client/features/auth/api/get-user.ts';
import { usePhotos } from '#client/features/photos/api/get-photos.ts';
import { useCategories } from '#client/features/categories/api/get-categories.ts';
import { usePortfolioOwner } from '#client/features/owner/api/get-portfolio-owner.ts';
import { PhotoDialog, prefetchDialogs, ReleaseDialog } from './lazy-dialogs.tsx';
import { countEvent } from '#client/lib/statistics.ts';
import { PhotoGrid } from './photo-grid.tsx';
import { closeViewer, openViewer, stepViewer, useViewerPhotoId } from './viewer-history.ts';
import { PortfolioHeader } from './portfolio-header.tsx';

/** Photos in the first row of the widest grid: fetched first, the others as they scroll near. */
const FIRST_ROW = 8;

/**
 * Tiles drawn in the first render: more than a first screen holds, even a wide one. The rest are
 * drawn a batch at a time as the end of what is drawn comes near the screen, so a portfolio of
 * 10,000 photos costs the page what a few screens of it cost, not what all of it would.
 */
const FIRST_RENDER_TILES = 48;
const TILES_PER_BATCH = 48;
/** How far below the screen the end of what is drawn may be before the next batch is drawn. */
const DRAW_AHEAD_MARGIN = '0px 0px 200% 0px';

export interface PortfolioViewProps {
  /** Wraps each tile of every grid; the owner's drag-to-reorder hooks in here. */
  renderPhoto?: (photo: Photo, tile: ReactNode) => ReactNode;
  /** The owner's "View as visitor": their own lists cut to what a visitor's would hold. */
  asVisitor?: boolean;
}

const onViewerChange = (photoId: number | null) => (photoId === null ? closeViewer() : stepViewer(photoId));

/** The public portfolio: header card, a section per category, then Other. */
export function PortfolioView({ renderPhoto, asVisitor = false }: PortfolioViewProps) {
  const owner = usePortfolioOwner();
  const categories = useCategories();
  const photos = usePhotos();
  const { isAuthenticated: signedIn } = useAuth();
  const isAuthenticated = signedIn && !asVisitor;
  // The open photo lives in the address (/photo/{id}), so Back closes the viewer.
  const openPhotoId = useViewerPhotoId();
  const [openRelease, setOpenRelease] = useState<Photo | null>(null);

  const sections = useMemo(() => {
    if (!categories.data || !photos.data) return [];
    if (!asVisitor || !owner.data) return groupIntoSections(categories.data, photos.data);
    const shown = visitorView(categories.data, photos.data, owner.data);
    return groupIntoSections(shown.categories, shown.photos);
  }, [categories.data, photos.data, owner.data, asVisitor]);
  // The viewer steps through the regular photos of the open photo's section, in page order.
  const viewerPhotos = useMemo(() => {
    const section = sections.find((candidate) => candidate.photos.some((photo) => photo.id === openPhotoId));
    return section ? section.photos.filter((photo) => !isMusicRelease(photo)) : [];
  }, [sections, openPhotoId]);
  const offersContact = owner.data?.showContactForm === true && Boolean(owner.data.portfolioTitle);
  useEffect(() => prefetchDialogs({ contact: offersContact }), [offersContact]);
  const photosBefore = useMemo(
    () => sections.map((_, index) => sections.slice(0, index).reduce((sum, section) => sum + section.photos.length, 0)),
    [sections],
  );
  const [tilesShown, setTilesShown] = useState(FIRST_RENDER_TILES);
  const drawMore = useCallback(() => setTilesShown((shown) => shown + TILES_PER_BATCH), []);
  const totalPhotos = sections.reduce((sum, section) => sum + section.photos.length, 0);
  // Sections after the last drawn tile wait for theirs, so no heading stands over an empty grid.
  // photosBefore only grows, so this is a prefix of the sections and their indexes still match.
  const sectionsShown = tilesShown >= totalPhotos ? sections : sections.filter((_, index) => photosBefore[index]! < tilesShown);

  if (owner.isPending || categories.isPending || photos.isPending) {
    return (
      <div className="flex justify-center py-16">
        <Spinner label="Loading the portfolio" />
      </div>
    );
  }

  if (owner.isError || categories.isError || photos.isError) {
    return (
      <div role="alert" className="grid justify-items-center gap-4 py-16 text-center">
        <p className="text-lg font-medium">The portfolio could not be loaded.</p>
        <Button
          variant="outline"
          onClick={() => {
            void owner.refetch();
            void categories.refetch();
            void photos.refetch();
          }}
        >
          Try again
        </Button>
      </div>
    );
  }

  const open = (photo: Photo) => {
    if (isMusicRelease(photo)) {
      setOpenRelease(photo);
      if (!signedIn) countEvent({ kind: 'release', photoId: photo.id });
    } else {
      openViewer(photo.id);
      if (!signedIn) countEvent({ kind: 'viewer', photoId: photo.id });
    }
  };

  return (
    <div className="grid gap-10">
      <PortfolioHeader owner={owner.data} />
      {!owner.data.portfolioTitle && <h1 className="sr-only">Portfolio</h1>}

      {sections.length === 0 ? (
        <EmptyPortfolio signedIn={isAuthenticated} />
      ) : (
        sectionsShown.map((section, index) => (
          <CategorySection
            key={section.category?.id ?? 'other'}
            section={section}
            priorityCount={Math.max(0, FIRST_ROW - (photosBefore[index] ?? 0))}
            shownCount={Math.max(0, tilesShown - (photosBefore[index] ?? 0))}
            onOpen={open}
            renderPhoto={renderPhoto}
          />
        ))
      )}
      {tilesShown < totalPhotos && (
        <DrawMore key={tilesShown} onNear={drawMore} />
      )}

      <PhotoDialog photos={viewerPhotos} photoId={openPhotoId} onPhotoIdChange={onViewerChange} />
      <ReleaseDialog release={openRelease} owner={owner.data} onClose={() => setOpenRelease(null)} />
    </div>
  );
}

function CategorySection({
  section,
  priorityCount,
  shownCount,
  onOpen,
  renderPhoto,
}: {
  section: PortfolioSection;
  priorityCount: number;
  /** How many of its tiles to draw yet. */
  shownCount: number;
  onOpen: (photo: Photo) => void;
  renderPhoto: PortfolioViewProps['renderPhoto'];
}) {
  const { category, photos } = section;
  const headingId = `section-${category?.id ?? 'other'}`;
  return (
    <section aria-labelledby={headingId} className="grid gap-4">
      <div className="grid gap-1">
        <h2 id={headingId} className="text-xl font-semibold tracking-wide uppercase break-words">
          {category?.name ?? 'Other'}
          {/* Only the owner's lists hold drafts. */}
          {category?.hidden && (
            <span className="ml-2 rounded-md border px-1.5 py-0.5 align-middle text-xs font-medium tracking-normal normal-case text-muted-foreground">
              Hidden from visitors
            </span>
          )}
        </h2>
        {category?.description && (
          <p className="text-sm break-words whitespace-pre-line text-muted-foreground">{category.description}</p>
        )}
      </div>
      {photos.length === 0 ? (
        <p className="rounded-md border border-dashed px-4 py-8 text-center text-sm text-muted-foreground">
          No photos in this category yet
        </p>
      ) : (
        <PhotoGrid
          photos={shownCount < photos.length ? photos.slice(0, shownCount) : photos}
          onOpen={onOpen}
          layout={category?.layout}
          density={category?.density}
          priorityCount={priorityCount}
          renderPhoto={renderPhoto}
        />
      )}
    </section>
  );
}

/**
 * Marks the end of what is drawn; asks for the next batch once it is within two screens of view.
 * Keyed by the count drawn, so each batch gets a fresh observer that reports at once when the
 * page is still short of the margin (a tall screen, or a keyboard user tabbing to the end).
 */
function DrawMore({ onNear }: { onNear: () => void }) {
  const marker = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = marker.current;
    if (!element) return;
    if (typeof IntersectionObserver === 'undefined') {
      onNear();
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          observer.disconnect();
          onNear();
        }
      },
      { rootMargin: DRAW_AHEAD_MARGIN },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [onNear]);
  return <div ref={marker} aria-hidden className="h-px" />;
}

function EmptyPortfolio({ signedIn }: { signedIn: boolean }) {
  return (
    <div className="grid justify-items-center gap-2 rounded-lg border border-dashed px-4 py-16 text-center">
      <ImageIcon className="size-10 text-muted-foreground" aria-hidden />
      <p className="text-lg font-medium">No categories or photos available yet</p>
      <p className="text-sm text-muted-foreground">
        {signedIn ? 'Use the Admin panel to upload photos and create categories' : 'Check back later for updates'}
      </p>
    </div>
  );
}
