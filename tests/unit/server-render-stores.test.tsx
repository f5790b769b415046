import { atom, map, onMount } from 'nanostores';
import { renderToString } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import type { PlaylistSeed } from '../../src/api/playlists';
import type { Playlist, UserProfile } from '../../src/api/types';
import { carry } from '../../src/components/carried-seed';
import { SeededIsland, useSeededFlag, useStore } from '../../src/components/server-snapshot';
import { PlaylistHead } from '../../src/islands/browse/PlaylistView';
import { PlayerCard } from '../../src/islands/player/PlayerCard';
import { $ownsShownPlaylist } from '../../src/stores/my-playlists';
import { $player } from '../../src/stores/player';
import { $myProfile } from '../../src/stores/profile';

// A server render never touches a store (src/components/server-snapshot.tsx): the server's stores
// are one set for every user at once, and reading one mounts it, running its onMount in the
// site's process. This file runs as the server does: no window.

/** Whether a store is mounted now (nanostores marks a store with onMount listeners `active` until a second after its last reader). */
const mounted = (store: object) => (store as { active?: boolean }).active === true;

describe('an island rendered on the server', () => {
  it('shows a store as it starts, never mounting it', () => {
    const $count = atom(3);
    const started = vi.fn();
    onMount($count, started);
    $count.set(7);
    const Reader = () => <p>{useStore($count)}</p>;
    expect(renderToString(<Reader />)).toBe('<p>3</p>');
    expect(started).not.toHaveBeenCalled();
  });

  it("shows the island's snapshot of a store, and a flag from it, never mounting either", () => {
    const $count = atom(3);
    const $flags = map<Record<string, boolean>>({});
    const started = vi.fn();
    onMount($count, started);
    onMount($flags, started);
    const Reader = () => (
      <p>{`${useStore($count)} ${String(useSeededFlag($flags, 't1'))} ${String(useSeededFlag($flags, 't2'))}`}</p>
    );
    const snapshot = () => new Map<unknown, unknown>([[$count, 12], [$flags, { t1: true }]]);
    const html = renderToString(
      <SeededIsland snapshot={snapshot} adopt={() => {}}>
        <Reader />
      </SeededIsland>,
    );
    expect(html).toContain('12 true undefined');
    expect(started).not.toHaveBeenCalled();
  });

  it("a playlist's head shows the owner's actions from its seed, and loads no profile in the site's process", () => {
    const me: UserProfile = { id: 'me', displayName: 'Me', uri: 'spotify:user:me', images: [], followers: null, email: null, product: 'premium', country: null };
    const playlist: Playlist = {
      id: 'p1',
      name: 'Road Trip',
      uri: 'spotify:playlist:p1',
      type: 'playlist',
      description: '',
      images: [],
      owner: { id: 'me', displayName: 'Me' },
      totalTracks: 3,
      followers: null,
      collaborative: false,
      snapshotId: null,
    };
    const seed: PlaylistSeed = { id: 'p1', background: '#123456', data: playlist, failure: null, viewer: me, usersOpen: true, inLibrary: null };
    const html = renderToString(<PlaylistHead seed={seed} />);
    expect(html).toContain('Road Trip');
    expect(html).toContain('Remove from Your Library');
    // One the server found out of the user's library offers Save in its place.
    const out = renderToString(<PlaylistHead seed={{ ...seed, inLibrary: false }} />);
    expect(out).toContain('>Save<');
    expect(out).not.toContain('Remove from Your Library');
    // The owner's actions come from the seed's snapshot, not from $ownsShownPlaylist, whose
    // mounting loaded the profile through the user's provider calls and kept it for every user.
    expect(html).toMatch(/<button/);
    expect(mounted($ownsShownPlaylist)).toBe(false);
    expect($myProfile.value).toBeNull();
  });

  it("the player card leaves the player's progress timer unstarted", () => {
    renderToString(<PlayerCard seed={carry(null)} />);
    expect(mounted($player)).toBe(false);
  });
});
