import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useId, useState, type KeyboardEvent } from 'react';
import { ChevronDown, Eye, EyeOff, FileText } from 'lucide-react';
import { rectSortingStrategy, SortableContext, type SortingStrategy } from '@dnd-kit/sortable';
import { ArrowUpDown, Check, Pencil, Trash2, X } from 'lucide-react';
import { CATEGORY_DESCRIPTION_MAX, CreateCategoryRequest, type Category } from '#contract/categories.ts';
import type { Photo } from '#contract/photos.ts';
import { DragHandle } from '#client/components/drag-handle.tsx';
import { Badge } from '#client/components/ui/badge.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { cn } from '#client/lib/utils.ts';
import { useUpdateCategory } from '#client/features/categories/api/update-category.ts';
import { CategoryLayoutPicker } from '#client/features/categories/components/category-layout-picker.tsx';
import { CategoryVisibilityPicker, visibilityLabels } from '#client/features/categories/components/category-visibility-picker.tsx';
import { CategoryRightsButton } from '#client/features/categories/components/category-rights-dialog.tsx';
import { GalleryLinksButton } from '#client/features/galleries/components/gallery-links-dialog.tsx';
import { CategoryWatermarkButton } from '#client/features/watermarks/components/category-watermark-dialog.tsx';
import { categoryDragId, photoDragId, useSortableItem } from '#client/lib/drag.ts';
import { sortModeLabels, type ContainerId, type SortMode } from '#client/features/photos/lib/photo-order.ts';
import { usePlacePhotos } from '#client/features/photos/api/get-place-photos.ts';
import { PlaceGridEnd } from '#client/features/photos/components/place-grid-end.tsx';
import { AdminPhotoTile, type MoveTarget, type SelectHow } from '#client/features/photos/components/admin-photo-tile.tsx';
import { Textarea } from '#client/components/ui/textarea.tsx';
import { useUnsavedChanges } from '#client/lib/unsaved-changes.ts';

/** In a sorted view the tiles stay put while dragging: only the stored order can be rearranged. */
const staticStrategy: SortingStrategy = () => null;

/** Four thumbnails a row in a card at most half the page wide. */
const THUMBNAIL_SIZES = '(min-width: 1024px) 170px, 25vw';

export interface CategoryCardProps {
  category: Category;
  /** How many photos the category holds; their pages are fetched as its grid scrolls near. */
  count: number;
  sortMode: SortMode;
  onSortModeChange: (mode: SortMode) => void;
  /** A photo from elsewhere is being dragged over this card. */
  isDropTarget: boolean;
  moveTargetsFor: (containerId: ContainerId) => MoveTarget[];
  onEditPhoto: (photo: Photo) => void;
  onDeletePhoto: (photo: Photo) => void;
  onMovePhoto: (photo: Photo, target: ContainerId) => void;
  onDelete: (category: Category) => void;
  selectedIds: { has: (id: number) => boolean };
  selecting: boolean;
  onSelectPhoto: (photo: Photo, how: SelectHow) => void;
  allSelected: boolean;
  onSelectAll: () => void;
  /** Folded to its header: the list of categories stays short however many photos they hold. */
  collapsed: boolean;
  onToggleCollapsed: () => void;
}

/**
 * One category of the manager. Renamed inline, deleted, dragged by its handle to reorder;
 * a drop target for photos; its photos in a 4-column grid, sortable in its stored order.
 */
