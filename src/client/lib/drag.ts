import type { SyntheticEvent } from 'react';
import {
  closestCenter,
  KeyboardSensor,
  PointerSensor,
  pointerWithin,
  TouchSensor,
  useSensor,
  useSensors,
  type Active,
  type CollisionDetection,
  type DroppableContainer,
  type KeyboardCoordinateGetter,
  type Over,
  type PointerSensorOptions,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import { sortableKeyboardCoordinates, useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import type { Category } from '#contract/categories.ts';
import type { Photo } from '#contract/photos.ts';

/**
 * What is being dragged, or what lies under it: the `data` of every draggable and droppable.
 * In the admin workspace a photo's `containerId` is its category's id, or null for the photo bank;
 * on the owner's public grid a `photo-reorder` names the section the photo is shown in (null for Other).
 */
export type DragData =
  | { type: 'photo'; photo: Photo; containerId: number | null }
  | { type: 'category'; category: Category }
  | { type: 'bank' }
  | PhotoReorderData;

export interface PhotoReorderData {
  type: 'photo-reorder';
  photo: Photo;
  sectionId: number | null;
}

export const photoDragId = (id: number) => `photo-${id}`;
export const categoryDragId = (id: number) => `category-${id}`;
export const BANK_DROP_ID = 'bank';

/** The position a sortable item reports, from 0. */
interface SortableInfo {
  index: number;
  items: UniqueIdentifier[];
}

export function dragDataOf(entry: Active | Over | DroppableContainer | null | undefined): DragData | undefined {
  return entry?.data.current as DragData | undefined;
}

/** The public grid accepts a drag only when its data says it is a photo being reordered. */
export function reorderDataOf(entry: Active | Over | null | undefined): PhotoReorderData | undefined {
  const data = dragDataOf(entry);
  return data?.type === 'photo-reorder' ? data : undefined;
}

export function sortableInfoOf(entry: Active | Over | null | undefined): SortableInfo | undefined {
  return (entry?.data.current as { sortable?: SortableInfo } | undefined)?.sortable;
}

/**
 * One item of a sortable grid, set up the same way in the admin workspace and on the public grid:
 * `style` moves it while others are dragged, `dragAnywhere` lets a mouse or finger drag it from
 * any point (the keyboard uses its handle), and `setActivatorNodeRef` with `attributes` go on that handle.
 * `disabled`: an item shown where it cannot be dragged (a search's results).
 */
export function useSortableItem(id: UniqueIdentifier, data: DragData, { disabled = false }: { disabled?: boolean } = {}) {
  const sortable = useSortable({ id, data, disabled });
  return {
    ...sortable,
    style: { transform: CSS.Translate.toString(sortable.transform), transition: sortable.transition },
    dragAnywhere: {
      ...sortable.listeners,
      // A long press on a phone would open the image's menu instead of starting the drag.
      onContextMenu: (event: SyntheticEvent) => event.preventDefault(),
    },
  };
}

/**
 * Mouse and pen only: a finger goes to the TouchSensor below. Otherwise the pointer sensor,
 * listening first, would take every touch and a swipe meant to scroll the page would drag.
 */
class MouseAndPenSensor extends PointerSensor {
  static override activators = [
    {
      eventName: 'onPointerDown' as const,
      handler: ({ nativeEvent }: { nativeEvent: PointerEvent }, options: PointerSensorOptions) => {
        if (nativeEvent.pointerType === 'touch' || !nativeEvent.isPrimary || nativeEvent.button !== 0) return false;
        options.onActivation?.({ event: nativeEvent });
        return true;
      },
    },
  ];
}

/** How far a mouse moves, and how long a finger rests, before a drag starts. */
export const POINTER_ACTIVATION_DISTANCE = 8;
export const TOUCH_PRESS_DELAY = 250;
const TOUCH_TOLERANCE = 8;

/**
 * Mouse (after a few pixels, so clicks stay clicks), touch (after a short press, so swipes still
 * scroll), and keyboard (Space or Enter on the handle, arrows to move, Space to drop, Escape to cancel).
 */
export function useDragSensors(keyboardCoordinates: KeyboardCoordinateGetter = sortableKeyboardCoordinates) {
  return useSensors(
    useSensor(MouseAndPenSensor, { activationConstraint: { distance: POINTER_ACTIVATION_DISTANCE } }),
    useSensor(TouchSensor, { activationConstraint: { delay: TOUCH_PRESS_DELAY, tolerance: TOUCH_TOLERANCE } }),
    useSensor(KeyboardSensor, { coordinateGetter: keyboardCoordinates }),
  );
}

const ofType = (containers: DroppableContainer[], ...types: DragData['type'][]) =>
  containers.filter((container) => {
    const type = dragDataOf(container)?.type;
    return type !== undefined && types.includes(type);
  });

/**
 * A category only ever lands among categories. A photo lands on the photo under the pointer; in
 * the gaps of its own grid, on the nearest of its neighbours; elsewhere on the category card or
 * the photo bank under the pointer. By keyboard (no pointer) it goes to the nearest photo.
 */
export const adminCollisionDetection: CollisionDetection = (args) => {
  const active = dragDataOf(args.active);
  if (active?.type === 'category') {
    return closestCenter({ ...args, droppableContainers: ofType(args.droppableContainers, 'category') });
  }
  const photos = ofType(args.droppableContainers, 'photo');
  if (!args.pointerCoordinates) return closestCenter({ ...args, droppableContainers: photos });

  const photoHits = pointerWithin({ ...args, droppableContainers: photos });
  if (photoHits.length > 0) return photoHits;

  const containerHits = pointerWithin({ ...args, droppableContainers: ofType(args.droppableContainers, 'category', 'bank') });
  const [first] = containerHits;
  const home = active?.type === 'photo' ? active.containerId : undefined;
  const hitData = first ? dragDataOf(args.droppableContainers.find((container) => container.id === first.id)) : undefined;
  const hitsHome =
    (hitData?.type === 'category' && hitData.category.id === home) || (hitData?.type === 'bank' && home === null);
  if (hitsHome) {
    const neighbours = photos.filter((container) => {
      const data = dragDataOf(container);
      return data?.type === 'photo' && data.containerId === home;
    });
    return closestCenter({ ...args, droppableContainers: neighbours });
  }
  return containerHits;
};

/**
 * dnd-kit's sortable arrow-key movement, looking only at droppables of the dragged kind: a card's
 * own photos would otherwise be the "next item down" from the card itself.
 */
export const adminKeyboardCoordinates: KeyboardCoordinateGetter = (event, args) => {
  const { droppableContainers, active } = args.context;
  const kind = dragDataOf(active)?.type === 'category' ? 'category' : 'photo';
  // The map's class is not exported; its own constructor makes a filtered copy with its methods.
  const Copy = droppableContainers.constructor as new (
    entries: Iterable<[UniqueIdentifier, DroppableContainer]>,
  ) => typeof droppableContainers;
  const filtered = new Copy([...droppableContainers].filter(([, container]) => dragDataOf(container)?.type === kind));
  return sortableKeyboardCoordinates(event, { ...args, context: { ...args.context, droppableContainers: filtered } });
};
