import { createContext, useContext } from 'react';

/**
 * Whether the owner is dragging a photo right now. The drop at the end of a drag also fires a
 * click on the tile under the pointer; tiles ignore clicks while this says true (spec §2).
 * The owner's reorder wrapper provides it; visitors never drag, so the default is false.
 */
export const PhotoDragContext = createContext<{ isDragging: boolean }>({ isDragging: false });

export function useIsDraggingPhoto(): boolean {
  return useContext(PhotoDragContext).isDragging;
}