export function CategoryCard({
  category,
  count,
  sortMode,
  onSortModeChange,
  isDropTarget,
  moveTargetsFor,
  onEditPhoto,
  onDeletePhoto,
  onMovePhoto,
  onDelete,
  selectedIds,
  selecting,
  onSelectPhoto,
  allSelected,
  onSelectAll,
  collapsed,
  onToggleCollapsed,
}: CategoryCardProps) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, style, isDragging } = useSortableItem(
    categoryDragId(category.id),
    { type: 'category', category },
  );
  const headingId = useId();
  const sortId = useId();
  // A folded card fetches nothing; an open one a page at a time, as its grid's end comes near.
  const place = usePlacePhotos(category.id, sortMode, { count, open: !collapsed });
  const shown = place.photos;
  const reorderable = sortMode === 'order';
  const moveTargets = moveTargetsFor(category.id);
  const contentId = useId();
  const update = useUpdateCategory();
  const [descriptionDraft, setDescriptionDraft] = useState<string | null>(null);
  useUnsavedChanges(descriptionDraft !== null && descriptionDraft !== (category.description ?? ''));
  const { t } = useLingui();
  const { name } = category;
  const sortLabels = sortModeLabels();

  return (
    <li
      ref={setNodeRef}
      style={style}
      className={cn(isDragging && 'relative z-10 rounded-lg outline-2 outline-offset-2 outline-ring outline-dashed [&_img]:opacity-40')}
    >
      <section
        aria-labelledby={headingId}
        className={cn(
          'rounded-lg border bg-card transition-shadow',
          isDropTarget && 'border-ring ring-2 ring-ring ring-offset-2 ring-offset-background',
        )}
      >
        <div className="flex flex-wrap items-center gap-x-2 gap-y-1 border-b p-2 sm:p-3">
          <DragHandle
            label={t`Drag category ${name}`}
            hint={t`Drag to reorder`}
            activatorRef={setActivatorNodeRef}
            attributes={attributes}
            listeners={listeners}
            className="flex size-11 shrink-0 cursor-grab touch-manipulation items-center justify-center rounded-md text-muted-foreground hover:bg-accent hover:text-accent-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none active:cursor-grabbing sm:size-9"
          />

          <Button
            variant="ghost"
            size="icon"
            className="size-11 shrink-0 sm:size-9"
            aria-expanded={!collapsed}
            aria-controls={contentId}
            aria-label={collapsed ? t`Show the photos of ${name}` : t`Fold ${name}`}
            onClick={onToggleCollapsed}
          >
            <ChevronDown className={cn('transition-transform', collapsed && '-rotate-90 rtl:rotate-90')} aria-hidden />
          </Button>

          <CategoryTitle category={category} headingId={headingId} count={count} onDelete={onDelete} />

          <Button
            variant="ghost"
            size="icon"
            className="size-11 shrink-0 sm:size-9"
            aria-pressed={category.hidden}
            aria-label={category.hidden ? t`Publish ${name}` : t`Hide ${name} from visitors`}
            title={category.hidden ? t`Hidden from visitors: click to publish` : t`Hide from visitors while you arrange it`}
            disabled={update.isPending}
            onClick={() => update.mutate({ id: category.id, changes: { hidden: !category.hidden } })}
          >
            {category.hidden ? <EyeOff aria-hidden /> : <Eye aria-hidden />}
          </Button>
          {category.hidden && (
            <Badge variant="outline">
              <Trans>Hidden</Trans>
            </Badge>
          )}
          {category.visibility !== 'public' && <Badge variant="outline">{visibilityLabels()[category.visibility]}</Badge>}

          <div className="flex w-full items-center gap-2 sm:w-auto">
            <label htmlFor={sortId} className="sr-only">
              <Trans>Sort photos in {name}</Trans>
            </label>
            <ArrowUpDown className="ms-1 size-4 shrink-0 text-muted-foreground sm:ms-0" aria-hidden />
            <select
              id={sortId}
              value={sortMode}
              onChange={(event) => onSortModeChange(event.target.value as SortMode)}
              className="h-11 w-full cursor-pointer rounded-md border border-input bg-background px-2 text-sm focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:outline-none sm:h-9 sm:w-auto"
            >
              {(Object.keys(sortLabels) as SortMode[]).map((mode) => (
                <option key={mode} value={mode}>
                  {sortLabels[mode]}
                </option>
              ))}
            </select>
          </div>
        </div>

        <div id={contentId} hidden={collapsed} className="p-2 sm:p-3">
          <CategoryDescription
            category={category}
            draft={descriptionDraft}
            onDraftChange={setDescriptionDraft}
            saving={update.isPending}
            onSave={(description) =>
              update.mutate({ id: category.id, changes: { description } }, { onSuccess: () => setDescriptionDraft(null) })
            }
          />
          <div className="mb-2 flex flex-wrap items-start justify-between gap-x-2">
            <div className="flex flex-wrap items-center gap-x-2">
              <CategoryLayoutPicker category={category} />
              <CategoryVisibilityPicker category={category} />
            </div>
            <div className="flex flex-wrap items-center gap-x-1">
              <GalleryLinksButton category={category} />
              <CategoryRightsButton category={category} />
              <CategoryWatermarkButton category={category} />
            </div>
          </div>
          {count > 0 && (
            <div className="mb-2 flex justify-end">
              <Button variant="ghost" className="h-11 sm:h-8" aria-pressed={allSelected} onClick={onSelectAll}>
                {allSelected ? t`Select none` : t`Select all`}
                <span className="sr-only">
                  {' '}
                  <Trans>in {name}</Trans>
                </span>
              </Button>
            </div>
          )}
          {!reorderable && count > 1 && (
            <p className="mb-2 text-xs text-muted-foreground">
              <Trans>Choose Upload Order to rearrange by dragging.</Trans>
            </p>
          )}
          <SortableContext
            items={shown.map((photo) => photoDragId(photo.id))}
            strategy={reorderable ? rectSortingStrategy : staticStrategy}
          >
            {count === 0 ? (
              <p
                className={cn(
                  'rounded-md border border-dashed px-3 py-6 text-center text-sm text-muted-foreground',
                  isDropTarget && 'border-ring bg-accent',
                )}
              >
                <Trans>Drop photos here from the photo bank, or use a photo's Move to… button.</Trans>
              </p>
            ) : (
              <ul aria-label={t`Photos in ${name}`} className="grid grid-cols-4 gap-1.5 sm:gap-2">
                {shown.map((photo) => (
                  <AdminPhotoTile
                    key={photo.id}
                    photo={photo}
                    containerId={category.id}
                    moveTargets={moveTargets}
                    onEdit={onEditPhoto}
                    onDelete={onDeletePhoto}
                    onMove={onMovePhoto}
                    dragHint={reorderable ? t`Drag to reorder` : t`Drag to another category`}
                    sizes={THUMBNAIL_SIZES}
                    selected={selectedIds.has(photo.id)}
                    selecting={selecting}
                    onSelect={onSelectPhoto}
                  />
                ))}
                {!collapsed && <PlaceGridEnd place={place} />}
              </ul>
            )}
          </SortableContext>
        </div>
      </section>
    </li>
  );
}

