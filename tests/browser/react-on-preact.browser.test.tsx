import { createContext, createRef, startTransition, use, useEffect, useLayoutEffect, useState, version, type ComponentProps, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, describe, expect, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { Button } from '#client/components/ui/button.tsx';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from '#client/components/ui/dropdown-menu.tsx';
import { Tooltip, TooltipContent, TooltipProvider, TooltipTrigger } from '#client/components/ui/tooltip.tsx';

/**
 * What src/client/lib/react-on-preact.ts adds to Preact's compatibility layer, which runs the
 * client in the browser (and these tests): React 19's ref passed as a prop, use() of a context, and
 * React's order of effects, which Radix's tooltips and menus count on.
 */
let root: Root | undefined;
afterEach(() => {
  root?.unmount();
  root = undefined;
  document.body.replaceChildren();
});

function render(ui: ReactNode) {
  const element = document.createElement('div');
  document.body.append(element);
  root = createRoot(element);
  root.render(ui);
}

describe('the client on Preact', () => {
  it('runs on Preact, not React DOM', () => {
    // preact/compat tells libraries it is React 18.3.1.
    expect(version).toBe('18.3.1');
  });

  it('hands a function component its ref as a prop, as React 19 does', async () => {
    const button = createRef<HTMLButtonElement>();
    const input = createRef<HTMLInputElement>();
    function Field({ ref, ...props }: ComponentProps<'input'>) {
      return <input ref={ref} {...props} />;
    }
    render(
      <>
        <Button ref={button}>Send</Button>
        <Field ref={input} aria-label="Name" />
      </>,
    );
    await expect.element(page.getByRole('button', { name: 'Send' })).toBeVisible();
    expect(button.current).toBeInstanceOf(HTMLButtonElement);
    expect(input.current).toBeInstanceOf(HTMLInputElement);
  });

  it('reads a context with use()', async () => {
    const Greeting = createContext('nobody');
    function Hello() {
      return <p>Hello, {use(Greeting)}</p>;
    }
    render(
      <Greeting.Provider value="visitor">
        <Hello />
      </Greeting.Provider>,
    );
    await expect.element(page.getByText('Hello, visitor')).toBeVisible();
  });

  // React runs a commit's effects before the next render starts; Preact ran them a frame later,
  // after the renders that layout effects and refs asked for (docs/decisions/0014).
  describe("runs a render's effects before the next render", () => {
    function DragHandle() {
      return (
        <TooltipProvider delayDuration={0}>
          <Tooltip>
            <TooltipTrigger asChild>
              <button type="button">Drag Cove</button>
            </TooltipTrigger>
            <TooltipContent>Drag to reorder</TooltipContent>
          </Tooltip>
        </TooltipProvider>
      );
    }

    it('so a tooltip stays open on hover (it heard its own "a tooltip opened" and closed)', async () => {
      render(<DragHandle />);
      await userEvent.hover(page.getByRole('button', { name: 'Drag Cove' }));
      await expect.element(page.getByRole('tooltip', { name: 'Drag to reorder' })).toBeVisible();
    });

    // The menu took focus but not its first item: its items join Radix's collection in an effect.
    it('so a menu opened with the keyboard focuses its first item', async () => {
      render(
        <DropdownMenu>
          <DropdownMenuTrigger asChild>
            <button type="button">Move Kestrel to…</button>
          </DropdownMenuTrigger>
          <DropdownMenuContent>
            <DropdownMenuItem>Raptors</DropdownMenuItem>
            <DropdownMenuItem>Waders</DropdownMenuItem>
          </DropdownMenuContent>
        </DropdownMenu>,
      );
      (page.getByRole('button', { name: 'Move Kestrel to…' }).element() as HTMLElement).focus();
      await userEvent.keyboard('{Enter}');
      await expect.element(page.getByRole('menuitem', { name: 'Raptors' })).toHaveFocus();
      await userEvent.keyboard('{ArrowDown}');
      await expect.element(page.getByRole('menuitem', { name: 'Waders' })).toHaveFocus();
    });

    // The portfolio draws its tiles so, each batch asked for by the effect of the one before: its
    // batches once came in one task, since the effects now run before the next render.
    it('and a transition asked for in an effect renders in a task of its own', async () => {
      function Tile() {
        // A render of its own right after it mounts, as a tile's image ref asks for.
        const [, setMounted] = useState(false);
        useLayoutEffect(() => setMounted(true), []);
        return <li>tile</li>;
      }
      function Batches() {
        const [shown, setShown] = useState(2);
        useEffect(() => {
          if (shown < 8) startTransition(() => setShown(shown + 2));
        }, [shown]);
        return <ul>{Array.from({ length: shown }, (_, index) => <Tile key={index} />)}</ul>;
      }
      // A mutation observer hears at the end of each task what the task inserted.
      const tilesPerTask: number[] = [];
      const observer = new MutationObserver((records) => {
        // A set: the root's element and the list within it are added in one task.
        const tiles = new Set(
          records
            .flatMap((record) => [...record.addedNodes])
            .flatMap((node) => (node instanceof Element ? [...(node.matches('li') ? [node] : node.querySelectorAll('li'))] : [])),
        );
        tilesPerTask.push(tiles.size);
      });
      observer.observe(document.body, { childList: true, subtree: true });
      render(<Batches />);
      await expect.poll(() => document.querySelectorAll('li').length).toBe(8);
      observer.disconnect();
      expect(tilesPerTask.filter((count) => count > 0)).toEqual([2, 2, 2, 2]);
    });
  });
});
