import { useEffect, useId, useMemo, useState } from 'react';
import {
  DndContext,
  DragOverlay,
  MeasuringStrategy,
  type DragEndEvent,
  type DragOverEvent,
  type DragStartEvent,
} from '@dnd-kit/core';
import { SortableContext, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CheckSquare, GripVertical } from 'lucide-react';
import type { Category } from '#contract/categories.ts';
import type { Photo, PhotoOrderKey } from '#contract/photos.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#client/components/ui/card.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { toast } from '#client/components/ui/use-toast.ts';
import { usePhotos } from '#client/features/photos/api/get-photos.ts';
import { useCategories } from '#client/features/categories/api/get-categories.ts';
import { useDeleteCategory } from '#client/features/categories/api/delete-category.ts';
import { useDeletePhoto } from '#client/features/photos/api/delete-photo.ts';
import { useReorderCategories } from '#client/features/categories/api/reorder-categories.ts';
import { useReorderPhotos } from '#client/features/photos/api/reorder-photos.ts';
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
import { byOrder, moveInto, photosIn, reorderWithin, sortPhotos, type ContainerId, type SortMode } from '#client/features/photos/lib/photo-order.ts';
import { AddCategoryForm } from '#client/features/categories/components/add-category-form.tsx';
import { PhotoDragPreview, type MoveTarget, type SelectHow } from '#client/features/photos/components/admin-photo-tile.tsx';
import { SelectionBar } from './selection-bar.tsx';
import { CategoryCard } from './category-card.tsx';
import { ConfirmDialog } from '#client/components/confirm-dialog.tsx';
import { EditPhotoDialog } from '#client/features/photos/components/edit-photo-dialog.tsx';
import { PhotoBank } from './photo-bank.tsx';
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
  const photosQuery = usePhotos();
  const categoriesQuery = useCategories();

  if (photosQuery.isPending || categoriesQuery.isPending) {
    return (
      <div className="flex justify-center py-12">
        <Spinner label="Loading photos and categories" />
      </div>
    );
  }
  if (photosQuery.isError || categoriesQuery.isError) {
    return (
      <Card>
        <CardContent className="flex flex-wrap items-center gap-3 pt-6">
          <p role="alert" className="mr-auto text-sm">
            Your photos and categories could not be loaded.
          </p>
          <Button
            variant="outline"
            onClick={() => {
              void photosQuery.refetch();
              void categoriesQuery.refetch();
            }}
          >
            Try again
          </Button>
        </CardContent>
      </Card>
    );
  }
  return <Workspace photos={photosQuery.data} categories={categoriesQuery.data} />;
}