/** The description visitors read under the category's name, edited in place. */
function CategoryDescription({
  category,
  draft,
  onDraftChange,
  saving,
  onSave,
}: {
  category: Category;
  draft: string | null;
  onDraftChange: (draft: string | null) => void;
  saving: boolean;
  onSave: (description: string) => void;
}) {
  const inputId = useId();
  const { t } = useLingui();
  const { name } = category;
  if (draft === null) {
    return (
      <div className="mb-2 flex items-start gap-2">
        <p className={cn('min-w-0 flex-1 text-sm break-words whitespace-pre-line', !category.description && 'text-muted-foreground italic')}>
          {category.description ?? t`No description`}
        </p>
        <Button variant="ghost" className="h-11 shrink-0 sm:h-8" onClick={() => onDraftChange(category.description ?? '')}>
          <FileText aria-hidden />
          <Trans>Edit description</Trans>
          <span className="sr-only">
            {' '}
            <Trans>of {name}</Trans>
          </span>
        </Button>
      </div>
    );
  }
  const tooLong = draft.trim().length > CATEGORY_DESCRIPTION_MAX;
  return (
    <div className="mb-3 grid gap-2">
      <label htmlFor={inputId} className="text-sm font-medium">
        <Trans>Description of {name}</Trans>
      </label>
      <Textarea
        id={inputId}
        rows={3}
        value={draft}
        autoFocus
        aria-invalid={tooLong || undefined}
        onChange={(event) => onDraftChange(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Escape') {
            event.preventDefault();
            event.stopPropagation();
            onDraftChange(null);
          }
        }}
      />
      {tooLong && (
        <p className="text-sm text-destructive">
          <Trans>Description must be at most 1000 characters</Trans>
        </p>
      )}
      <div className="flex justify-end gap-2">
        <Button variant="outline" className="h-11 sm:h-9" onClick={() => onDraftChange(null)}>
          <Trans>Cancel</Trans>
        </Button>
        <Button className="h-11 sm:h-9" disabled={saving || tooLong} onClick={() => onSave(draft)}>
          {saving ? t`Saving...` : t`Save description`}
        </Button>
      </div>
    </div>
  );
}

