import { useLingui } from '@lingui/react/macro';
import { useMemo, useRef, useState, type ReactNode } from 'react';
import {
  closestCenter,
  DndContext,
  DragOverlay,
  MeasuringStrategy,
  pointerWithin,
  type Active,
  type Announcements,
  type CollisionDetection,
  type DragEndEvent,
  type DragStartEvent,
  type Over,
} from '@dnd-kit/core';
import { rectSortingStrategy, SortableContext, type SortingStrategy } from '@dnd-kit/sortable';
import type { Category } from '#contract/categories.ts';
import type { Photo } from '#contract/photos.ts';
import { groupIntoSections } from '#contract/portfolio-sections.ts';
import { DragHandle } from '#client/components/drag-handle.tsx';
import { TooltipProvider } from '#client/components/ui/tooltip.tsx';
import { toast } from '#client/components/ui/use-toast.ts';
import { usePhotos } from '#client/features/photos/api/get-photos.ts';
import { PhotoImage } from '#client/features/photos/components/photo-image.tsx';
import { useCategories } from '#client/features/categories/api/get-categories.ts';
import { PortfolioView } from '#client/app/portfolio/portfolio-view.tsx';
import { PhotoDragContext } from '#client/lib/drag-context.ts';
import { cn } from '#client/lib/utils.ts';
import { useReorderPhotos } from '#client/features/photos/api/reorder-photos.ts';
import { screenReaderInstructions } from './drag-announcements.ts';
import { photoDragId, reorderDataOf, sortableInfoOf, useDragSensors, useSortableItem } from '#client/lib/drag.ts';
import { reorderWithin } from '#client/features/photos/lib/photo-order.ts';

const positionOf = (entry: Active | Over | null | undefined) => sortableInfoOf(entry)?.index;

/** The photo under the pointer, or the nearest one (always by keyboard). */
const collisionDetection: CollisionDetection = (args) => {
  if (args.pointerCoordinates) {
    const hits = pointerWithin(args);
    if (hits.length > 0) return hits;
  }
  return closestCenter(args);
};

/**
 * The portfolio as the signed-in owner sees it: the same page, with every photo draggable to a
 * new place in its own category. Loaded only for the owner.
 */
