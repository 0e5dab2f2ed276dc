import { createContext, useContext } from 'react';

/**
 * Whether the owner is dragging a photo right now. The drop at the end of a drag also fires a
 * click on the tile under the pointer; tiles ignore clicks while this says true, so a drop never
 * opens the photo. The owner's reorder wrapper provides it; visitors never drag, so the default is
 * false. Kept apart from drag.ts: every visitor's tile reads it, and dnd-kit stays out of their first load.
 */
export const PhotoDragContext = createContext<{ isDragging: boolean }>({ isDragging: false });

export function useIsDraggingPhoto(): boolean {
  return useContext(PhotoDragContext).isDragging;
}