function Workspace({ photos, categories: unsortedCategories }: { photos: Photo[]; categories: Category[] }) {
  const categories = useMemo(() => [...unsortedCategories].sort(byOrder), [unsortedCategories]);
  const [active, setActive] = useState<DragData | null>(null);
  const [dropTarget, setDropTarget] = useState<ContainerId | undefined>(undefined);
  const [sortModes, setSortModes] = useState<Record<number, SortMode>>({});
  const [editing, setEditing] = useState<Photo | null>(null);
  const [photoToDelete, setPhotoToDelete] = useState<PhotoToDelete | null>(null);
  const [categoryToDelete, setCategoryToDelete] = useState<Category | null>(null);
  const categoriesHeadingId = useId();
  const [chosen, setChosen] = useState<ReadonlySet<number>>(new Set());
  const [anchor, setAnchor] = useState<number | null>(null);
  const [selectMode, setSelectMode] = useState(false);
  const [confirmBulkDelete, setConfirmBulkDelete] = useState(false);
  const [collapsed, setCollapsed] = useState<ReadonlySet<number>>(new Set());

  const reorderPhotos = useReorderPhotos();
  const reorderCategories = useReorderCategories();
  const deletePhoto = useDeletePhoto();
  const deleteCategory = useDeleteCategory();
  const movePhotos = useMovePhotos();
  const orderPhotos = useOrderPhotos();
  const deletePhotos = useDeletePhotos();
  const sensors = useDragSensors(adminKeyboardCoordinates);

  const bankPhotos = photosIn(photos, null);
  const known = new Set(categories.map((category) => category.id));
  const sortModeOf = (id: ContainerId): SortMode => (id === null ? 'order' : (sortModes[id] ?? 'order'));

  const containerName = (id: ContainerId) =>
    id === null ? 'the photo bank' : `category ${categories.find((category) => category.id === id)?.name ?? ''}`;
  const announcements = adminAnnouncements(containerName);

  const moveTargetsFor = (containerId: ContainerId): MoveTarget[] => [
    ...(containerId !== null ? [{ id: null, label: 'Photo bank' }] : []),
    ...categories
      .filter((category) => category.id !== containerId)
      .map((category) => ({ id: category.id, label: category.name })),
  ];

  /** By drag the photo lands where it was dropped; by a tile's menu it goes out of sight, so a toast confirms. */
  const movePhoto = (photo: Photo, target: ContainerId, confirm = false) => {
    if (target !== null && !known.has(target)) return;
    const photoUpdates = moveInto(photo, photosIn(photos, target), target);
    if (photoUpdates) reorderPhotos.mutate({ photoUpdates, kind: 'move', confirm });
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
      toast({ title: 'Error', description: 'Failed to process dropped photo', variant: 'destructive' });
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
    // Within its own place: only the stored order can be rearranged, and only onto a photo.
    if (overData.type !== 'photo' || sortModeOf(target) !== 'order') return;
    const ordered = photosIn(photos, target);
    const from = ordered.findIndex((photo) => photo.id === data.photo.id);
    const to = ordered.findIndex((photo) => photo.id === overData.photo.id);
    const photoUpdates = reorderWithin(ordered, from, to, target);
    if (photoUpdates) reorderPhotos.mutate({ photoUpdates, kind: 'reorder' });
  };

  // The selection, less photos gone meanwhile (deleted, or moved by another tab).
  const selected = useMemo(() => {
    const live = new Set(photos.map((photo) => photo.id));
    return new Set([...chosen].filter((id) => live.has(id)));
  }, [chosen, photos]);
  const selecting = selectMode || selected.size > 0;
  const shownIn = (id: ContainerId) => sortPhotos(photosIn(photos, id), sortModeOf(id));

  const clearSelection = () => {
    setChosen(new Set());
    setAnchor(null);
  };

  useEffect(() => {
    if (!selecting) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && !event.defaultPrevented) {
        setChosen(new Set());
        setAnchor(null);
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [selecting]);

  /** Click: this photo alone; Ctrl/Cmd-click or select mode: add or take away; Shift-click: the range from the last one. */
  const selectPhoto = (photo: Photo, how: SelectHow) => {
    const next = new Set(selected);
    const mode = how === 'only' && selecting ? 'toggle' : how;
    const list = shownIn(photo.categoryId);
    const from = anchor === null ? -1 : list.findIndex((candidate) => candidate.id === anchor);
    const to = list.findIndex((candidate) => candidate.id === photo.id);
    if (mode === 'range' && from >= 0 && to >= 0) {
      for (const inRange of list.slice(Math.min(from, to), Math.max(from, to) + 1)) next.add(inRange.id);
    } else if (mode === 'only') {
      next.clear();
      next.add(photo.id);
    } else if (next.has(photo.id)) {
      next.delete(photo.id);
    } else {
      next.add(photo.id);
    }
    setChosen(next);
    setAnchor(photo.id);
  };

  /** Selects every photo of a section, or when all are selected already, none of them. */
  const selectAllIn = (id: ContainerId) => {
    const ids = shownIn(id).map((photo) => photo.id);
    const next = new Set(selected);
    if (ids.every((photoId) => next.has(photoId))) for (const photoId of ids) next.delete(photoId);
    else for (const photoId of ids) next.add(photoId);
    setChosen(next);
  };
  const allSelectedIn = (id: ContainerId) => {
    const ids = photosIn(photos, id).map((photo) => photo.id);
    return ids.length > 0 && ids.every((photoId) => selected.has(photoId));
  };

  // In page order, as the server keeps it for a move.
  const selectedIds = () => photos.filter((photo) => selected.has(photo.id)).map((photo) => photo.id);

  const moveSelected = (target: ContainerId) => {
    movePhotos.mutate({ ids: selectedIds(), categoryId: target }, { onSuccess: clearSelection });
  };
  const orderSelected = (by: PhotoOrderKey) => {
    // A category sorted on screen shows its stored order again, so the new order is seen.
    setSortModes((modes) => {
      const next = { ...modes };
      for (const photo of photos) if (selected.has(photo.id) && photo.categoryId !== null) next[photo.categoryId] = 'order';
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
    deletePhoto.mutate(photoToDelete.photo.id, { onSettled: () => setPhotoToDelete(null) });
  };

  const confirmDeleteCategory = () => {
    if (!categoryToDelete) return;
    deleteCategory.mutate(categoryToDelete.id, { onSettled: () => setCategoryToDelete(null) });
  };

  // Photos a screen reader can only name by their title: the owner's to-do list for alt text.
  const withoutAltText = photos.filter((photo) => !photo.altText).length;

  const categoryPhotoCount = categoryToDelete ? photosIn(photos, categoryToDelete.id).length : 0;

  return (
    <div className="grid gap-6">
      <UploadPhotosPanel categories={categories} />

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
        <nav aria-label="Photo work" className="flex flex-wrap items-center gap-2">
          {/* On a phone the bank and the categories are a long way apart: one tap to either. */}
          <a href="#photo-bank" className={jumpLink}>
            Photo bank ({bankPhotos.length})
          </a>
          <a href="#categories" className={jumpLink}>
            Categories ({categories.length})
          </a>
          <Button
            variant={selectMode ? 'default' : 'outline'}
            className="h-11"
            aria-pressed={selectMode}
            onClick={() => {
              if (selectMode) clearSelection();
              setSelectMode(!selectMode);
            }}
          >
            <CheckSquare aria-hidden />
            Select
          </Button>
          {categories.length > 0 && (
            <Button
              variant="outline"
              className="h-11"
              onClick={() =>
                setCollapsed(collapsed.size === categories.length ? new Set() : new Set(categories.map((category) => category.id)))
              }
            >
              {collapsed.size === categories.length ? 'Expand all' : 'Collapse all'}
            </Button>
          )}
          <p className="text-sm text-muted-foreground" data-testid="missing-alt-text">
            {withoutAltText === 0
              ? 'Every photo has alt text'
              : `${withoutAltText} ${withoutAltText === 1 ? 'photo' : 'photos'} without alt text`}
          </p>
        </nav>

        <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
          <div id="photo-bank" className="scroll-mt-20">
            <PhotoBank
              photos={bankPhotos}
              isDropTarget={dropTarget === null}
              moveTargets={moveTargetsFor(null)}
              onEditPhoto={setEditing}
              onDeletePhoto={(photo) => setPhotoToDelete({ photo, inBank: true })}
              onMovePhoto={movePhotoFromMenu}
              selectedIds={selected}
              selecting={selecting}
              onSelectPhoto={selectPhoto}
              allSelected={allSelectedIn(null)}
              onSelectAll={() => selectAllIn(null)}
              className="lg:sticky lg:top-20"
            />
          </div>

          <Card id="categories" role="region" aria-labelledby={categoriesHeadingId} className="scroll-mt-20">
            <CardHeader className="p-3 pb-3 sm:p-6 sm:pb-4">
              <CardTitle id={categoriesHeadingId} className="text-xl">
                Categories
              </CardTitle>
              <CardDescription>
                Visitors see your categories in this order. Drag a category by its handle to move it.
              </CardDescription>
            </CardHeader>
            <CardContent className="grid gap-6 p-3 pt-0 sm:p-6 sm:pt-0">
              <AddCategoryForm categoryCount={categories.length} />
              <div className="grid gap-3">
                <h3 className="text-base font-semibold">Current Categories</h3>
                {categories.length === 0 ? (
                  <p className="rounded-md border border-dashed px-4 py-8 text-center text-sm text-muted-foreground">
                    No categories yet. Create your first category above.
                  </p>
                ) : (
                  <SortableContext
                    items={categories.map((category) => categoryDragId(category.id))}
                    strategy={verticalListSortingStrategy}
                  >
                    <ul aria-label="Current Categories" className="grid gap-4">
                      {categories.map((category) => (
                        <CategoryCard
                          key={category.id}
                          category={category}
                          photos={photosIn(photos, category.id)}
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
                          onSelectAll={() => selectAllIn(category.id)}
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
            moveTargets={[{ id: null, label: 'Photo bank' }, ...categories.map((category) => ({ id: category.id, label: category.name }))]}
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

      <EditPhotoDialog photo={editing} onClose={() => setEditing(null)} />

      <ConfirmDialog
        open={photoToDelete !== null}
        title="Delete photo"
        description={
          photoToDelete
            ? `Are you sure you want to delete "${photoToDelete.photo.title}"?${photoToDelete.inBank ? ' This action cannot be undone.' : ''}`
            : ''
        }
        confirmLabel="Delete"
        pendingLabel="Deleting..."
        pending={deletePhoto.isPending}
        onConfirm={confirmDeletePhoto}
        onCancel={() => setPhotoToDelete(null)}
      />

      <ConfirmDialog
        open={confirmBulkDelete}
        title="Delete photos"
        description={`Are you sure you want to delete ${selected.size} photo(s)?`}
        details="You can undo this for a few seconds."
        confirmLabel="Delete"
        pendingLabel="Deleting..."
        pending={deletePhotos.isPending}
        onConfirm={deleteSelected}
        onCancel={() => setConfirmBulkDelete(false)}
      />

      <ConfirmDialog
        open={categoryToDelete !== null}
        title={`Delete ${categoryToDelete?.name ?? 'category'}`}
        description="Are you sure you want to delete this category? This action cannot be undone."
        details={
          categoryPhotoCount > 0
            ? `Its ${categoryPhotoCount} photo(s) will move to the photo bank.`
            : undefined
        }
        confirmLabel="Delete"
        pendingLabel="Deleting..."
        pending={deleteCategory.isPending}
        onConfirm={confirmDeleteCategory}
        onCancel={() => setCategoryToDelete(null)}
      />
    </div>
  );
}
