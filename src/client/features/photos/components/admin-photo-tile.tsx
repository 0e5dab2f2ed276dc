import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useRef, useState, type SyntheticEvent } from 'react';
import { Check, Ellipsis, FolderInput, Pencil, Trash2 } from 'lucide-react';
import type { Photo } from '#contract/photos.ts';
import { DragHandle } from '#client/components/drag-handle.tsx';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '#client/components/ui/dropdown-menu.tsx';
import { PhotoImage } from './photo-image.tsx';
import { cn } from '#client/lib/utils.ts';
import { photoDragId, useSortableItem } from '#client/lib/drag.ts';
import { useIsRecentUpload } from '#client/features/photos/lib/recent-uploads.ts';
import type { ContainerId } from '#client/features/photos/lib/photo-order.ts';
import { altOf } from '#contract/alt-text.ts';
import { VideoBadge } from './video-badge.tsx';

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
  /** The title under the photo; the dense photo bank leaves it to screen readers and the hover hint. */
  showTitle?: boolean;
  /** False where the tile is not part of a sortable grid (a search's results): no handle, no drag. */
  draggable?: boolean;
}

/** The select box takes its own clicks and presses: it never starts a drag. */
const keepFromDrag = {
  onPointerDown: (event: SyntheticEvent) => event.stopPropagation(),
  onTouchStart: (event: SyntheticEvent) => event.stopPropagation(),
  onKeyDown: (event: SyntheticEvent) => event.stopPropagation(),
};

