import { useId, useMemo, useState } from 'react';
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
import type { Photo } from '#contract/photos.ts';
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
import { adminAnnouncements, screenReaderInstructions } from './drag-announcements.ts';
import {
  adminCollisionDetection,
  adminKeyboardCoordinates,
  categoryDragId,
  dragDataOf,
  useDragSensors,
  type DragData,
} from '#client/lib/drag.ts';
import { byOrder, moveInto, photosIn, reorderWithin, type ContainerId, type SortMode } from '#client/features/photos/lib/photo-order.ts';
import { AddCategoryForm } from '#client/features/categories/components/add-category-form.tsx';
import { PhotoDragPreview, type MoveTarget } from '#client/features/photos/components/admin-photo-tile.tsx';
import { CategoryCard } from './category-card.tsx';
import { ConfirmDialog } from '#client/components/confirm-dialog.tsx';
import { EditPhotoDialog } from '#client/features/photos/components/edit-photo-dialog.tsx';
import { PhotoBank } from './photo-bank.tsx';
import { UploadPhotosPanel } from '#client/features/photos/components/upload-photos-panel.tsx';

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

  const reorderPhotos = useReorderPhotos();
  const reorderCategories = useReorderCategories();
  const deletePhoto = useDeletePhoto();
  const deleteCategory = useDeleteCategory();
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

  const movePhoto = (photo: Photo, target: ContainerId) => {
    if (target !== null && !known.has(target)) return;
    const photoUpdates = moveInto(photo, photosIn(photos, target), target);
    if (photoUpdates) reorderPhotos.mutate({ photoUpdates, kind: 'move' });
  };

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

  const confirmDeletePhoto = () => {
    if (!photoToDelete) return;
    deletePhoto.mutate(photoToDelete.photo.id, { onSettled: () => setPhotoToDelete(null) });
  };

  const confirmDeleteCategory = () => {
    if (!categoryToDelete) return;
    deleteCategory.mutate(categoryToDelete.id, { onSettled: () => setCategoryToDelete(null) });
  };

  const categoryPhotoCount = categoryToDelete ? photosIn(photos, categoryToDelete.id).length : 0;

  return (
    <div className="grid gap-6">
      <UploadPhotosPanel />

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
        <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
          <div>
            <PhotoBank
              photos={bankPhotos}
              isDropTarget={dropTarget === null}
              moveTargets={moveTargetsFor(null)}
              onEditPhoto={setEditing}
              onDeletePhoto={(photo) => setPhotoToDelete({ photo, inBank: true })}
              onMovePhoto={movePhoto}
              className="lg:sticky lg:top-20"
            />
          </div>

          <Card role="region" aria-labelledby={categoriesHeadingId}>
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
                          onMovePhoto={movePhoto}
                          onDelete={setCategoryToDelete}
                        />
                      ))}
                    </ul>
                  </SortableContext>
                )}
              </div>
            </CardContent>
          </Card>
        </div>

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
