import type { ReactNode, SyntheticEvent } from 'react';
import { Check, FolderInput, Pencil, Trash2 } from 'lucide-react';
import type { Photo } from '#contract/photos.ts';
import { DragHandle } from '#client/components/drag-handle.tsx';
import { Button } from '#client/components/ui/button.tsx';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuTrigger,
} from '#client/components/ui/dropdown-menu.tsx';
import { PhotoImage } from './photo-image.tsx';
import { cn } from '#client/lib/utils.ts';
import { photoDragId, useSortableItem } from '#client/lib/drag.ts';
import { useIsRecentUpload } from '#client/features/photos/lib/recent-uploads.ts';
import type { ContainerId } from '#client/features/photos/lib/photo-order.ts';

export interface MoveTarget {
  id: ContainerId;
  label: string;
}

/** How a click selects: this photo alone, added or taken away (Ctrl/Cmd), or a range (Shift). */
export type SelectHow = 'only' | 'toggle' | 'range';

export interface AdminPhotoTileProps {
  photo: Photo;
  containerId: ContainerId;
  /** Where "Move to…" can send the photo: the other categories, and the bank for a categorised photo. */
  moveTargets: MoveTarget[];
  onEdit: (photo: Photo) => void;
  onDelete: (photo: Photo) => void;
  onMove: (photo: Photo, target: ContainerId) => void;
  /** The handle's hover hint: reordering, or only moving elsewhere when the grid is sorted. */
  dragHint: string;
  /** The rendered width, for the browser's choice of image. */
  sizes: string;
  selected?: boolean;
  /** Some photo is selected, or select mode is on: every tile shows its checkbox. */
  selecting?: boolean;
  onSelect?: (photo: Photo, how: SelectHow) => void;
}

/** The buttons on a tile take their own clicks and presses: none of them starts a drag. */
const keepFromDrag = {
  onPointerDown: (event: SyntheticEvent) => event.stopPropagation(),
  onTouchStart: (event: SyntheticEvent) => event.stopPropagation(),
  onKeyDown: (event: SyntheticEvent) => event.stopPropagation(),
};

/**
 * Small, so the tile's middle stays free to press and drag; 44 px buttons need a tile menu instead
 * (a bank tile is 65–100 px wide).
 */
const tileButton =
  'h-6 w-auto min-w-0 flex-1 rounded-sm text-white hover:bg-white/25 hover:text-white focus-visible:ring-white focus-visible:ring-offset-0 sm:h-7 [&_svg:not([class*=size-])]:size-3.5';

/**
 * A photo of the admin grids: dragged by mouse or finger anywhere on it, or by keyboard from its
 * handle; with edit, delete and "Move to…" buttons and its title under it.
 */