/** The name, or while renaming an input: Enter saves, Escape cancels, a blank name is ignored. */
function CategoryTitle({
  category,
  headingId,
  count,
  onDelete,
}: {
  category: Category;
  headingId: string;
  count: number;
  onDelete: (category: Category) => void;
}) {
  const [draft, setDraft] = useState<string | null>(null);
  const update = useUpdateCategory();
  const inputId = useId();
  const { t } = useLingui();
  const { name } = category;
  useUnsavedChanges(draft !== null && draft.trim() !== category.name);

  const save = () => {
    if (draft === null) return;
    const newName = draft.trim();
    setDraft(null);
    if (!newName || newName === category.name) return;
    update.mutate({ id: category.id, changes: { name: newName } });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      save();
    } else if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      setDraft(null);
    }
  };

  if (draft !== null) {
    const parsed = CreateCategoryRequest.shape.name.safeParse(draft);
    const problem = draft.trim() && !parsed.success ? parsed.error.issues[0]?.message : undefined;
    return (
      <div className="flex min-w-0 flex-1 flex-wrap items-center gap-1">
        <h3 id={headingId} className="sr-only">
          {category.name}
        </h3>
        <label htmlFor={inputId} className="sr-only">
          <Trans>Category name</Trans>
        </label>
        <Input
          id={inputId}
          value={draft}
          autoFocus
          maxLength={200}
          aria-invalid={problem ? true : undefined}
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={onKeyDown}
          className="h-11 min-w-0 flex-1 sm:h-9"
        />
        <Button variant="ghost" size="icon" className="size-11 sm:size-9" aria-label={t`Save name`} disabled={Boolean(problem)} onClick={save}>
          <Check aria-hidden />
        </Button>
        <Button variant="ghost" size="icon" className="size-11 sm:size-9" aria-label={t`Cancel renaming`} onClick={() => setDraft(null)}>
          <X aria-hidden />
        </Button>
        {problem && <p className="w-full text-sm text-destructive">{problem}</p>}
      </div>
    );
  }

  // The new name shows while the server saves it; a refusal brings the old one back.
  const shownName = update.isPending ? (update.variables.changes.name ?? category.name) : category.name;
  return (
    // On a phone the name takes the header's first row of its own: beside the handle, the fold and
    // the eye it had the width of a few letters ("Land sc…"); and the whole row, its count and 44 px
    // buttons under it: beside them a long word was cut ("Hochzeitsgesellscha-ft").
    <div className="flex min-w-0 flex-1 items-center gap-1 max-sm:order-first max-sm:min-w-full max-sm:flex-wrap">
      <h3 id={headingId} className="line-clamp-2 min-w-0 font-semibold [overflow-wrap:anywhere] max-sm:basis-full" title={shownName}>
        {shownName}
      </h3>
      <Badge variant="secondary" className="mx-1">
        {count}
        <span className="sr-only">
          {' '}
          <Plural value={count} other="photo(s)" />
        </span>
      </Badge>
      {[
        { key: 'rename', label: t`Rename ${name}`, Icon: Pencil, className: 'ms-auto', onClick: () => setDraft(category.name) },
        { key: 'delete', label: t`Delete ${name}`, Icon: Trash2, className: 'hover:text-destructive', onClick: () => onDelete(category) },
      ].map(({ key, label, Icon, className, onClick }) => (
        <Button
          key={key}
          variant="ghost"
          size="icon"
          className={cn('size-11 shrink-0 sm:size-9', className)}
          aria-label={label}
          onClick={onClick}
        >
          <Icon aria-hidden />
        </Button>
      ))}
    </div>
  );
}
