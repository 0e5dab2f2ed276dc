import { Trans, useLingui } from '@lingui/react/macro';
import { lazy, startTransition, Suspense, useCallback, useEffect, useMemo, useState, type ReactNode, type SyntheticEvent } from 'react';
import { ImageIcon } from '#client/components/ui/icons.tsx';
import { pathTo, screens } from '#contract/screens.ts';
import { isMusicRelease } from '#contract/music.ts';
import type { Photo } from '#contract/photos.ts';
import { Button } from '#client/components/ui/button.tsx';
import { LoadState } from '#client/components/load-state.tsx';
import { DrawMore } from '#client/components/draw-more.tsx';
import { useAuth } from '#client/features/auth/api/get-user.ts';
import { PhotoDialog, preloadPhotoDialog, preloadReleaseDialog, ReleaseDialog } from './lazy-dialogs.tsx';
import { countEvent } from '#client/lib/statistics.ts';
import { PhotoGrid } from './photo-grid.tsx';
import { closeViewer, openViewer, stepViewer, useViewerPhotoId } from './viewer-history.ts';
import { PortfolioHeader } from './portfolio-header.tsx';
import { usePortfolioSections, type LoadedSection } from './use-portfolio-sections.ts';

// Only a reload with the viewer open on a photo the first pages do not hold needs it.
const ViewerAroundPhoto = lazy(() => import('./viewer-around-photo.tsx').then((module) => ({ default: module.ViewerAroundPhoto })));

/** Photos in the first row of the widest grid: fetched first, the others as they scroll near. */
const FIRST_ROW = 8;

/**
 * Tiles drawn as the page loads: more than a first screen holds, even a wide one (a visitor's
 * page embeds as many). The rest are drawn as the end of what is drawn comes near the screen, so
 * a portfolio of 10,000 photos costs the page what a few screens of it cost. Both are drawn a
 * batch at a time, each batch in a commit of its own, since React does not slice a commit, and
 * the commit of 24 tiles (inserting their images) took a phone at 4× CPU 50-84 ms, more than the
 * 50 ms a task may take without delaying a tap (docs/decisions/0006).
 */
const FIRST_RENDER_TILES = 48;
const TILES_PER_BATCH = 12;
/** The next page is asked for when what is left to draw of the loaded ones is half a page. */
const LOAD_AHEAD_TILES = 24;

/** The tiles that can be drawn: a visitor's pages so far (a prefix of the page), or the owner's whole lists. */
function loadedTiles(paged: boolean, sections: readonly LoadedSection[]): number {
  return sections.reduce((sum, section) => sum + (paged ? section.photos.length : section.total), 0);
}

export interface PortfolioViewProps {
  /** Wraps each tile of every grid; the owner's drag-to-reorder hooks in here. */
  renderPhoto?: (photo: Photo, tile: ReactNode) => ReactNode;
  /** The owner's "View as visitor": their own lists cut to what a visitor's would hold. */
  asVisitor?: boolean;
}

const onViewerChange = (photoId: number | null) => (photoId === null ? closeViewer() : stepViewer(photoId));

