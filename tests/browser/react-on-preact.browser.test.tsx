import { createContext, createRef, use, version, type ComponentProps, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import { Button } from '#client/components/ui/button.tsx';

/**
 * What src/client/lib/react-on-preact.ts adds to Preact's compatibility layer, which runs the
 * client in the browser (and these tests): React 19's ref passed as a prop, and use() of a context.
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
});