export function SortablePortfolioView() {
  const photos = usePhotos();
  const categories = useCategories();
  const { t } = useLingui();
  const reorder = useReorderPhotos();
  const sensors = useDragSensors();
  const [active, setActive] = useState<Photo | null>(null);
  const [isDragging, setIsDragging] = useState(false);
  const clickGuard = useRef<ReturnType<typeof setTimeout>>(undefined);

  const sections = useMemo(
    () => (categories.data && photos.data ? groupIntoSections(categories.data, photos.data) : []),
    [categories.data, photos.data],
  );
  const sectionIdOf = useMemo(() => {
    const map = new Map<number, number | null>();
    for (const section of sections) for (const photo of section.photos) map.set(photo.id, section.category?.id ?? null);
    return map;
  }, [sections]);
  // One list in page order; sections are contiguous in it, and tiles shift only within the
  // dragged photo's own section.
  const items = useMemo(() => sections.flatMap((section) => section.photos.map((photo) => photoDragId(photo.id))), [sections]);
  const sectionOfIndex = useMemo(
    () => sections.flatMap((section) => section.photos.map(() => section.category?.id ?? null)),
    [sections],
  );
  const strategy: SortingStrategy = (args) =>
    sectionOfIndex[args.activeIndex] === sectionOfIndex[args.overIndex] ? rectSortingStrategy(args) : null;

  const sectionName = (id: number | null, list: Category[] | undefined) =>
    id === null ? t`Other` : (list?.find((category) => category.id === id)?.name ?? t`its category`);
  const countIn = (id: number | null) => sections.find((section) => (section.category?.id ?? null) === id)?.photos.length ?? 0;
  const where = (entry: Active | Over) => {
    const data = reorderDataOf(entry);
    if (!data) return t`its place`;
    const index = positionOf(entry);
    const first = sectionOfIndex.indexOf(data.sectionId);
    const place = index === undefined ? '?' : index - first + 1;
    const count = countIn(data.sectionId);
    const section = sectionName(data.sectionId, categories.data);
    return t`position ${place} of ${count} in ${section}`;
  };
  const titleOf = (entry: Active) => reorderDataOf(entry)?.photo.title ?? '';
  const announcements: Announcements = {
    onDragStart: ({ active: started }) => {
      const title = titleOf(started);
      const at = where(started);
      return t`Picked up photo ${title}. It is at ${at}.`;
    },
    onDragOver: ({ active: dragged, over }) => {
      const title = titleOf(dragged);
      if (!over) return t`Photo ${title} is no longer over a photo.`;
      if (over.id === dragged.id) return undefined;
      const from = reorderDataOf(dragged)?.sectionId;
      const to = reorderDataOf(over)?.sectionId;
      if (from !== to) return t`Photo ${title} is over another category; photos can only be reordered within the same category.`;
      const at = where(over);
      return t`Photo ${title} was moved into ${at}.`;
    },
    onDragEnd: ({ active: dragged, over }) => {
      const title = titleOf(dragged);
      if (!over || reorderDataOf(dragged)?.sectionId !== reorderDataOf(over)?.sectionId) {
        return t`Photo ${title} was dropped back in its place.`;
      }
      const at = where(over);
      return t`Photo ${title} was dropped at ${at}.`;
    },
    onDragCancel: ({ active: dragged }) => {
      const title = titleOf(dragged);
      const at = where(dragged);
      return t`Moving was cancelled. Photo ${title} is back at ${at}.`;
    },
  };

  const onDragStart = ({ active: started }: DragStartEvent) => {
    clearTimeout(clickGuard.current);
    setIsDragging(true);
    setActive(reorderDataOf(started)?.photo ?? null);
  };

  // The drop's own click comes just after; tiles keep ignoring clicks until it has passed.
  const endDrag = () => {
    setActive(null);
    clickGuard.current = setTimeout(() => setIsDragging(false), 0);
  };

  const onDragEnd = ({ active: dragged, over }: DragEndEvent) => {
    endDrag();
    const from = reorderDataOf(dragged);
    const to = reorderDataOf(over);
    if (!from || !to || from.photo.id === to.photo.id) return;
    if (from.sectionId !== to.sectionId) {
      toast({
        title: t`Cannot reorder`,
        description: t`Photos can only be reordered within the same category`,
        variant: 'destructive',
      });
      return;
    }
    const section = sections.find((candidate) => (candidate.category?.id ?? null) === from.sectionId);
    if (!section) return;
    const ordered = section.photos;
    const photoUpdates = reorderWithin(
      ordered,
      ordered.findIndex((photo) => photo.id === from.photo.id),
      ordered.findIndex((photo) => photo.id === to.photo.id),
      from.sectionId,
    );
    if (photoUpdates) reorder.mutate({ photoUpdates, kind: 'reorder' });
  };

  const dragContext = useMemo(() => ({ isDragging }), [isDragging]);

  return (
    // Tooltips are the owner's alone; their provider stays out of a visitor's bundle.
    <TooltipProvider>
      <DndContext
        sensors={sensors}
        collisionDetection={collisionDetection}
        measuring={{ droppable: { strategy: MeasuringStrategy.Always } }}
        accessibility={{ announcements, screenReaderInstructions }}
        onDragStart={onDragStart}
        onDragEnd={onDragEnd}
        onDragCancel={endDrag}
      >
        <SortableContext items={items} strategy={strategy}>
          <PhotoDragContext.Provider value={dragContext}>
            <PortfolioView
              renderPhoto={(photo, tile) => (
                <SortablePortfolioPhoto photo={photo} sectionId={sectionIdOf.get(photo.id) ?? null}>
                  {tile}
                </SortablePortfolioPhoto>
              )}
            />
          </PhotoDragContext.Provider>
        </SortableContext>
        <DragOverlay>
          {active && (
            <div className="aspect-square w-full rotate-2 overflow-hidden rounded-md bg-muted shadow-xl ring-2 ring-ring">
              <PhotoImage photo={active} alt="" layout="tile" sizes="160px" className="size-full" />
            </div>
          )}
        </DragOverlay>
      </DndContext>
    </TooltipProvider>
  );
}

/** A tile of the public grid made draggable: anywhere on it by mouse or finger, by keyboard from its handle. */
function SortablePortfolioPhoto({
  photo,
  sectionId,
  children,
}: {
  photo: Photo;
  sectionId: number | null;
  children: ReactNode;
}) {
  const { attributes, setNodeRef, setActivatorNodeRef, style, dragAnywhere, isDragging } = useSortableItem(
    photoDragId(photo.id),
    { type: 'photo-reorder', photo, sectionId },
  );
  const { t } = useLingui();
  const { title } = photo;
  return (
    <div
      ref={setNodeRef}
      style={style}
      className={cn('group/sortable relative touch-manipulation', isDragging && 'z-10 opacity-40')}
      {...dragAnywhere}
    >
      {children}
      <DragHandle
        label={t`Drag ${title}`}
        hint={t`Drag to reorder`}
        activatorRef={setActivatorNodeRef}
        attributes={attributes}
        className="absolute start-1.5 top-1.5 flex size-8 cursor-grab items-center justify-center rounded-full bg-background/90 text-foreground shadow-sm transition-opacity focus-visible:opacity-100 focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none active:cursor-grabbing [@media(hover:hover)]:opacity-0 [@media(hover:hover)]:group-hover/sortable:opacity-100"
      />
    </div>
  );
}
