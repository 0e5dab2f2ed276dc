import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useId, useState, type Ref } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { ImageOff, Pencil, Search, X } from 'lucide-react';
import type { Category } from '#contract/categories.ts';
import { OTHER_SECTION } from '#contract/photo-cursor.ts';
import type { Photo } from '#contract/photos.ts';
import { SelectModeButton } from './selection-bar.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#client/components/ui/card.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { Label } from '#client/components/ui/label.tsx';
import { NativeSelect } from '#client/components/ui/native-select.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { toast } from '#client/components/ui/use-toast.ts';
import { LoadState } from '#client/components/load-state.tsx';
import { errorMessage } from '#client/lib/error-text.ts';
import { cn } from '#client/lib/utils.ts';
import { fetchSearchIds, searchQueryOf, usePhotoCameras, useSearchPhotos } from '#client/features/photos/api/search-photos.ts';
import { AdminPhotoTile, type MoveTarget, type SelectHow } from '#client/features/photos/components/admin-photo-tile.tsx';
import { BulkEditDialog } from '#client/features/photos/components/bulk-edit-dialog.tsx';
import type { ContainerId } from '#client/features/photos/lib/photo-order.ts';
import { usePhotoFilters, type FilterValues } from './photo-filters.ts';

const THUMBNAIL_SIZES = '(min-width: 1024px) 150px, (min-width: 640px) 25vw, 33vw';
/** How long the search box waits for the owner to stop typing before it asks. */
const TYPING_PAUSE_MS = 300;

export interface FindPhotosPanelProps {
  categories: Category[];
  moveTargetsFor: (containerId: ContainerId) => MoveTarget[];
  onEditPhoto: (photo: Photo) => void;
  onDeletePhoto: (photo: Photo) => void;
  onMovePhoto: (photo: Photo, target: ContainerId) => void;
  /** The panel's heading, focused when another part of the admin opens a search here. */
  headingRef?: Ref<HTMLHeadingElement>;
}

/**
 * Find photos: the owner's search over every photo (title or file name, place, date taken,
 * camera, those without alt text), answered by the server a page at a time; the filters live in
 * the address. Results are admin tiles (a click edits, select mode or Ctrl-click selects), and a
 * selection, some or all of what was found, is edited in one go.
 */
