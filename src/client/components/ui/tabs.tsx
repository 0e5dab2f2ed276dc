import { createContext, use, useId, type ComponentProps, type KeyboardEvent } from 'react';
import { clsx } from 'clsx';

/**
 * The WAI-ARIA tabs pattern as Radix Tabs implements it (automatic activation, roving tab stop,
 * arrow keys looping, Home/End), written out: it is in every visitor's first load, where Radix Tabs
 * with its roving-focus, collection and presence layers cost about 5 KB gzip (the first-load budget of scripts/bundle-size.mjs).
 */
interface TabsContextValue {
  baseId: string;
  value: string;
  onValueChange: (value: string) => void;
}

const TabsContext = createContext<TabsContextValue | null>(null);

function useTabsContext(component: string): TabsContextValue {
  const context = use(TabsContext);
  if (!context) throw new Error(`${component} must be inside <Tabs>`);
  return context;
}

const triggerId = (baseId: string, value: string) => `${baseId}-trigger-${value}`;
const contentId = (baseId: string, value: string) => `${baseId}-content-${value}`;

export function Tabs({
  value,
  onValueChange,
  ...props
}: Omit<ComponentProps<'div'>, 'defaultValue'> & { value: string; onValueChange: (value: string) => void }) {
  const baseId = useId();
  return (
    <TabsContext value={{ baseId, value, onValueChange }}>
      <div data-orientation="horizontal" {...props} />
    </TabsContext>
  );
}

/** Arrow keys move to the previous/next tab (looping), Home and End to the first and last. */
function moveFocus(event: KeyboardEvent<HTMLDivElement>) {
  const keys = ['ArrowLeft', 'ArrowRight', 'Home', 'End'];
  if (!keys.includes(event.key) || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
  const tabs = [...event.currentTarget.querySelectorAll<HTMLButtonElement>('[role="tab"]:not(:disabled)')];
  const current = tabs.indexOf(event.target as HTMLButtonElement);
  if (current === -1 || tabs.length === 0) return;
  event.preventDefault();
  const last = tabs.length - 1;
  const next =
    event.key === 'Home'
      ? 0
      : event.key === 'End'
        ? last
        : event.key === 'ArrowRight'
          ? (current + 1) % tabs.length
          : (current - 1 + tabs.length) % tabs.length;
  tabs[next]?.focus();
}

export function TabsList({ className, onKeyDown, ...props }: ComponentProps<'div'>) {
  return (
    <div
      role="tablist"
      aria-orientation="horizontal"
      data-orientation="horizontal"
      className={clsx('inline-flex h-10 items-center rounded-md bg-muted p-1 text-muted-foreground', className)}
      onKeyDown={(event) => {
        onKeyDown?.(event);
        if (!event.defaultPrevented) moveFocus(event);
      }}
      {...props}
    />
  );
}

export function TabsTrigger({ className, value, disabled = false, ...props }: ComponentProps<'button'> & { value: string }) {
  const context = useTabsContext('TabsTrigger');
  const selected = value === context.value;
  return (
    <button
      type="button"
      role="tab"
      aria-selected={selected}
      aria-controls={contentId(context.baseId, value)}
      data-state={selected ? 'active' : 'inactive'}
      data-disabled={disabled ? '' : undefined}
      data-orientation="horizontal"
      disabled={disabled}
      id={triggerId(context.baseId, value)}
      // The selected tab is the list's one tab stop; the arrow keys reach the others.
      tabIndex={selected ? 0 : -1}
      className={clsx(
        'inline-flex cursor-pointer items-center justify-center gap-1.5 rounded-sm px-3 py-1.5 text-sm font-medium whitespace-nowrap transition-colors hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none disabled:pointer-events-none disabled:opacity-50 data-[state=active]:bg-background data-[state=active]:text-foreground data-[state=active]:shadow-sm [&_svg]:size-4',
        className,
      )}
      {...props}
      // Like Radix: a press of the main button selects at once, without waiting for the click.
      onMouseDown={(event) => {
        props.onMouseDown?.(event);
        if (event.defaultPrevented) return;
        if (event.button === 0 && !event.ctrlKey) {
          event.currentTarget.focus();
          context.onValueChange(value);
        } else {
          event.preventDefault();
        }
      }}
      onKeyDown={(event) => {
        props.onKeyDown?.(event);
        if (event.defaultPrevented || event.target !== event.currentTarget) return;
        if (event.key === ' ' || event.key === 'Enter') context.onValueChange(value);
      }}
      // Automatic activation: a tab reached with the keyboard is selected.
      onFocus={(event) => {
        props.onFocus?.(event);
        if (!selected && !disabled) context.onValueChange(value);
      }}
    />
  );
}

/** Only the selected tab's panel is rendered. */
export function TabsContent({ className, value, ...props }: ComponentProps<'div'> & { value: string }) {
  const context = useTabsContext('TabsContent');
  if (value !== context.value) return null;
  return (
    <div
      role="tabpanel"
      data-state="active"
      data-orientation="horizontal"
      aria-labelledby={triggerId(context.baseId, value)}
      id={contentId(context.baseId, value)}
      tabIndex={0}
      className={clsx('focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none', className)}
      {...props}
    />
  );
}