export function AdminPhotoTile({
  photo,
  containerId,
  moveTargets,
  onEdit,
  onDelete,
  onMove,
  dragHint,
  sizes,
  selected = false,
  selecting = false,
  onSelect,
}: AdminPhotoTileProps) {
  const { attributes, setNodeRef, setActivatorNodeRef, style, dragAnywhere, isDragging } = useSortableItem(
    photoDragId(photo.id),
    { type: 'photo', photo, containerId },
  );
  const isNew = useIsRecentUpload(photo.id);

  return (
    <li
      ref={setNodeRef}
      style={style}
      // While dragged, the tile stays as a faded placeholder; its caption stays readable.
      className={cn('group relative grid min-w-0 content-start gap-1', isDragging && 'z-10 [&_img]:opacity-40')}
      data-recent-upload={isNew ? '' : undefined}
      {...dragAnywhere}
    >
      <div
        className={cn(
          'relative aspect-square cursor-grab touch-manipulation overflow-hidden rounded-md bg-muted select-none [-webkit-touch-callout:none] active:cursor-grabbing',
          selected && 'ring-3 ring-primary ring-offset-1 ring-offset-background',
          // The latest upload stands out where it landed, first in its place.
          isNew && !selected && 'ring-2 ring-primary ring-offset-2 ring-offset-background',
        )}
        onClick={(event) => onSelect?.(photo, event.shiftKey ? 'range' : event.ctrlKey || event.metaKey ? 'toggle' : 'only')}
      >
        <PhotoImage photo={photo} alt={photo.title} layout="tile" sizes={sizes} className="pointer-events-none size-full" />
        <DragHandle
          label={`Drag ${photo.title}`}
          hint={dragHint}
          activatorRef={setActivatorNodeRef}
          attributes={attributes}
          className={cn(
            'absolute top-1 left-1 flex size-7 cursor-grab items-center justify-center rounded-full bg-background/90 text-foreground shadow-sm focus-visible:opacity-100 focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none active:cursor-grabbing',
            // A finger drags the whole tile after a press; the handle is for the mouse and the keyboard.
            '[@media(hover:none)]:opacity-0',
          )}
          iconClassName="size-3.5"
        />
        {isNew && (
          <span className="pointer-events-none absolute top-1.5 left-1/2 -translate-x-1/2 rounded-full bg-primary px-2 py-0.5 text-[0.65rem] font-semibold text-primary-foreground shadow-sm">
            New
          </span>
        )}

        {onSelect && (
          <button
            type="button"
            role="checkbox"
            aria-checked={selected}
            aria-label={`Select ${photo.title}`}
            className={cn(
              'absolute top-1 right-1 flex size-7 items-center justify-center rounded-full border-2 border-white bg-black/40 text-white shadow-sm transition-opacity focus-visible:opacity-100 focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none',
              selected && 'border-primary bg-primary text-primary-foreground',
              !selected && !selecting && '[@media(hover:hover)]:opacity-0 [@media(hover:hover)]:group-hover:opacity-100 [@media(hover:none)]:hidden',
            )}
            {...keepFromDrag}
            onClick={(event) => {
              event.stopPropagation();
              onSelect(photo, event.shiftKey ? 'range' : 'toggle');
            }}
          >
            {selected && <Check className="size-4" aria-hidden />}
          </button>
        )}

        <div
          onClick={(event) => event.stopPropagation()}
          className="absolute inset-x-0 bottom-0 flex items-center bg-black/55 transition-opacity [@media(hover:hover)]:opacity-0 [@media(hover:hover)]:group-focus-within:opacity-100 [@media(hover:hover)]:group-hover:opacity-100"
          {...keepFromDrag}
        >
          <Button variant="ghost" size="icon" className={tileButton} aria-label={`Edit ${photo.title}`} onClick={() => onEdit(photo)}>
            <Pencil aria-hidden />
          </Button>
          <MoveMenu photo={photo} targets={moveTargets} onMove={onMove}>
            <Button variant="ghost" size="icon" className={tileButton} aria-label={`Move ${photo.title} to…`}>
              <FolderInput aria-hidden />
            </Button>
          </MoveMenu>
          <Button
            variant="ghost"
            size="icon"
            className={tileButton}
            aria-label={`Delete ${photo.title}`}
            onClick={() => onDelete(photo)}
          >
            <Trash2 aria-hidden />
          </Button>
        </div>
      </div>
      <p className="truncate text-xs text-muted-foreground" title={photo.title}>
        {photo.title}
      </p>
    </li>
  );
}

function MoveMenu({
  photo,
  targets,
  onMove,
  children,
}: {
  photo: Photo;
  targets: MoveTarget[];
  onMove: (photo: Photo, target: ContainerId) => void;
  children: ReactNode;
}) {
  return (
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger asChild>{children}</DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuLabel>Move to…</DropdownMenuLabel>
        {targets.length === 0 ? (
          <DropdownMenuItem disabled>Create a category first</DropdownMenuItem>
        ) : (
          targets.map((target) => (
            <DropdownMenuItem key={target.id ?? 'bank'} onSelect={() => onMove(photo, target.id)}>
              {target.label}
            </DropdownMenuItem>
          ))
        )}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

/** What follows the pointer during a photo drag: the photo itself, lifted. */
export function PhotoDragPreview({ photo }: { photo: Photo }) {
  return (
    <div className="aspect-square w-full rotate-2 cursor-grabbing overflow-hidden rounded-md bg-muted shadow-xl ring-2 ring-ring">
      <PhotoImage photo={photo} alt="" layout="tile" sizes="160px" className="size-full" />
    </div>
  );
}
