import { act } from '@testing-library/react';
import { serializeProps } from 'astro/runtime/server/serialize.js';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';

// A page's seed reaches its island as a JSON block inside the island (src/components/carried-seed.tsx),
// not in Astro's island props. The module tells the server from the browser by `window`, so the
// server's half is the module loaded without one.

interface Seed {
  name: string;
  tracks: { id: string; liked: boolean }[];
}

const seed: Seed = { name: 'Aasmaan </script><img src=x onerror=alert(1)> <!-- Duniya', tracks: [{ id: 't1', liked: true }, { id: 't2', liked: false }] };

async function carriedSeedOn(side: 'server' | 'browser') {
  vi.resetModules();
  if (side === 'server') vi.stubGlobal('window', undefined);
  try {
    return await import('../../../src/components/carried-seed');
  } finally {
    vi.unstubAllGlobals();
  }
}

const seen: Seed[] = [];
function View({ seed }: { seed: Seed }) {
  seen.push(seed);
  return (
    <ol aria-label={seed.name}>
      {seed.tracks.map((track) => (
        <li key={track.id}>{track.id}</li>
      ))}
    </ol>
  );
}

/** The island's HTML as the server renders it, and the props the browser gets: the block's id alone. */
async function serverRender(): Promise<{ html: string; props: { block: string } }> {
  const { carry, withCarriedSeed } = await carriedSeedOn('server');
  const Island = withCarriedSeed(View);
  const carried = carry(seed);
  return { html: renderToString(<Island seed={carried} />), props: { block: carried.block } };
}

afterEach(() => {
  seen.length = 0;
  document.body.innerHTML = '';
});

describe('a seed carried to its island', () => {
  it("leaves Astro's island props the block's id alone: the serializer sees no seed", async () => {
    const { carry } = await carriedSeedOn('server');
    const carried = carry(seed);
    expect(serializeProps({ seed: carried }, { displayName: 'AlbumView', astroStaticSlot: true })).toBe(`{"seed":[0,{"block":[0,"${carried.block}"]}]}`);
  });

  it('is written by the server as a JSON block that no name in it can end, marked for the router not to keep it', async () => {
    const { html, props } = await serverRender();
    // data-astro-rerun: Astro's router keeps no copy of a marked inline script (shell.spec checks the heap).
    const block = html.match(/<script type="application\/json" id="([^"]+)" data-astro-rerun="">(.*?)<\/script>/s);
    expect(block?.[1]).toBe(props.block);
    expect(html).not.toContain('</script><img');
    expect(html).not.toContain('<!-- Duniya');
    expect(JSON.parse(block![2]!)).toEqual(seed);
    expect(seen).toEqual([seed]);
  });

  it('is read back by the browser before the first render, and hydrates with nothing to mend', async () => {
    const { html, props } = await serverRender();
    const { withCarriedSeed } = await carriedSeedOn('browser');
    const Island = withCarriedSeed(View);
    const container = document.body.appendChild(document.createElement('div'));
    container.innerHTML = html;
    const textBefore = container.querySelector('script')!.textContent;
    seen.length = 0;
    const recoverable = vi.fn();
    // In the browser the island's props carry the block's id alone: that is what Astro revives.
    const root = await act(async () => hydrateRoot(container, <Island seed={props as never} />, { onRecoverableError: recoverable }));
    expect(recoverable).not.toHaveBeenCalled();
    expect(seen).toEqual([seed]);
    expect(container.querySelector('ol')!.getAttribute('aria-label')).toBe(seed.name);
    expect(container.querySelector('script')!.textContent).toBe(textBefore);
    act(() => root.unmount());
  });

  it('is an error, not an empty page, when its block is missing', async () => {
    const { withCarriedSeed } = await carriedSeedOn('browser');
    const Island = withCarriedSeed(View);
    // React reports the render's error; act (a test's) may throw it as well.
    const errors: unknown[] = [];
    const root = createRoot(document.body.appendChild(document.createElement('div')), { onUncaughtError: (error) => errors.push(error) });
    try {
      await act(async () => root.render(<Island seed={{ block: 'seed-404' } as never} />));
    } catch (error) {
      errors.push(error);
    }
    expect(errors.length).toBeGreaterThan(0);
    for (const error of errors) expect(String(error)).toContain('is not in the page');
    expect(seen).toEqual([]);
    act(() => root.unmount());
  });

  it("names the player's mark the server rendered the rows with; the browser hydrates from it, then shows the player's own", async () => {
    /** The island's modules on one side, loaded together so the rows read the context the island provides. */
    const sideOf = async (side: 'server' | 'browser') => {
      const carried = await carriedSeedOn(side);
      const { useNowPlaying } = await import('../../../src/components/browse/use-now-playing');
      const { SHOWN_MARK, SHOWN_MARK_ATTRIBUTE } = await import('../../../src/lib/playing-mark');
      const Row = ({ id }: { id: string }) => {
        const { isCurrent, isPlaying } = useNowPlaying(id);
        return <li aria-current={isCurrent ? 'true' : undefined}>{isPlaying ? 'playing' : id}</li>;
      };
      const Rows = ({ seed }: { seed: Seed }) => <ol>{seed.tracks.map((track) => <Row key={track.id} id={track.id} />)}</ol>;
      return { ...carried, Island: carried.withCarriedSeed(Rows), SHOWN_MARK, SHOWN_MARK_ATTRIBUTE };
    };
    const server = await sideOf('server');
    const carried = server.carry({ ...seed, [server.SHOWN_MARK]: { trackId: 't2', isPlaying: true } });
    const html = renderToString(<server.Island seed={carried} />);
    const container = document.body.appendChild(document.createElement('div'));
    container.innerHTML = html;
    const marked = () => [...container.querySelectorAll('li')].map((row) => `${row.textContent}${row.getAttribute('aria-current') ? '*' : ''}`);
    expect(JSON.parse(container.querySelector('script')!.getAttribute(server.SHOWN_MARK_ATTRIBUTE)!)).toEqual({ trackId: 't2', isPlaying: true });
    // Not in the seed's own JSON: the block carries the seed as it was.
    expect(JSON.parse(container.querySelector('script')!.textContent!)).toEqual(seed);
    expect(marked()).toEqual(['t1', 'playing*']);

    // The browser's player holds nothing (it has not started from the page's answer): the rows hydrate as marked, then unmark.
    const browser = await sideOf('browser');
    const recoverable = vi.fn();
    const root = await act(async () => hydrateRoot(container, <browser.Island seed={{ block: carried.block } as never} />, { onRecoverableError: recoverable }));
    expect(recoverable).not.toHaveBeenCalled();
    expect(marked()).toEqual(['t1', 't2']);
    act(() => root.unmount());
  });
});
