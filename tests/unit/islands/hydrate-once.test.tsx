import { act, cleanup } from '@testing-library/react';
import { atom } from 'nanostores';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Track } from '../../../src/api/types';
import { TrackList } from '../../../src/components/browse/TrackList';
import { SeededIsland, useStore } from '../../../src/components/server-snapshot';
import { $likedTracks } from '../../../src/stores/library';
import { $player } from '../../../src/stores/player';

// A server-rendered page hydrates and is then left alone: no part of it renders a second time
// because hydration ended (the player's row, the screen's drags), only what the browser knows better than the server did. Every row draws its artists'
// links, so counting ArtistLinks' renders counts the rows'.
const renders = vi.hoisted(() => ({ rows: 0, page: 0 }));
vi.mock('../../../src/components/browse/ArtistLinks', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../../src/components/browse/ArtistLinks')>();
  return { ...actual, ArtistLinks: (props: Parameters<typeof actual.ArtistLinks>[0]) => (renders.rows++, actual.ArtistLinks(props)) };
});

const tracks: Track[] = Array.from({ length: 12 }, (_, index) => ({
  id: `t${index}`,
  name: `Song ${index}`,
  uri: `spotify:track:t${index}`,
  durationMs: 180_000,
  artists: [{ id: 'a1', name: 'Artist' }],
  album: { id: 'al1', name: 'Album', images: [] },
}));

const $page = atom<{ tracks: Track[] } | null>(null);

function Page() {
  renders.page++;
  const page = useStore($page);
  return <TrackList tracks={page?.tracks ?? []} label="Tracks" />;
}

/** The island as a page places it: its seed, and the stores' values after adopting it (a copy, as the areas' adopt makes). */
function Island({ adopted }: { adopted: { tracks: Track[] } }) {
  const liked = { t1: true };
  return (
    <SeededIsland
      snapshot={() => new Map<unknown, unknown>([[$page, { tracks }], [$likedTracks, liked]])}
      adopt={() => {
        $page.set(structuredClone(adopted));
        $likedTracks.set({ ...liked });
      }}
    >
      <Page />
    </SeededIsland>
  );
}

/** The hydrated islands, unmounted after each test (a mounted one would go on rendering its rows). */
const roots: Root[] = [];

/** The server's HTML of the island, then the browser's hydration of it, with its recoverable errors. */
async function hydrate(adopted: { tracks: Track[] }) {
  const container = document.body.appendChild(document.createElement('div'));
  container.innerHTML = renderToString(<Island adopted={{ tracks }} />);
  // What only the browser knows: a wide screen with a mouse drags rows (the server's HTML has none).
  expect(container.querySelectorAll('.track-row[draggable="true"]')).toHaveLength(0);
  $page.set(null);
  renders.rows = 0;
  renders.page = 0;
  const problems: unknown[] = [];
  await act(async () => {
    roots.push(hydrateRoot(container, <Island adopted={adopted} />, { onRecoverableError: (error) => problems.push(error) }));
  });
  return { container, problems };
}

beforeEach(() => {
  // A wide screen with a mouse, where rows are draggable once hydrated.
  vi.stubGlobal('matchMedia', (query: string) => ({ matches: true, media: query, addEventListener() {}, removeEventListener() {} }));
});

afterEach(() => {
  for (const root of roots.splice(0)) act(() => root.unmount());
  $player.setKey('currentPlayingTrack', null);
  $player.setKey('playback', null);
  cleanup();
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

describe('a server-rendered page', () => {
  it('renders each row once while hydrating and never again when hydration ends; its rows then drag', async () => {
    const { container, problems } = await hydrate({ tracks });
    expect(problems).toEqual([]);
    expect(renders.page).toBe(1);
    expect(renders.rows).toBe(tracks.length);
    expect(container.querySelectorAll('.track-row[draggable="true"]')).toHaveLength(tracks.length);
    expect(container.querySelector('[data-track-id="t1"] .like-button')?.getAttribute('aria-label')).toMatch(/^Remove from Liked/);
  });

  it('hydrates from what the server rendered where the store knows better, then shows the store', async () => {
    const renamed = structuredClone(tracks);
    renamed[0]!.name = 'Renamed';
    const { container, problems } = await hydrate({ tracks: renamed });
    expect(problems).toEqual([]);
    expect(renders.page).toBeGreaterThan(1);
    expect(container.querySelector('[data-track-id="t0"] .track-row__title')?.textContent).toBe('Renamed');
  });

  it("marks the playing track's row once hydrated, and a new track or a pause renders the rows it concerns alone", async () => {
    const play = (index: number, isPlaying: boolean) => {
      $player.setKey('currentPlayingTrack', tracks[index]!);
      $player.setKey('playback', { isPlaying } as Parameters<typeof $player.setKey<'playback'>>[1]);
    };
    play(3, true);
    const { container } = await hydrate({ tracks });
    const current = () => [...container.querySelectorAll('[aria-current="true"]')].map((row) => row.getAttribute('data-track-id'));
    expect(current()).toEqual(['t3']);
    expect(container.querySelectorAll('.equalizer')).toHaveLength(1);
    expect(renders.rows).toBe(tracks.length + 1);
    await act(async () => play(5, true));
    expect(current()).toEqual(['t5']);
    expect(renders.rows).toBe(tracks.length + 3);
    await act(async () => play(5, false));
    expect(container.querySelectorAll('.equalizer')).toHaveLength(0);
    expect(renders.rows).toBe(tracks.length + 4);
  });
});
