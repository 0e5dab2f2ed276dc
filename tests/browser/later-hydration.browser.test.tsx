import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'preact-render-to-string';
import { describe, expect, it, vi } from 'vitest';
import { HydrateLater, hydrateInParts, LATER_PART, laterPartsHydrated } from '#client/lib/later-hydration.tsx';

/**
 * A server-drawn screen taken over in two tasks (src/client/lib/later-hydration.tsx): its grids a
 * task after the rest, on the same nodes the server drew.
 */
function Screen({ onHeader, onTile }: { onHeader: () => void; onTile: () => void }) {
  return (
    <main>
      <button onClick={onHeader}>About</button>
      <HydrateLater>
        <ul {...LATER_PART}>
          <li>
            <button onClick={onTile}>Harbour</button>
          </li>
        </ul>
      </HydrateLater>
    </main>
  );
}

describe('hydrateInParts', () => {
  it('takes over the header at once and a grid a task later, keeping every node the server drew', async () => {
    const onHeader = vi.fn();
    const onTile = vi.fn();
    const markup = renderToString(<Screen onHeader={onHeader} onTile={onTile} />);
    const container = document.createElement('div');
    container.innerHTML = markup;
    document.body.append(container);
    const drawn = container.innerHTML;
    const [header, tile] = [...container.querySelectorAll('button')];

    hydrateInParts(() => hydrateRoot(container, <Screen onHeader={onHeader} onTile={onTile} />));
    header!.click();
    tile!.click();
    expect(onHeader).toHaveBeenCalledTimes(1);
    // The grid is still the server's drawing: nothing answers its tile yet.
    expect(onTile).not.toHaveBeenCalled();

    await laterPartsHydrated();
    tile!.click();
    expect(onTile).toHaveBeenCalledTimes(1);
    expect([...container.querySelectorAll('button')]).toEqual([header, tile]);
    expect(container.innerHTML).toBe(drawn);
    container.remove();
  });
});
