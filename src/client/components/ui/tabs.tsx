import { createContext, use, useId, useRef, type ComponentProps, type KeyboardEvent } from 'react';
import { Tab, TabList, TabPanel } from './tab-markup.tsx';

/**
 * The WAI-ARIA tabs pattern as Radix Tabs implements it (automatic or manual activation, roving
 * tab stop, arrow keys looping, Home/End), written out: Radix Tabs, with its roving-focus, collection and
 * presence layers, cost about 5 KB gzip of every visitor's first load (the budget of
 * scripts/bundle-size.mjs), where the markup (tab-markup.tsx) still is.
 */
interface TabsContextValue {
  baseId: string;
  value: string;
  onValueChange: (value: string) => void;
  activationMode: ActivationMode;
}

/** Automatic: a tab reached with the keyboard is selected. Manual: only a press, Enter or Space selects. */
type ActivationMode = 'automatic' | 'manual';

const TabsContext = createContext<TabsContextValue | null>(null);

function useTabsContext(component: string): TabsContextValue {
  const context = use(TabsContext);
  if (!context) throw new Error(`${component} must be inside <Tabs>`);
  return context;
}

export function Tabs({
  value,
  onValueChange,
  activationMode = 'automatic',
  ...props
}: Omit<ComponentProps<'div'>, 'defaultValue'> & { value: string; onValueChange: (value: string) => void; activationMode?: ActivationMode }) {
  const baseId = useId();
  return (
    <TabsContext value={{ baseId, value, onValueChange, activationMode }}>
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

export function TabsList({ onKeyDown, ...props }: ComponentProps<'div'>) {
  return (
    <TabList
      onKeyDown={(event) => {
        onKeyDown?.(event);
        if (!event.defaultPrevented) moveFocus(event);
      }}
      {...props}
    />
  );
}

export function TabsTrigger({ value, disabled = false, ...props }: ComponentProps<'button'> & { value: string }) {
  const context = useTabsContext('TabsTrigger');
  const selected = value === context.value;
  // The press focuses the tab itself; that focus is not a second selection.
  const pressing = useRef(false);
  return (
    <Tab
      baseId={context.baseId}
      value={value}
      selected={selected}
      disabled={disabled}
      {...props}
      // Like Radix: a press of the main button selects at once, without waiting for the click.
      onMouseDown={(event) => {
        props.onMouseDown?.(event);
        if (event.defaultPrevented) return;
        if (event.button === 0 && !event.ctrlKey) {
          pressing.current = true;
          event.currentTarget.focus();
          pressing.current = false;
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
      onFocus={(event) => {
        props.onFocus?.(event);
        if (!selected && !disabled && !pressing.current && context.activationMode === 'automatic') context.onValueChange(value);
      }}
    />
  );
}

/** Only the selected tab's panel is rendered. */
export function TabsContent({ value, ...props }: ComponentProps<'div'> & { value: string }) {
  const context = useTabsContext('TabsContent');
  if (value !== context.value) return null;
  return <TabPanel baseId={context.baseId} value={value} {...props} />;
}