/** The public portfolio: header card, a section per category, then Other. */
export function PortfolioView({ renderPhoto, asVisitor = false }: PortfolioViewProps) {
  const { t } = useLingui();
  const portfolio = usePortfolioSections(asVisitor);
  const { isAuthenticated: signedIn } = useAuth();
  const isAuthenticated = signedIn && !asVisitor;
  // The open photo lives in the address (/photo/{id}), so Back closes the viewer.
  const openPhotoId = useViewerPhotoId();
  const [openRelease, setOpenRelease] = useState<Photo | null>(null);

  const sections = portfolio.status === 'success' ? portfolio.sections : NO_SECTIONS;
  // The viewer steps through the regular photos of the open photo's section, in page order.
  const viewer = useMemo(() => {
    const section = sections.find((candidate) => candidate.photos.some((photo) => photo.id === openPhotoId));
    if (!section) return { photos: [], total: 0 };
    const photos = section.photos.filter((photo) => !isMusicRelease(photo));
    return { photos, total: section.total - (section.photos.length - photos.length) };
  }, [sections, openPhotoId]);
  // A reload, or a tab the browser restores, with the viewer open on a photo the first pages do
  // not hold (a later section, or deep in one): the viewer steps through the photos around it,
  // fetched apart, until it is closed. Latched, so stepping onto a loaded photo keeps the viewer.
  const [anchorId, setAnchorId] = useState<number | null>(null);
  const openIsLoaded = viewer.photos.some((photo) => photo.id === openPhotoId);
  if (openPhotoId === null && anchorId !== null) setAnchorId(null);
  if (portfolio.status === 'success' && openPhotoId !== null && anchorId === null && !openIsLoaded) setAnchorId(openPhotoId);
  const photosBefore = useMemo(
    () => sections.map((_, index) => sections.slice(0, index).reduce((sum, section) => sum + section.total, 0)),
    [sections],
  );
  const [tilesShown, setTilesShown] = useState(TILES_PER_BATCH);
  const ready = portfolio.status === 'success';
  const loaded = ready ? loadedTiles(portfolio.paged, sections) : 0;
  // Only while there is more to draw: a small portfolio is drawn whole by its first batches, and
  // each further one would render the whole view again for nothing.
  useEffect(() => {
    if (tilesShown < FIRST_RENDER_TILES && tilesShown < loaded) startTransition(() => setTilesShown(tilesShown + TILES_PER_BATCH));
  }, [loaded, tilesShown]);
  // The viewer's script, or a release player's, runs as the visitor reaches for a tile: a pointer
  // over it, a touch, focus (lazy-dialogs.tsx). A release's tile carries its title.
  const reachForTile = (event: SyntheticEvent) => {
    const tile = event.target instanceof Element ? event.target.closest('[data-photo-tile]') : null;
    if (!tile) return;
    if (tile.querySelector('[data-release-title]')) preloadReleaseDialog();
    else preloadPhotoDialog();
  };
  const loadMore = portfolio.status === 'success' ? portfolio.loadMore : undefined;
  const loadNearEnd = useCallback(() => loadMore?.(), [loadMore]);
  // The same function from render to render, so tiles already drawn are not drawn again.
  const open = useCallback(
    (photo: Photo) => {
      if (isMusicRelease(photo)) {
        setOpenRelease(photo);
        if (!signedIn) countEvent({ kind: 'release', photoId: photo.id });
      } else {
        openViewer(photo.id);
        if (!signedIn) countEvent({ kind: 'viewer', photoId: photo.id });
      }
    },
    [signedIn],
  );

  if (portfolio.status === 'pending' || portfolio.status === 'error') {
    return (
      <LoadState
        failed={portfolio.status === 'error'}
        onRetry={portfolio.status === 'error' ? portfolio.retry : () => {}}
        loadingLabel={t`Loading the portfolio`}
        failedText={t`The portfolio could not be loaded.`}
      />
    );
  }

  const { owner, paged } = portfolio;
  const totalPhotos = sections.reduce((sum, section) => sum + section.total, 0);
  const drawn = Math.min(loaded, tilesShown);
  // Near the end of what is drawn: the next batch of what is loaded, and once the last loaded
  // batch is being drawn, the next page.
  const drawOrLoadMore = () => {
    // A transition: React draws the batch in slices between frames, so a tap is not kept waiting.
    // At most what is loaded: a page that arrives later is drawn by the next transition, not by
    // the render its arrival causes, which React runs at once (a query's store update is never
    // a transition).
    if (tilesShown >= FIRST_RENDER_TILES && tilesShown < loaded) startTransition(() => setTilesShown(Math.min(tilesShown + TILES_PER_BATCH, loaded)));
    if (paged && tilesShown + LOAD_AHEAD_TILES >= loaded) portfolio.loadMore();
  };
  // Sections after the last drawn tile wait for theirs, so no heading stands over an empty grid.
  // photosBefore only grows, so this is a prefix of the sections and their indexes still match.
  const sectionsShown = drawn >= totalPhotos ? sections : sections.filter((_, index) => photosBefore[index]! < drawn);


  return (
    <div className="grid gap-10" onPointerOver={reachForTile} onPointerDown={reachForTile} onFocus={reachForTile}>
      <PortfolioHeader owner={owner} />
      {!owner.portfolioTitle && (
        <h1 className="sr-only">
          <Trans>Portfolio</Trans>
        </h1>
      )}

      {sections.length === 0 ? (
        <EmptyPortfolio signedIn={isAuthenticated} />
      ) : (
        sectionsShown.map((section, index) => (
          <CategorySection
            key={section.category?.id ?? 'other'}
            section={section}
            priorityCount={Math.max(0, FIRST_ROW - (photosBefore[index] ?? 0))}
            shownCount={Math.max(0, drawn - (photosBefore[index] ?? 0))}
            onOpen={open}
            renderPhoto={renderPhoto}
          />
        ))
      )}
      {drawn < totalPhotos &&
        (portfolio.loadFailed ? (
          <div role="alert" className="grid justify-items-center gap-3 text-center">
            <p className="text-sm text-muted-foreground">
              <Trans>More photos could not be loaded.</Trans>
            </p>
            <Button variant="outline" className="min-h-11" onClick={portfolio.loadMore}>
              <Trans>Try again</Trans>
            </Button>
          </div>
        ) : (
          // A fresh marker for each batch drawn and each page loaded: it reports at once when
          // the end is still near.
          <DrawMore key={`${drawn}/${loaded}`} onNear={drawOrLoadMore} />
        ))}

      {anchorId === null ? (
        <PhotoDialog
          photos={viewer.photos}
          total={viewer.total}
          photoId={openPhotoId}
          onPhotoIdChange={onViewerChange}
          onNearEnd={loadNearEnd}
          autoplayVideos={owner.autoplayVideos}
        />
      ) : (
        <Suspense fallback={null}>
          <ViewerAroundPhoto anchorId={anchorId} photoId={openPhotoId} onPhotoIdChange={onViewerChange} autoplayVideos={owner.autoplayVideos} />
        </Suspense>
      )}
      <ReleaseDialog release={openRelease} owner={owner} onClose={() => setOpenRelease(null)} />
    </div>
  );
}

