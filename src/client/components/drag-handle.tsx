import type { DraggableAttributes, DraggableSyntheticListeners } from '@dnd-kit/core';
import { GripVertical } from 'lucide-react';
import { Tooltip, TooltipContent, TooltipTrigger } from '#client/components/ui/tooltip.tsx';

export interface DragHandleProps {
  /** The handle's accessible name, e.g. "Drag Sunset". */
  label: string;
  /** The hover hint: what a drag from here does. */
  hint: string;
  /** From the sortable item: the handle is where the keyboard starts a drag. */
  activatorRef: (element: HTMLElement | null) => void;
  attributes: DraggableAttributes;
  /** Given when only the handle, not the whole item, starts a pointer drag. */
  listeners?: DraggableSyntheticListeners;
  className: string;
  iconClassName?: string;
}

/** The grip button of a sortable item, with its hint. */
export function DragHandle({ label, hint, activatorRef, attributes, listeners, className, iconClassName = 'size-4' }: DragHandleProps) {
  return (
    <Tooltip>
      <TooltipTrigger asChild>
        <button ref={activatorRef} type="button" {...attributes} {...listeners} aria-label={label} className={className}>
          <GripVertical className={iconClassName} aria-hidden />
        </button>
      </TooltipTrigger>
      <TooltipContent>{hint}</TooltipContent>
    </Tooltip>
  );
}