/**
 * A photo of the admin grids: dragged by mouse or finger anywhere on it, or by keyboard from its
 * handle; its edit, move and delete buttons along its foot (on a touch screen, behind one menu button), and its
 * title under it (or, in the dense photo bank, only for screen readers and as a hover hint).
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
  showTitle = true,
  draggable = true,
}: AdminPhotoTileProps) {
  const { attributes, setNodeRef, setActivatorNodeRef, style, dragAnywhere, isDragging } = useSortableItem(
    photoDragId(photo.id),
    { type: 'photo', photo, containerId },
    { disabled: !draggable },
  );
  const isNew = useIsRecentUpload(photo.id);
  const { t } = useLingui();
  const { title } = photo;

  return (
    <li
      ref={setNodeRef}
      style={style}
      // While dragged, the tile stays as a faded placeholder; its caption stays readable.
      className={cn('group relative grid min-w-0 content-start gap-1', isDragging && 'z-10 [&_img]:opacity-40')}
      data-recent-upload={isNew ? '' : undefined}
      {...(draggable ? dragAnywhere : {})}
    >
      <div className="relative">
        <div
          className={cn(
            'relative aspect-square touch-manipulation overflow-hidden rounded-md bg-muted select-none [-webkit-touch-callout:none]',
            draggable ? 'cursor-grab active:cursor-grabbing' : 'cursor-pointer',
          )}
          title={showTitle ? undefined : photo.title}
          onClick={(event) => onSelect?.(photo, event.shiftKey ? 'range' : event.ctrlKey || event.metaKey ? 'toggle' : 'only')}
        >
          <PhotoImage photo={photo} alt={altOf(photo)} layout="tile" sizes={sizes} className="pointer-events-none size-full" />
          {photo.video && <VideoBadge video={photo.video} />}
          {/* Drawn inside the tile, so a tight grid (and the bank's scroll box) never clips it. */}
          {(selected || isNew) && (
            <span
              aria-hidden
              className={cn(
                'pointer-events-none absolute inset-0 rounded-md ring-inset',
                selected ? 'ring-3 ring-primary' : 'ring-2 ring-primary',
              )}
            />
          )}
          {draggable && (
            <DragHandle
              label={t`Drag ${title}`}
              hint={dragHint}
              activatorRef={setActivatorNodeRef}
              attributes={attributes}
              className={cn(
                'absolute start-1 top-1 flex size-7 cursor-grab items-center justify-center rounded-full bg-background/90 text-foreground shadow-sm focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none active:cursor-grabbing',
                // A finger drags the whole tile after a press; the handle is for the mouse and the
                // keyboard, so on a touch screen it is no target until the keyboard reaches it.
                '[@media(hover:none)]:not-focus-visible:sr-only',
              )}
              iconClassName="size-3.5"
            />
          )}
          {isNew && (
            <span className="pointer-events-none absolute top-1.5 left-1/2 -translate-x-1/2 rounded-full bg-primary px-2 py-0.5 text-[0.65rem] font-semibold text-primary-foreground shadow-sm">
              <Trans>New</Trans>
            </span>
          )}

          {onSelect && (
            <button
              type="button"
              role="checkbox"
              aria-checked={selected}
              aria-label={t`Select ${title}`}
              className={cn(
                'absolute end-1 top-1 flex size-7 items-center justify-center rounded-full border-2 border-white bg-black/40 text-white shadow-sm transition-opacity focus-visible:opacity-100 focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none',
                // On a touch screen the whole tile is the target in select mode (a tap toggles); this only shows the state.
                'pointer-coarse:pointer-events-none',
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
        </div>

        <TileButtons photo={photo} targets={moveTargets} onEdit={onEdit} onDelete={onDelete} onMove={onMove} />
        <TileMenu
          photo={photo}
          targets={moveTargets}
          onEdit={onEdit}
          onDelete={onDelete}
          onMove={onMove}
          isDragging={isDragging}
          // In select mode a tap selects, and the selection bar acts on the photos.
          hiddenOnTouch={selecting}
        />
      </div>
      <p className={cn('truncate text-xs text-muted-foreground', !showTitle && 'sr-only')} title={photo.title}>
        {photo.title}
      </p>
    </li>
  );
}

/**
 * On a touch screen, the tile's one control: a 44 px menu button in its bottom corner with Edit,
 * Move to… and Delete. On
 * a small tile it reaches the tile's middle: a press on it must still drag the tile. So the press
 * is let through to dnd-kit (whose drags start only after a move or a held touch), and the menu
 * opens on the click, as a tap or a still click ends, instead of on pointerdown as Radix would;
 * the click that may end a drag opens nothing. Enter, Space and the arrow keys open it as usual.
 */
function TileMenu({
  photo,
  targets,
  onEdit,
  onDelete,
  onMove,
  isDragging,
  hiddenOnTouch,
}: {
  photo: Photo;
  targets: MoveTarget[];
  onEdit: (photo: Photo) => void;
  onDelete: (photo: Photo) => void;
  onMove: (photo: Photo, target: ContainerId) => void;
  isDragging: boolean;
  hiddenOnTouch: boolean;
}) {
  const [open, setOpen] = useState(false);
  const dragged = useRef(false);
  const { t } = useLingui();
  const { title } = photo;
  useEffect(() => {
    if (isDragging) dragged.current = true;
  }, [isDragging]);

  return (
    <DropdownMenu modal={false} open={open} onOpenChange={setOpen}>
      <DropdownMenuTrigger asChild>
        <button
          type="button"
          aria-label={t`Actions for ${title}`}
          className={cn(
            'group/menu absolute end-0 bottom-0 hidden size-11 items-end justify-end rounded-full p-1 focus-visible:outline-none pointer-coarse:flex',
            hiddenOnTouch && 'pointer-coarse:hidden',
          )}
          onPointerDown={(event) => {
            dragged.current = false;
            // Skips Radix's open-on-pointerdown: this press may yet become a drag.
            event.preventDefault();
          }}
          onKeyDown={(event) => event.stopPropagation()}
          onClick={(event) => {
            event.stopPropagation();
            if (!dragged.current) setOpen((wasOpen) => !wasOpen);
          }}
        >
          <span className="flex size-7 items-center justify-center rounded-full bg-black/60 text-white shadow-sm ring-1 ring-white/40 group-hover/menu:bg-black/80 group-focus-visible/menu:ring-2 group-focus-visible/menu:ring-ring">
            <Ellipsis className="size-4" aria-hidden />
          </span>
        </button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuItem onSelect={() => onEdit(photo)}>
          <Pencil aria-hidden />
          <Trans>Edit</Trans>
        </DropdownMenuItem>
        <DropdownMenuSeparator />
        <MoveItems photo={photo} targets={targets} onMove={onMove} />
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={() => onDelete(photo)}>
          <Trash2 aria-hidden />
          <Trans>Delete</Trans>
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

function MoveItems({ photo, targets, onMove }: { photo: Photo; targets: MoveTarget[]; onMove: (photo: Photo, target: ContainerId) => void }) {
  return (
    <>
      <DropdownMenuLabel>
        <Trans>Move to…</Trans>
      </DropdownMenuLabel>
      {targets.length === 0 ? (
        <DropdownMenuItem disabled>
          <Trans>Create a category first</Trans>
        </DropdownMenuItem>
      ) : (
        targets.map((target) => (
          <DropdownMenuItem key={target.id ?? 'bank'} onSelect={() => onMove(photo, target.id)}>
            <FolderInput aria-hidden />
            {target.label}
          </DropdownMenuItem>
        ))
      )}
    </>
  );
}

/**
 * With a mouse, the spec's edit and delete buttons (and "Move to…") in a strip along the tile's
 * foot, shown on hover or focus: small, so the tile's middle stays free to press and drag. A touch
 * screen gets the one 44 px menu button instead, since three 44 px targets do not fit a bank tile.
 */
function TileButtons({
  photo,
  targets,
  onEdit,
  onDelete,
  onMove,
}: {
  photo: Photo;
  targets: MoveTarget[];
  onEdit: (photo: Photo) => void;
  onDelete: (photo: Photo) => void;
  onMove: (photo: Photo, target: ContainerId) => void;
}) {
  const button =
    'flex h-7 min-w-0 flex-1 items-center justify-center rounded-sm text-white hover:bg-white/25 focus-visible:ring-2 focus-visible:ring-white focus-visible:outline-none [&_svg]:size-3.5';
  const { t } = useLingui();
  const { title } = photo;
  return (
    <div
      onClick={(event) => event.stopPropagation()}
      className="absolute inset-x-0 bottom-0 flex items-center rounded-b-md bg-black/55 opacity-0 transition-opacity group-focus-within:opacity-100 group-hover:opacity-100 has-data-[state=open]:opacity-100 pointer-coarse:hidden"
      {...keepFromDrag}
    >
      <button type="button" className={button} aria-label={t`Edit ${title}`} onClick={() => onEdit(photo)}>
        <Pencil aria-hidden />
      </button>
      <DropdownMenu modal={false}>
        <DropdownMenuTrigger asChild>
          <button type="button" className={button} aria-label={t`Move ${title} to…`}>
            <FolderInput aria-hidden />
          </button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end">
          <MoveItems photo={photo} targets={targets} onMove={onMove} />
        </DropdownMenuContent>
      </DropdownMenu>
      <button type="button" className={button} aria-label={t`Delete ${title}`} onClick={() => onDelete(photo)}>
        <Trash2 aria-hidden />
      </button>
    </div>
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
