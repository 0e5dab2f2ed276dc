import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { ArrowDownAZ, CheckSquare, FolderInput, Trash2, X } from 'lucide-react';
import type { PhotoOrderKey } from '#contract/photos.ts';
import { Button } from '#client/components/ui/button.tsx';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuTrigger,
} from '#client/components/ui/dropdown-menu.tsx';
import type { MoveTarget } from '#client/features/photos/components/admin-photo-tile.tsx';
import type { ContainerId } from '#client/features/photos/lib/photo-order.ts';

const ORDER_KEYS: PhotoOrderKey[] = ['title', 'taken', 'upload'];
export interface SelectionBarProps {
  count: number;
  /** The bank and every category. */
  moveTargets: MoveTarget[];
  pending: boolean;
  onMove: (target: ContainerId) => void;
  onOrder: (by: PhotoOrderKey) => void;
  onDelete: () => void;
  onClear: () => void;
}

/**
 * What to do with the selected photos, each action one request: stays at the bottom of the screen
 * while the photos are in view, so the owner can select far down and act at once.
 */
export function SelectionBar({ count, moveTargets, pending, onMove, onOrder, onDelete, onClear }: SelectionBarProps) {
  const { t } = useLingui();
  const orderLabels: Record<PhotoOrderKey, string> = {
    title: t`By title`,
    taken: t`By date taken`,
    upload: t`By upload`,
  };
  return (
    <div
      role="toolbar"
      aria-label={t`Selected photos`}
      className="sticky bottom-3 z-30 flex flex-wrap items-center gap-2 rounded-lg border bg-card p-2 shadow-lg"
    >
      <p className="me-auto px-2 text-sm font-medium" aria-live="polite">
        <Plural value={count} other="# selected" />
      </p>
      <DropdownMenu modal={false}>
        <DropdownMenuTrigger asChild>
          <Button variant="outline" className="h-11" disabled={pending}>
            <FolderInput aria-hidden />
            <Trans>Move to…</Trans>
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end">
          <DropdownMenuLabel>
            <Plural value={count} other="Move # photo(s) to…" />
          </DropdownMenuLabel>
          {moveTargets.map((target) => (
            <DropdownMenuItem key={target.id ?? 'bank'} onSelect={() => onMove(target.id)}>
              {target.label}
            </DropdownMenuItem>
          ))}
        </DropdownMenuContent>
      </DropdownMenu>
      <DropdownMenu modal={false}>
        <DropdownMenuTrigger asChild>
          <Button variant="outline" className="h-11" disabled={pending}>
            <ArrowDownAZ aria-hidden />
            <Trans>Order</Trans>
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end">
          <DropdownMenuLabel>
            <Trans>Order the selected photos</Trans>
          </DropdownMenuLabel>
          {ORDER_KEYS.map((key) => (
            <DropdownMenuItem key={key} onSelect={() => onOrder(key)}>
              {orderLabels[key]}
            </DropdownMenuItem>
          ))}
        </DropdownMenuContent>
      </DropdownMenu>
      <Button variant="outline" className="h-11 hover:text-destructive" disabled={pending} onClick={onDelete}>
        <Trash2 aria-hidden />
        <Trans>Delete</Trans>
      </Button>
      <Button variant="ghost" size="icon" className="size-11" aria-label={t`Clear the selection`} onClick={onClear}>
        <X aria-hidden />
      </Button>
    </div>
  );
}

/** "Select": turns select mode on and off; leaving it clears the selection. */
export function SelectModeButton({ on, onChange, onLeave }: { on: boolean; onChange: (on: boolean) => void; onLeave: () => void }) {
  return (
    <Button
      variant={on ? 'default' : 'outline'}
      className="h-11"
      aria-pressed={on}
      onClick={() => {
        if (on) onLeave();
        onChange(!on);
      }}
    >
      <CheckSquare aria-hidden />
      <Trans>Select</Trans>
    </Button>
  );
}
