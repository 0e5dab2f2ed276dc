import { useState } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, describe, expect, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '#client/components/ui/tabs.tsx';

/**
 * The tabs' selection: once per press, and in manual mode never on focus alone. The owner's tabs
 * ask before dropping unsaved edits on each selection, so a second one asked twice.
 */
let root: Root | undefined;
afterEach(() => {
  root?.unmount();
  root = undefined;
  document.body.replaceChildren();
});

function renderTabs(activationMode: 'automatic' | 'manual') {
  const asked: string[] = [];
  function TwoTabs() {
    const [tab, setTab] = useState('one');
    return (
      <Tabs
        value={tab}
        activationMode={activationMode}
        onValueChange={(value) => {
          asked.push(value);
          setTab(value);
        }}
      >
        <TabsList aria-label="View">
          <TabsTrigger value="one">One</TabsTrigger>
          <TabsTrigger value="two">Two</TabsTrigger>
        </TabsList>
        <TabsContent value="one">First panel</TabsContent>
        <TabsContent value="two">Second panel</TabsContent>
      </Tabs>
    );
  }
  const element = document.createElement('div');
  document.body.append(element);
  root = createRoot(element);
  root.render(<TwoTabs />);
  return asked;
}

async function focusFirstTab() {
  const first = page.getByRole('tab', { name: 'One' });
  await expect.element(first).toBeVisible();
  (first.element() as HTMLElement).focus();
}

describe('tabs', () => {
  it('select once per press, in either mode', async () => {
    for (const mode of ['automatic', 'manual'] as const) {
      const asked = renderTabs(mode);
      await page.getByRole('tab', { name: 'Two' }).click();
      await expect.element(page.getByText('Second panel')).toBeVisible();
      expect(asked, mode).toEqual(['two']);
      root?.unmount();
      document.body.replaceChildren();
    }
  });

  it('select on focus when automatic, and only on Enter or Space when manual', async () => {
    const automatic = renderTabs('automatic');
    await focusFirstTab();
    await userEvent.keyboard('{ArrowRight}');
    await expect.element(page.getByText('Second panel')).toBeVisible();
    expect(automatic).toEqual(['two']);
    root?.unmount();
    document.body.replaceChildren();

    const manual = renderTabs('manual');
    await focusFirstTab();
    await userEvent.keyboard('{ArrowRight}');
    await expect.element(page.getByRole('tab', { name: 'Two' })).toHaveFocus();
    expect(manual).toEqual([]);
    await expect.element(page.getByText('First panel')).toBeVisible();
    await userEvent.keyboard('{Enter}');
    await expect.element(page.getByText('Second panel')).toBeVisible();
    expect(manual).toEqual(['two']);
  });
});
