import { t } from '@lingui/core/macro';
import type { Active, Announcements, Over, ScreenReaderInstructions } from '@dnd-kit/core';
import { dragDataOf, sortableInfoOf } from '#client/lib/drag.ts';
import type { ContainerId } from '#client/features/photos/lib/photo-order.ts';

/** Read by dnd-kit when a drag starts; the getter reads the owner's language at that moment. */
export const screenReaderInstructions: ScreenReaderInstructions = {
  get draggable() {
    return t`To pick up this item, press Space or Enter. Use the arrow keys to move it. Press Space or Enter again to drop it in its new place, or Escape to cancel.`;
  },
};

const position = (entry: Active | Over | null | undefined) => {
  const info = sortableInfoOf(entry);
  if (!info) return undefined;
  const place = info.index + 1;
  const count = info.items.length;
  return t`position ${place} of ${count}`;
};

function nameOf(active: Active): string {
  const data = dragDataOf(active);
  if (data?.type === 'photo') {
    const title = data.photo.title;
    return t`photo ${title}`;
  }
  if (data?.type === 'category') {
    const name = data.category.name;
    return t`category ${name}`;
  }
  return t`item`;
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
  const droppedBack = (name: string) => t`${name} was dropped back in its place.`;

  return {
    onDragStart({ active }) {
      const data = dragDataOf(active);
      const name = nameOf(active);
      const at = position(active) ?? t`its place`;
      if (data?.type !== 'photo') return t`Picked up ${name}. It is at ${at}.`;
      const place = containerName(data.containerId);
      return t`Picked up ${name}. It is at ${at} in ${place}.`;
    },
    onDragOver({ active, over }) {
      const name = capitalise(nameOf(active));
      if (!over) return t`${name} is no longer over a place to drop it.`;
      // A drag starts over its own place: the pick-up message says it all.
      if (over.id === active.id) return undefined;
      if (dragDataOf(active)?.type === 'category') {
        const at = position(over) ?? '';
        return t`${name} was moved into ${at}.`;
      }
      const place = placeOf(over);
      if (!place) return undefined;
      if (place.containerId === homeOf(active)) {
        const at = dragDataOf(over)?.type === 'photo' ? position(over) : undefined;
        return at ? t`${name} was moved into ${at}.` : undefined;
      }
      const container = containerName(place.containerId);
      return t`${name} is over ${container}. Drop it to move it there.`;
    },
    onDragEnd({ active, over }) {
      const name = capitalise(nameOf(active));
      if (!over) return droppedBack(name);
      if (dragDataOf(active)?.type === 'category') {
        const at = position(over) ?? '';
        return t`${name} was dropped at ${at}.`;
      }
      const place = placeOf(over);
      if (!place) return droppedBack(name);
      if (place.containerId === homeOf(active)) {
        const at = dragDataOf(over)?.type === 'photo' ? position(over) : undefined;
        return at ? t`${name} was dropped at ${at}.` : droppedBack(name);
      }
      const container = containerName(place.containerId);
      return t`${name} was moved to ${container}.`;
    },
    onDragCancel({ active }) {
      const name = capitalise(nameOf(active));
      const at = position(active) ?? t`its place`;
      return t`Moving was cancelled. ${name} is back at ${at}.`;
    },
  };
}

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
