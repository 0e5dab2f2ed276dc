import type { Active, Announcements, Over, ScreenReaderInstructions } from '@dnd-kit/core';
import { dragDataOf, sortableInfoOf } from '#client/lib/drag.ts';
import type { ContainerId } from '#client/features/photos/lib/photo-order.ts';

export const screenReaderInstructions: ScreenReaderInstructions = {
  draggable:
    'To pick up this item, press Space or Enter. Use the arrow keys to move it. ' +
    'Press Space or Enter again to drop it in its new place, or Escape to cancel.',
};

const position = (entry: Active | Over | null | undefined) => {
  const info = sortableInfoOf(entry);
  return info ? `position ${info.index + 1} of ${info.items.length}` : undefined;
};

function nameOf(active: Active): string {
  const data = dragDataOf(active);
  if (data?.type === 'photo') return `photo ${data.photo.title}`;
  if (data?.type === 'category') return `category ${data.category.name}`;
  return 'item';
}

/** The place a droppable stands for: a category, the photo bank, or nothing. */
function placeOf(over: Over | null): { containerId: ContainerId } | undefined {
  const data = dragDataOf(over);
  if (data?.type === 'photo') return { containerId: data.containerId };
  if (data?.type === 'category') return { containerId: data.category.id };
  if (data?.type === 'bank') return { containerId: null };
  return undefined;
}

/**
 * What a screen reader hears while the owner drags in the admin area, in plain words:
 * "Picked up photo Sunset. It is at position 2 of 5 in Landscapes."
 */
export function adminAnnouncements(containerName: (id: ContainerId) => string): Announcements {
  const homeOf = (active: Active) => {
    const data = dragDataOf(active);
    return data?.type === 'photo' ? data.containerId : undefined;
  };

  return {
    onDragStart({ active }) {
      const data = dragDataOf(active);
      const where = data?.type === 'photo' ? ` in ${containerName(data.containerId)}` : '';
      return `Picked up ${nameOf(active)}. It is at ${position(active) ?? 'its place'}${where}.`;
    },
    onDragOver({ active, over }) {
      const name = nameOf(active);
      if (!over) return `${capitalise(name)} is no longer over a place to drop it.`;
      // A drag starts over its own place: the pick-up message says it all.
      if (over.id === active.id) return undefined;
      if (dragDataOf(active)?.type === 'category') return `${capitalise(name)} was moved into ${position(over)}.`;
      const place = placeOf(over);
      if (!place) return undefined;
      if (place.containerId === homeOf(active)) {
        const at = dragDataOf(over)?.type === 'photo' ? position(over) : undefined;
        return at ? `${capitalise(name)} was moved into ${at}.` : undefined;
      }
      return `${capitalise(name)} is over ${containerName(place.containerId)}. Drop it to move it there.`;
    },
    onDragEnd({ active, over }) {
      const name = nameOf(active);
      if (!over) return `${capitalise(name)} was dropped back in its place.`;
      if (dragDataOf(active)?.type === 'category') return `${capitalise(name)} was dropped at ${position(over)}.`;
      const place = placeOf(over);
      if (!place) return `${capitalise(name)} was dropped back in its place.`;
      if (place.containerId === homeOf(active)) {
        const at = dragDataOf(over)?.type === 'photo' ? position(over) : undefined;
        return at ? `${capitalise(name)} was dropped at ${at}.` : `${capitalise(name)} was dropped back in its place.`;
      }
      return `${capitalise(name)} was moved to ${containerName(place.containerId)}.`;
    },
    onDragCancel({ active }) {
      return `Moving was cancelled. ${capitalise(nameOf(active))} is back at ${position(active) ?? 'its place'}.`;
    },
  };
}

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
