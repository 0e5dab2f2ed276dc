import { type ComponentProps } from 'react';
import { clsx } from 'clsx';

/**
 * The tabs pattern's markup (tabs.tsx): its list, a tab and a panel, without selection or keys. A
 * view that never changes (a visitor's one tab) draws these alone and keeps `Tabs`' switching
 * code out of the first load.
 */

export const triggerId = (baseId: string, value: string) => `${baseId}-trigger-${value}`;
export const contentId = (baseId: string, value: string) => `${baseId}-content-${value}`;

/** The list's markup: `TabsList` gives it the arrow keys, which a list of one tab has no use for. */
export function TabList({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div
      role="tablist"
      aria-orientation="horizontal"
      data-orientation="horizontal"
      className={clsx('inline-flex h-10 items-center rounded-md bg-muted p-1 text-muted-foreground', className)}
      {...props}
    />
  );
}

type TabProps = ComponentProps<'button'> & { baseId: string; value: string; selected: boolean };

/** A tab's markup alone: `TabsTrigger` gives it the pattern's selection and keys. */
export function Tab({ className, baseId, value, selected, disabled = false, ...props }: TabProps) {
  return (
    <button
      type="button"
      role="tab"
      aria-selected={selected}
      aria-controls={contentId(baseId, value)}
      data-state={selected ? 'active' : 'inactive'}
      data-disabled={disabled ? '' : undefined}
      data-orientation="horizontal"
      disabled={disabled}
      id={triggerId(baseId, value)}
      // The selected tab is the list's one tab stop; the arrow keys reach the others.
      tabIndex={selected ? 0 : -1}
      className={clsx(
        'inline-flex cursor-pointer items-center justify-center gap-1.5 rounded-sm px-3 py-1.5 text-sm font-medium whitespace-nowrap transition-colors hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none disabled:pointer-events-none disabled:opacity-50 data-[state=active]:bg-background data-[state=active]:text-foreground data-[state=active]:shadow-sm [&_svg]:size-4',
        className,
      )}
      {...props}
    />
  );
}

/** The panel of the tab `value`, as `Tab` names it. */
export function TabPanel({ className, baseId, value, ...props }: ComponentProps<'div'> & { baseId: string; value: string }) {
  return (
    <div
      role="tabpanel"
      data-state="active"
      data-orientation="horizontal"
      aria-labelledby={triggerId(baseId, value)}
      id={contentId(baseId, value)}
      tabIndex={0}
      className={clsx('focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none', className)}
      {...props}
    />
  );
}