export function FindPhotosPanel({ categories, moveTargetsFor, onEditPhoto, onDeletePhoto, onMovePhoto, headingRef }: FindPhotosPanelProps) {
  const headingId = useId();
  const { values, filters, active, setFilters, clearFilters } = usePhotoFilters();
  const results = useSearchPhotos(filters, active);
  const queryClient = useQueryClient();
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [anchor, setAnchor] = useState<number | null>(null);
  const [selectMode, setSelectMode] = useState(false);
  const [editing, setEditing] = useState<number[] | null>(null);
  const { t } = useLingui();

  // Another search is another set of photos: what was selected in the last one is let go.
  const searchKey = searchQueryOf(filters).toString();
  const [selectedIn, setSelectedIn] = useState(searchKey);
  if (selectedIn !== searchKey) {
    setSelectedIn(searchKey);
    setSelected(new Set());
    setAnchor(null);
  }

  const selecting = selectMode || selected.size > 0;
  const selectedCount = selected.size;
  const clearSelection = () => {
    setSelected(new Set());
    setAnchor(null);
  };

  /** Click: edit the photo, or in select mode add or take it away; Ctrl/Cmd-click: add or take away; Shift-click: the range from the last. */
  const onSelect = (photo: Photo, how: SelectHow) => {
    const mode = how === 'only' ? (selecting ? 'toggle' : 'edit') : how;
    if (mode === 'edit') {
      onEditPhoto(photo);
      return;
    }
    const next = new Set(selected);
    const from = anchor === null ? -1 : results.photos.findIndex((candidate) => candidate.id === anchor);
    const to = results.photos.findIndex((candidate) => candidate.id === photo.id);
    if (mode === 'range' && from >= 0 && to >= 0) {
      for (const inRange of results.photos.slice(Math.min(from, to), Math.max(from, to) + 1)) next.add(inRange.id);
    } else if (next.has(photo.id)) {
      next.delete(photo.id);
    } else {
      next.add(photo.id);
    }
    setSelected(next);
    setAnchor(photo.id);
  };

  const total = results.total ?? 0;
  const allSelected = total > 0 && selected.size >= total;
  const selectAll = async () => {
    if (allSelected) {
      clearSelection();
      return;
    }
    try {
      const found = await fetchSearchIds(queryClient, filters);
      setSelected(new Set(found.ids));
      if (found.ids.length < found.total) {
        const selectedCount = found.ids.length;
        const foundCount = found.total;
        toast({
          title: t`Selection limited`,
          description: t`The newest ${selectedCount} of ${foundCount} photos are selected: that many can be edited at once.`,
        });
      }
    } catch (error) {
      toast({ title: t`Error`, description: errorMessage(error, t`Failed to select photos`), variant: 'destructive' });
    }
  };

  return (
    // The phone's top bar is two rows: its heading must land below them.
    <Card role="region" aria-labelledby={headingId} id="find-photos" className="scroll-mt-32 sm:scroll-mt-20">
      <CardHeader className="p-3 pb-3 sm:p-6 sm:pb-4">
        <CardTitle id={headingId} ref={headingRef} tabIndex={-1} className="text-xl focus-visible:outline-none">
          <Trans>Find photos</Trans>
        </CardTitle>
        <CardDescription>
          <Trans>Search every photo by its title or file name, or filter them. Select some or all to edit them together.</Trans>
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4 p-3 pt-0 sm:p-6 sm:pt-0">
        <Filters categories={categories} values={values} active={active} setFilters={setFilters} clearFilters={clearFilters} />

        {active && (
          <div className="grid gap-3">
            <div className="flex flex-wrap items-center gap-2">
              <p role="status" className="me-auto text-sm font-medium">
                {results.isPending || results.isError ? '' : <Plural value={total} one="# photo found" other="# photos found" />}
              </p>
              {total > 0 && (
                <>
                  <SelectModeButton on={selectMode} onChange={setSelectMode} onLeave={clearSelection} />
                  <Button variant="outline" className="h-11" aria-pressed={allSelected} onClick={() => void selectAll()}>
                    {allSelected ? t`Select none` : t`Select all ${total}`}
                  </Button>
                </>
              )}
            </div>

            {results.isPending ? (
              <div className="flex justify-center py-8">
                <Spinner label={t`Searching your photos`} />
              </div>
            ) : results.isError ? (
              <LoadState look="panel" failed onRetry={() => void results.refetch()} loadingLabel="" failedText={t`The search could not be done.`} />
            ) : total === 0 ? (
              <p className="rounded-md border border-dashed px-4 py-8 text-center text-sm text-muted-foreground">
                <Trans>No photos match these filters.</Trans>
              </p>
            ) : (
              <>
                <ul
                  aria-label={t`Photos found`}
                  aria-busy={results.isPlaceholderData}
                  // The last search's photos, faded, while this one's are on their way.
                  className={cn('grid grid-cols-3 gap-1.5 transition-opacity sm:grid-cols-4 md:grid-cols-6 xl:grid-cols-8', results.isPlaceholderData && 'opacity-60')}
                >
                  {results.photos.map((photo) => (
                    <AdminPhotoTile
                      key={photo.id}
                      photo={photo}
                      containerId={photo.categoryId}
                      moveTargets={moveTargetsFor(photo.categoryId)}
                      onEdit={onEditPhoto}
                      onDelete={onDeletePhoto}
                      onMove={onMovePhoto}
                      dragHint=""
                      draggable={false}
                      sizes={THUMBNAIL_SIZES}
                      selected={selected.has(photo.id)}
                      selecting={selecting}
                      onSelect={onSelect}
                    />
                  ))}
                </ul>
                {results.hasNextPage && (
                  <div className="flex flex-wrap items-center justify-center gap-3">
                    <p className="text-sm text-muted-foreground">
                      <ShownCount shown={results.photos.length} total={total} />
                    </p>
                    <Button
                      variant="outline"
                      className="h-11"
                      disabled={results.isFetchingNextPage}
                      onClick={() => void results.fetchNextPage()}
                    >
                      {results.isFetchingNextPage ? t`Loading…` : t`Show more`}
                    </Button>
                  </div>
                )}
              </>
            )}

            {selected.size > 0 && (
              <div
                role="toolbar"
                aria-label={t`Selected photos found`}
                className="sticky bottom-3 z-30 flex flex-wrap items-center gap-2 rounded-lg border bg-card p-2 shadow-lg"
              >
                <p className="me-auto px-2 text-sm font-medium" aria-live="polite">
                  <Plural value={selectedCount} other="# selected" />
                </p>
                <Button className="h-11" onClick={() => setEditing([...selected])}>
                  <Pencil aria-hidden />
                  <Trans>Edit…</Trans>
                </Button>
                <Button variant="ghost" size="icon" className="size-11" aria-label={t`Clear the selection`} onClick={clearSelection}>
                  <X aria-hidden />
                </Button>
              </div>
            )}
          </div>
        )}
      </CardContent>

      <BulkEditDialog
        ids={editing}
        onClose={() => setEditing(null)}
        onDone={() => {
          setEditing(null);
          clearSelection();
        }}
      />
    </Card>
  );
}