const NO_SECTIONS: LoadedSection[] = [];

/** A tile's link: the photo's own page, which the viewer's address names too. */
const photoPage = (photo: Photo) => pathTo(screens.photo, { id: photo.id });


function CategorySection({
  section,
  priorityCount,
  shownCount,
  onOpen,
  renderPhoto,
}: {
  section: LoadedSection;
  priorityCount: number;
  /** How many of its tiles to draw yet. */
  shownCount: number;
  onOpen: (photo: Photo) => void;
  renderPhoto: PortfolioViewProps['renderPhoto'];
}) {
  const { category, photos, total } = section;
  const headingId = `section-${category?.id ?? 'other'}`;
  return (
    <section aria-labelledby={headingId} className="grid gap-4">
      <div className="grid gap-1">
        <h2 id={headingId} className="text-xl font-semibold tracking-wide uppercase break-words">
          {category?.name ?? <Trans>Other</Trans>}
          {/* Only the owner's lists hold drafts. */}
          {category?.hidden && (
            <SectionBadge>
              <Trans>Hidden from visitors</Trans>
            </SectionBadge>
          )}
          {category && category.visibility !== 'public' && (
            <SectionBadge>
              <Trans>Unlisted: only by link</Trans>
            </SectionBadge>
          )}
        </h2>
        {category?.description && (
          <p className="text-sm break-words whitespace-pre-line text-muted-foreground">{category.description}</p>
        )}
      </div>
      {total === 0 ? (
        <p className="rounded-md border border-dashed px-4 py-8 text-center text-sm text-muted-foreground">
          <Trans>No photos in this category yet</Trans>
        </p>
      ) : (
        <PhotoGrid
          photos={shownCount < photos.length ? photos.slice(0, shownCount) : photos}
          onOpen={onOpen}
          hrefOf={photoPage}
          layout={category?.layout}
          density={category?.density}
          priorityCount={priorityCount}
          renderPhoto={renderPhoto}
        />
      )}
    </section>
  );
}

function SectionBadge({ children }: { children: ReactNode }) {
  return (
    <span className="ms-2 rounded-md border px-1.5 py-0.5 align-middle text-xs font-medium tracking-normal normal-case text-muted-foreground">
      {children}
    </span>
  );
}

function EmptyPortfolio({ signedIn }: { signedIn: boolean }) {
  return (
    <div className="grid justify-items-center gap-2 rounded-lg border border-dashed px-4 py-16 text-center">
      <ImageIcon className="size-10 text-muted-foreground" aria-hidden />
      <p className="text-lg font-medium">
        <Trans>No categories or photos available yet</Trans>
      </p>
      <p className="text-sm text-muted-foreground">
        {signedIn ? <Trans>Use the Admin panel to upload photos and create categories</Trans> : <Trans>Check back later for updates</Trans>}
      </p>
    </div>
  );
}
