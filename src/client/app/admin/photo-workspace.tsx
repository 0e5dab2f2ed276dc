import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import {
  DndContext,
  DragOverlay,
  MeasuringStrategy,
  type DragEndEvent,
  type DragOverEvent,
  type DragStartEvent,
} from '@dnd-kit/core';
import { SortableContext, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { GripVertical } from 'lucide-react';
import type { Category } from '#contract/categories.ts';
import type { Photo, PhotoOrderKey } from '#contract/photos.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#client/components/ui/card.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { toast } from '#client/components/ui/use-toast.ts';
import { errorMessage } from '#client/lib/error-text.ts';
import { fetchPlaceIds, loadedPlacePhotos, usePlaceCounts } from '#client/features/photos/api/get-place-photos.ts';
import { useCategories } from '#client/features/categories/api/get-categories.ts';
import { useDeleteCategory } from '#client/features/categories/api/delete-category.ts';
import { useDeletePhoto } from '#client/features/photos/api/delete-photo.ts';
import { useReorderCategories } from '#client/features/categories/api/reorder-categories.ts';
import { usePlacePhoto } from '#client/features/photos/api/place-photo.ts';
import { useDeletePhotos, useMovePhotos, useOrderPhotos } from '#client/features/photos/api/bulk-photos.ts';
import { adminAnnouncements, screenReaderInstructions } from './drag-announcements.ts';
import {
  adminCollisionDetection,
  adminKeyboardCoordinates,
  categoryDragId,
  dragDataOf,
  useDragSensors,
  type DragData,
} from '#client/lib/drag.ts';
import { byOrder, type ContainerId, type SortMode } from '#client/features/photos/lib/photo-order.ts';
import { AddCategoryForm } from '#client/features/categories/components/add-category-form.tsx';
import { PhotoDragPreview, type MoveTarget, type SelectHow } from '#client/features/photos/components/admin-photo-tile.tsx';
import { SelectionBar, SelectModeButton } from './selection-bar.tsx';
import { CategoryCard } from './category-card.tsx';
import { ConfirmDialog } from '#client/components/confirm-dialog.tsx';
import { EditPhotoDialog } from '#client/features/photos/components/edit-photo-dialog.tsx';
import { ReleaseAudioEditor } from '#client/features/music/components/release-audio-editor.tsx';
import { isMusicRelease } from '#contract/music.ts';

/** A release's audio previews, under its details: for a music release, or a photo with a track list. */
const releaseAudioEditor = (photo: Photo) =>
  isMusicRelease(photo) || (photo.tracks?.length ?? 0) > 0 ? <ReleaseAudioEditor releaseId={photo.id} /> : null;
import { PhotoBank } from './photo-bank.tsx';
import { FindPhotosPanel } from './find-photos-panel.tsx';
import { usePhotoFilters } from './photo-filters.ts';
import { UploadPhotosPanel } from '#client/features/photos/components/upload-photos-panel.tsx';

const jumpLink =
  'inline-flex h-11 items-center rounded-md border px-3 text-sm font-medium hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none lg:hidden';

/** Where a droppable sends a photo: its category, or the bank (null). */
function targetOf(data: DragData | undefined): ContainerId | undefined {
  if (data?.type === 'photo') return data.containerId;
  if (data?.type === 'category') return data.category.id;
  if (data?.type === 'bank') return null;
  return undefined;
}

interface PhotoToDelete {
  photo: Photo;
  inBank: boolean;
}

/**
 * The owner's photo work in one place: upload, the photo bank and the category manager, sharing
 * one drag-and-drop area so photos travel between them by mouse, finger or keyboard.
 */
export function PhotoWorkspace() {
  const countsQuery = usePlaceCounts();
  const categoriesQuery = useCategories();
  const { t } = useLingui();

  if (countsQuery.isPending || categoriesQuery.isPending) {
    return (
      <div className="flex justify-center py-12">
        <Spinner label={t`Loading photos and categories`} />
      </div>
    );
  }
  if (countsQuery.isError || categoriesQuery.isError) {
    return (
      <Card>
        <CardContent className="flex flex-wrap items-center gap-3 pt-6">
          <p role="alert" className="me-auto text-sm">
            <Trans>Your photos and categories could not be loaded.</Trans>
          </p>
          <Button
            variant="outline"
            onClick={() => {
              void countsQuery.refetch();
              void categoriesQuery.refetch();
            }}
          >
            <Trans>Try again</Trans>
          </Button>
        </CardContent>
      </Card>
    );
  }
  return <Workspace counts={{ countOf: countsQuery.countOf, withoutAltText: countsQuery.data.withoutAltText ?? 0 }} categories={categoriesQuery.data} />;
}

interface PlaceCounts {
  countOf: (id: ContainerId) => number;
  /** The owner's to-do: photos a screen reader can only name by their title. */
  withoutAltText: number;
}

/**
 * The bank and every category a page at a time: the workspace holds each place's count
 * and the selection (ids, with the place each was chosen in), never every photo; each place
 * fetches its own pages, and moves, orders and Select all are the server's work.
 */
function Workspace({ counts, categories: unsortedCategories }: { counts: PlaceCounts; categories: Category[] }) {
  const categories = useMemo(() => [...unsortedCategories].sort(byOrder), [unsortedCategories]);
  const [active, setActive] = useState<DragData | null>(null);
  const [dropTarget, setDropTarget] = useState<ContainerId | undefined>(undefined);
  const [sortModes, setSortModes] = useState<Record<number, SortMode>>({});
  const [editing, setEditing] = useState<Photo | null>(null);
  const [photoToDelete, setPhotoToDelete] = useState<PhotoToDelete | null>(null);
  const [categoryToDelete, setCategoryToDelete] = useState<Category | null>(null);
  const categoriesHeadingId = useId();
  const [selected, setSelected] = useState<ReadonlyMap<number, ContainerId>>(new Map());
  const [anchor, setAnchor] = useState<number | null>(null);
  const [selectMode, setSelectMode] = useState(false);
  const [confirmBulkDelete, setConfirmBulkDelete] = useState(false);
  const [collapsed, setCollapsed] = useState<ReadonlySet<number>>(new Set());

  const queryClient = useQueryClient();
  const placePhoto = usePlacePhoto();
  const reorderCategories = useReorderCategories();
  const deletePhoto = useDeletePhoto();
  const deleteCategory = useDeleteCategory();
  const movePhotos = useMovePhotos();
  const orderPhotos = useOrderPhotos();
  const deletePhotos = useDeletePhotos();
  const sensors = useDragSensors(adminKeyboardCoordinates);
  const { setFilters } = usePhotoFilters();
  const findHeading = useRef<HTMLHeadingElement>(null);
  const { t } = useLingui();

  const known = new Set(categories.map((category) => category.id));
  const sortModeOf = (id: ContainerId): SortMode => (id === null ? 'order' : (sortModes[id] ?? 'order'));

  const containerName = (id: ContainerId) => {
    if (id === null) return t`the photo bank`;
    const name = categories.find((category) => category.id === id)?.name ?? '';
    return t`category ${name}`;
  };
  const announcements = adminAnnouncements(containerName);

  const moveTargetsFor = (containerId: ContainerId): MoveTarget[] => [
    ...(containerId !== null ? [{ id: null, label: t`Photo bank` }] : []),
    ...categories
      .filter((category) => category.id !== containerId)
      .map((category) => ({ id: category.id, label: category.name })),
  ];

  /**
   * To the first place of another category or the bank, as the spec's move puts it. By drag it lands
   * where it was dropped; by a tile's menu it goes out of sight, so a toast confirms.
   */
  const movePhoto = (photo: Photo, target: ContainerId, confirm = false) => {
    if (target !== null && !known.has(target)) return;
    if (photo.categoryId === target) return;
    placePhoto.mutate({ photo, categoryId: target, kind: 'move', confirm });
    if (selected.has(photo.id)) setSelected(new Map(selected).set(photo.id, target));
  };
  const movePhotoFromMenu = (photo: Photo, target: ContainerId) => movePhoto(photo, target, true);

  const resetDrag = () => {
    setActive(null);
    setDropTarget(undefined);
  };

  const onDragStart = ({ active: started }: DragStartEvent) => {
    setActive(dragDataOf(started) ?? null);
  };

  const onDragOver = ({ active: dragged, over }: DragOverEvent) => {
    const data = dragDataOf(dragged);
    if (data?.type !== 'photo') return;
    const target = targetOf(dragDataOf(over));
    setDropTarget(target !== undefined && target !== data.containerId ? target : undefined);
  };

  const onDragEnd = ({ active: dragged, over }: DragEndEvent) => {
    resetDrag();
    const data = dragDataOf(dragged);
    const overData = dragDataOf(over);
    if (!overData) return;
    if (!data) {
      // A drop that carries no photo we know of.
      toast({ title: t`Error`, description: t`Failed to process dropped photo`, variant: 'destructive' });
      return;
    }

    if (data.type === 'category') {
      if (overData.type !== 'category') return;
      const from = categories.findIndex((category) => category.id === data.category.id);
      const to = categories.findIndex((category) => category.id === overData.category.id);
      if (from < 0 || to < 0 || from === to) return;
      const next = [...categories];
      const [moved] = next.splice(from, 1);
      if (!moved) return;
      next.splice(to, 0, moved);
      reorderCategories.mutate({ categoryUpdates: next.map((category, order) => ({ id: category.id, order })) });
      return;
    }

    if (data.type !== 'photo') return;
    const target = targetOf(overData);
    if (target === undefined) return;
    if (target !== data.containerId) {
      movePhoto(data.photo, target);
      return;
    }
    // Within its own place: only the stored order can be rearranged, and only onto a photo. As
    // dnd-kit's sortable list shows it: dragged down, it goes after the photo it is over; up, before.
    if (overData.type !== 'photo' || sortModeOf(target) !== 'order' || overData.photo.id === data.photo.id) return;
    const ordered = loadedPlacePhotos(queryClient, target, 'order');
    const from = ordered.findIndex((photo) => photo.id === data.photo.id);
    const to = ordered.findIndex((photo) => photo.id === overData.photo.id);
    if (from < 0 || to < 0) return;
    const beside = from < to ? { after: overData.photo.id } : { before: overData.photo.id };
    placePhoto.mutate({ photo: data.photo, categoryId: target, ...beside, kind: 'reorder' });
  };

  const selecting = selectMode || selected.size > 0;

  const clearSelection = () => {
    setSelected(new Map());
    setAnchor(null);
  };

  useEffect(() => {
    if (!selecting) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && !event.defaultPrevented) {
        setSelected(new Map());
        setAnchor(null);
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [selecting]);

  /**
   * Click: this photo alone; Ctrl/Cmd-click or select mode: add or take away; Shift-click: the range
   * from the last one, over the photos its place shows (both ends are on screen, so fetched).
   */
  const selectPhoto = (photo: Photo, how: SelectHow) => {
    const place = photo.categoryId !== null && known.has(photo.categoryId) ? photo.categoryId : null;
    const next = new Map(selected);
    const mode = how === 'only' && selecting ? 'toggle' : how;
    const list = loadedPlacePhotos(queryClient, place, sortModeOf(place));
    const from = anchor === null ? -1 : list.findIndex((candidate) => candidate.id === anchor);
    const to = list.findIndex((candidate) => candidate.id === photo.id);
    if (mode === 'range' && from >= 0 && to >= 0) {
      for (const inRange of list.slice(Math.min(from, to), Math.max(from, to) + 1)) next.set(inRange.id, place);
    } else if (mode === 'only') {
      next.clear();
      next.set(photo.id, place);
    } else if (next.has(photo.id)) {
      next.delete(photo.id);
    } else {
      next.set(photo.id, place);
    }
    setSelected(next);
    setAnchor(photo.id);
  };

  const selectedIn = (id: ContainerId) => [...selected.values()].filter((place) => place === id).length;
  const allSelectedIn = (id: ContainerId) => counts.countOf(id) > 0 && selectedIn(id) >= counts.countOf(id);

  /** Selects every photo of a place, fetched or not (the server names them), or when all are selected already, none of them. */
  const selectAllIn = async (id: ContainerId) => {
    if (allSelectedIn(id)) {
      setSelected(new Map([...selected].filter(([, place]) => place !== id)));
      return;
    }
    try {
      const ids = await fetchPlaceIds(queryClient, id);
      setSelected((current) => {
        const next = new Map(current);
        for (const photoId of ids) next.set(photoId, id);
        return next;
      });
    } catch (error) {
      toast({ title: t`Error`, description: errorMessage(error, t`Failed to select photos`), variant: 'destructive' });
    }
  };

  // The server takes them in page order, whatever order they are named in.
  const selectedIds = () => [...selected.keys()];

  const moveSelected = (target: ContainerId) => {
    movePhotos.mutate({ ids: selectedIds(), categoryId: target }, { onSuccess: clearSelection });
  };
  const orderSelected = (by: PhotoOrderKey) => {
    // A category sorted on screen shows its stored order again, so the new order is seen.
    setSortModes((modes) => {
      const next = { ...modes };
      for (const place of selected.values()) if (place !== null) next[place] = 'order';
      return next;
    });
    orderPhotos.mutate({ ids: selectedIds(), by });
  };
  const deleteSelected = () => {
    deletePhotos.mutate(selectedIds(), {
      onSuccess: clearSelection,
      onSettled: () => setConfirmBulkDelete(false),
    });
  };

  const toggleCollapsed = (id: number) =>
    setCollapsed((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const confirmDeletePhoto = () => {
    if (!photoToDelete) return;
    const { id } = photoToDelete.photo;
    deletePhoto.mutate(id, {
      onSuccess: () =>
        setSelected((current) => {
          const next = new Map(current);
          next.delete(id);
          return next;
        }),
      onSettled: () => setPhotoToDelete(null),
    });
  };

  const confirmDeleteCategory = () => {
    if (!categoryToDelete) return;
    deleteCategory.mutate(categoryToDelete.id, { onSettled: () => setCategoryToDelete(null) });
  };

  /** The alt-text to-do as a search: those photos in Find photos, brought into view. */
  const findWithoutAltText = () => {
    setFilters({ withoutAltText: 'true' });
    findHeading.current?.scrollIntoView({ block: 'start' });
    findHeading.current?.focus({ preventScroll: true });
  };

  const { withoutAltText } = counts;
  const bankCount = counts.countOf(null);
  const categoryPhotoCount = categoryToDelete ? counts.countOf(categoryToDelete.id) : 0;
  const categoryCount = categories.length;
  const selectedCount = selected.size;
  const photoToDeleteTitle = photoToDelete?.photo.title ?? '';
  const categoryToDeleteName = categoryToDelete?.name;

  return (
    <div className="grid gap-6">
      <UploadPhotosPanel categories={categories} />

      <FindPhotosPanel
        categories={categories}
        moveTargetsFor={moveTargetsFor}
        onEditPhoto={setEditing}
        onDeletePhoto={(photo) => setPhotoToDelete({ photo, inBank: photo.categoryId === null })}
        onMovePhoto={movePhotoFromMenu}
        headingRef={findHeading}
      />

      <DndContext
        sensors={sensors}
        collisionDetection={adminCollisionDetection}
        measuring={{ droppable: { strategy: MeasuringStrategy.Always } }}
        accessibility={{ announcements, screenReaderInstructions }}
        onDragStart={onDragStart}
        onDragOver={onDragOver}
        onDragEnd={onDragEnd}
        onDragCancel={resetDrag}
      >
        <nav aria-label={t`Photo work`} className="flex flex-wrap items-center gap-2">
          {/* On a phone the bank and the categories are a long way apart: one tap to either. */}
          <a href="#photo-bank" className={jumpLink}>
            <Trans>Photo bank ({bankCount})</Trans>
          </a>
          <a href="#categories" className={jumpLink}>
            <Trans>Categories ({categoryCount})</Trans>
          </a>
          <SelectModeButton on={selectMode} onChange={setSelectMode} onLeave={clearSelection} />
          {categories.length > 0 && (
            <Button
              variant="outline"
              className="h-11"
              onClick={() =>
                setCollapsed(collapsed.size === categories.length ? new Set() : new Set(categories.map((category) => category.id)))
              }
            >
              {collapsed.size === categories.length ? t`Expand all` : t`Collapse all`}
            </Button>
          )}
          {withoutAltText === 0 ? (
            <p className="text-sm text-muted-foreground" data-testid="missing-alt-text">
              <Trans>Every photo has alt text</Trans>
            </p>
          ) : (
            // The to-do leads to the photos it counts.
            <Button variant="link" className="h-11 px-2 underline underline-offset-4" data-testid="missing-alt-text" onClick={findWithoutAltText}>
              {plural(withoutAltText, { one: '# photo without alt text', other: '# photos without alt text' })}
            </Button>
          )}
        </nav>

        <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
          <div id="photo-bank" className="scroll-mt-20">
            <PhotoBank
              count={bankCount}
              isDropTarget={dropTarget === null}
              moveTargets={moveTargetsFor(null)}
              onEditPhoto={setEditing}
              onDeletePhoto={(photo) => setPhotoToDelete({ photo, inBank: true })}
              onMovePhoto={movePhotoFromMenu}
              selectedIds={selected}
              selecting={selecting}
              onSelectPhoto={selectPhoto}
              allSelected={allSelectedIn(null)}
              onSelectAll={() => void selectAllIn(null)}
              className="lg:sticky lg:top-20"
            />
          </div>

          <Card id="categories" role="region" aria-labelledby={categoriesHeadingId} className="scroll-mt-20">
            <CardHeader className="p-3 pb-3 sm:p-6 sm:pb-4">
              <CardTitle id={categoriesHeadingId} className="text-xl">
                <Trans>Categories</Trans>
              </CardTitle>
              <CardDescription>
                <Trans>Visitors see your categories in this order. Drag a category by its handle to move it.</Trans>
              </CardDescription>
            </CardHeader>
            <CardContent className="grid gap-6 p-3 pt-0 sm:p-6 sm:pt-0">
              <AddCategoryForm categoryCount={categories.length} />
              <div className="grid gap-3">
                <h3 className="text-base font-semibold">
                  <Trans>Current Categories</Trans>
                </h3>
                {categories.length === 0 ? (
                  <p className="rounded-md border border-dashed px-4 py-8 text-center text-sm text-muted-foreground">
                    <Trans>No categories yet. Create your first category above.</Trans>
                  </p>
                ) : (
                  <SortableContext
                    items={categories.map((category) => categoryDragId(category.id))}
                    strategy={verticalListSortingStrategy}
                  >
                    <ul aria-label={t`Current Categories`} className="grid gap-4">
                      {categories.map((category) => (
                        <CategoryCard
                          key={category.id}
                          category={category}
                          count={counts.countOf(category.id)}
                          sortMode={sortModeOf(category.id)}
                          onSortModeChange={(mode) => setSortModes((modes) => ({ ...modes, [category.id]: mode }))}
                          isDropTarget={dropTarget === category.id}
                          moveTargetsFor={moveTargetsFor}
                          onEditPhoto={setEditing}
                          onDeletePhoto={(photo) => setPhotoToDelete({ photo, inBank: false })}
                          onMovePhoto={movePhotoFromMenu}
                          onDelete={setCategoryToDelete}
                          selectedIds={selected}
                          selecting={selecting}
                          onSelectPhoto={selectPhoto}
                          allSelected={allSelectedIn(category.id)}
                          onSelectAll={() => void selectAllIn(category.id)}
                          collapsed={collapsed.has(category.id)}
                          onToggleCollapsed={() => toggleCollapsed(category.id)}
                        />
                      ))}
                    </ul>
                  </SortableContext>
                )}
              </div>
            </CardContent>
          </Card>
        </div>

        {selected.size > 0 && (
          <SelectionBar
            count={selected.size}
            moveTargets={[{ id: null, label: t`Photo bank` }, ...categories.map((category) => ({ id: category.id, label: category.name }))]}
            pending={movePhotos.isPending || orderPhotos.isPending || deletePhotos.isPending}
            onMove={moveSelected}
            onOrder={orderSelected}
            onDelete={() => setConfirmBulkDelete(true)}
            onClear={clearSelection}
          />
        )}

        <DragOverlay>
          {active?.type === 'photo' && <PhotoDragPreview photo={active.photo} />}
          {active?.type === 'category' && (
            <div className="flex items-center gap-2 rounded-lg border bg-card p-3 font-semibold shadow-xl ring-2 ring-ring">
              <GripVertical className="size-4 text-muted-foreground" aria-hidden />
              {active.category.name}
            </div>
          )}
        </DragOverlay>
      </DndContext>

      <EditPhotoDialog photo={editing} onClose={() => setEditing(null)} extra={releaseAudioEditor} />

      <ConfirmDialog
        open={photoToDelete !== null}
        title={t`Delete photo`}
        description={
          photoToDelete
            ? photoToDelete.inBank
              ? t`Are you sure you want to delete "${photoToDeleteTitle}"? This action cannot be undone.`
              : t`Are you sure you want to delete "${photoToDeleteTitle}"?`
            : ''
        }
        confirmLabel={t`Delete`}
        pendingLabel={t`Deleting...`}
        pending={deletePhoto.isPending}
        onConfirm={confirmDeletePhoto}
        onCancel={() => setPhotoToDelete(null)}
      />

      <ConfirmDialog
        open={confirmBulkDelete}
        title={t`Delete photos`}
        description={plural(selectedCount, { other: 'Are you sure you want to delete # photo(s)?' })}
        details={t`You can undo this for a few seconds.`}
        confirmLabel={t`Delete`}
        pendingLabel={t`Deleting...`}
        pending={deletePhotos.isPending}
        onConfirm={deleteSelected}
        onCancel={() => setConfirmBulkDelete(false)}
      />

      <ConfirmDialog
        open={categoryToDelete !== null}
        title={categoryToDeleteName !== undefined ? t`Delete ${categoryToDeleteName}` : t`Delete category`}
        description={t`Are you sure you want to delete this category? This action cannot be undone.`}
        details={
          categoryPhotoCount > 0
            ? plural(categoryPhotoCount, { other: 'Its # photo(s) will move to the photo bank.' })
            : undefined
        }
        confirmLabel={t`Delete`}
        pendingLabel={t`Deleting...`}
        pending={deleteCategory.isPending}
        onConfirm={confirmDeleteCategory}
        onCancel={() => setCategoryToDelete(null)}
      />
    </div>
  );
}