function ShownCount({ shown, total }: { shown: number; total: number }) {
  return <Trans>{shown} of {total} shown</Trans>;
}

interface FiltersProps {
  categories: Category[];
  values: FilterValues;
  active: boolean;
  setFilters: (changes: Partial<FilterValues>) => void;
  clearFilters: () => void;
}

/** The search box and the filters, each applied as it changes (the text once the owner pauses). */
function Filters({ categories, values, active, setFilters, clearFilters }: FiltersProps) {
  const id = useId();
  const cameras = usePhotoCameras();
  const { t } = useLingui();
  // The box's text, written to the address once the owner pauses (Clear empties both at once).
  const [text, setText] = useState(values.q);
  const writeText = (value: string) => setFilters({ q: value });
  useEffect(() => {
    if (text === values.q) return;
    const timer = setTimeout(() => writeText(text), TYPING_PAUSE_MS);
    return () => clearTimeout(timer);
    // The pause restarts only when the text changes, not with each render's new closures.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [text]);

  const cameraNames = cameras.data?.cameras ?? [];
  const knownCamera = values.camera === '' || cameraNames.some((camera) => camera.name === values.camera);

  return (
    <form
      role="search"
      aria-label={t`Find photos`}
      className="grid gap-3"
      onSubmit={(event) => {
        event.preventDefault();
        writeText(text);
      }}
    >
      <div className="grid gap-2">
        <Label htmlFor={`${id}-q`}>
          <Trans>Title or file name</Trans>
        </Label>
        <div className="relative">
          <Search className="pointer-events-none absolute start-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden />
          <Input
            id={`${id}-q`}
            type="search"
            enterKeyHint="search"
            className="h-11 ps-9"
            placeholder={t`For example: sunset or DSC_0042`}
            value={text}
            onChange={(event) => setText(event.target.value)}
          />
        </div>
      </div>
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        {/* On a phone the selects take the row: half of it cut "Toutes les catégories". */}
        <div className="grid gap-2 max-sm:col-span-2">
          <Label htmlFor={`${id}-category`}>
            <Trans>Category</Trans>
          </Label>
          <NativeSelect id={`${id}-category`} value={values.categoryId} onChange={(event) => setFilters({ categoryId: event.target.value })}>
            <option value="">{t`Any category`}</option>
            <option value={OTHER_SECTION}>{t`Photo bank (no category)`}</option>
            {categories.map((category) => (
              <option key={category.id} value={String(category.id)}>
                {category.name}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="grid gap-2 max-sm:col-span-2">
          <Label htmlFor={`${id}-camera`}>
            <Trans>Camera</Trans>
          </Label>
          <NativeSelect id={`${id}-camera`} value={values.camera} onChange={(event) => setFilters({ camera: event.target.value })}>
            <option value="">{t`Any camera`}</option>
            {cameraNames.map((camera) => (
              <option key={camera.name} value={camera.name}>
                {camera.name} ({camera.count})
              </option>
            ))}
            {!knownCamera && <option value={values.camera}>{values.camera}</option>}
          </NativeSelect>
        </div>
        <div className="grid gap-2">
          <Label htmlFor={`${id}-from`}>
            <Trans>Taken from</Trans>
          </Label>
          <Input
            id={`${id}-from`}
            type="date"
            className="h-11"
            value={values.takenFrom}
            max={values.takenTo || undefined}
            onChange={(event) => setFilters({ takenFrom: event.target.value })}
          />
        </div>
        <div className="grid gap-2">
          <Label htmlFor={`${id}-to`}>
            <Trans>Taken to</Trans>
          </Label>
          <Input
            id={`${id}-to`}
            type="date"
            className="h-11"
            value={values.takenTo}
            min={values.takenFrom || undefined}
            onChange={(event) => setFilters({ takenTo: event.target.value })}
          />
        </div>
      </div>
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        <Button
          variant={values.withoutAltText === 'true' ? 'default' : 'outline'}
          className="h-11"
          aria-pressed={values.withoutAltText === 'true'}
          onClick={() => setFilters({ withoutAltText: values.withoutAltText === 'true' ? '' : 'true' })}
        >
          <ImageOff aria-hidden />
          <Trans>Without alt text</Trans>
        </Button>
        {active && (
          <Button
            variant="ghost"
            className="ms-auto h-11"
            onClick={() => {
              setText('');
              clearFilters();
            }}
          >
            <Trans>Clear filters</Trans>
          </Button>
        )}
      </div>
    </form>
  );
}
