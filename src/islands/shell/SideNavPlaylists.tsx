import { useStore } from '../../components/server-snapshot';
import { useEffect, useRef, useState, type DragEvent } from 'react';
import type { Playlist } from '../../api/types';
import { Cover } from '../../components/browse/Cover';
import { withErrorBoundary } from '../../components/ErrorBoundary';
import { useHydrated } from '../../components/use-hydrated';
import { formatSongCount } from '../../lib/format';
import { hrefOf } from '../../lib/routes';
import { dropOnPlaylist, openNavPlaylists } from '../../stores/nav-playlists';
import { $ownPlaylists } from '../../stores/playlist-dialogs';
import { $dropPlaylist, $trackDrag, dragOverPlaylist } from '../../stores/track-drag';
import '../../styles/side-nav-playlists.css';

/** One of the user's playlists: a link to it, and a place to drop a dragged track. */
function NavPlaylist({ playlist, over, dragging }: { playlist: Playlist; over: boolean; dragging: boolean }) {
  const songs = formatSongCount(playlist.totalTracks);
  const onDragOver = (event: DragEvent<HTMLAnchorElement>) => {
    if (!dragging) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'copy';
    dragOverPlaylist(playlist.id);
  };
  return (
    <li>
      <a
        href={hrefOf('playlist', { playlistId: playlist.id })}
        className={`side-nav-playlists__link${over ? ' side-nav-playlists__link--over' : ''}`}
        onDragEnter={onDragOver}
        onDragOver={onDragOver}
        onDragLeave={(event) => {
          if (!event.currentTarget.contains(event.relatedTarget as Node | null)) dragOverPlaylist(null);
        }}
        onDrop={(event) => {
          event.preventDefault();
          void dropOnPlaylist(playlist);
        }}
      >
        <Cover images={playlist.images} alt="" size={32} className="side-nav-playlists__cover" />
        <span className="side-nav-playlists__text">
          <span className="side-nav-playlists__name">{playlist.name}</span>
          {songs ? <span className="side-nav-playlists__count">{songs}</span> : null}
        </span>
      </a>
    </li>
  );
}

/**
 * Wide screens: the user's playlists under Your Library in the side navigation, shown when it
 * opens and while a track is dragged (their covers; names too once the drag comes inside, which
 * opens it), each a drop target.
 * The keyboard's way to the same is a row's "Add to playlist".
 */
function SideNavPlaylistsView() {
  // The server renders the list unasked for; the stores speak once hydrated (the user may have
  // opened a dialog that listed the playlists before this island hydrated).
  const hydrated = useHydrated();
  const ownHeld = useStore($ownPlaylists);
  const dragHeld = useStore($trackDrag);
  const own = hydrated ? ownHeld : null;
  const drag = hydrated ? dragHeld : null;
  const over = useStore($dropPlaylist);
  const root = useRef<HTMLElement>(null);
  // A drag shows no hover: the navigation opens while a dragged track is inside it.
  const [dragInside, setDragInside] = useState(false);
  useEffect(() => {
    // Heard on the document: the island persists across the client router's swaps, but the
    // navigation around it is a new element on every page, and listeners on the first one
    // would hear nothing once it is gone.
    const navOf = (target: EventTarget | null) => (target instanceof Element ? target.closest('.side-nav') : null);
    // The list is asked for the first time the navigation opens, not with every page: the
    // pointer coming in from outside it (as pointerenter on it), or the keyboard's focus.
    const open = (event: Event) => {
      const nav = navOf(event.target);
      if (nav && !nav.contains((event as PointerEvent).relatedTarget as Node | null)) openNavPlaylists();
    };
    const focus = (event: Event) => {
      if (navOf(event.target)) openNavPlaylists();
    };
    const enter = (event: Event) => {
      if (navOf(event.target)) setDragInside(true);
    };
    const leave = (event: Event) => {
      const nav = navOf(event.target);
      if (nav && !nav.contains((event as globalThis.DragEvent).relatedTarget as Node | null)) setDragInside(false);
    };
    const done = (event: Event) => {
      if (navOf(event.target)) setDragInside(false);
    };
    const listeners: [string, EventListener][] = [
      ['pointerover', open],
      ['focusin', focus],
      ['dragenter', enter],
      ['dragleave', leave],
      ['drop', done],
    ];
    for (const [type, listener] of listeners) document.addEventListener(type, listener);
    // This island hydrates on the page's first input, often the pointer coming into the
    // navigation: open already, it asks now.
    if (root.current?.closest('.side-nav')?.matches(':hover, :focus-within')) openNavPlaylists();
    return () => {
      for (const [type, listener] of listeners) document.removeEventListener(type, listener);
    };
  }, []);
  // A drag that ended outside (cancelled, or dropped on a row) leaves nothing open for the next.
  if (!drag && dragInside) setDragInside(false);
  const shown = own !== null || !!drag;
  const marks = ['side-nav-playlists'];
  if (drag) marks.push('side-nav-playlists--dragging');
  if (drag && dragInside) marks.push('side-nav-playlists--open');
  return (
    <section ref={root} className={marks.join(' ')} aria-labelledby={shown ? 'side-nav-playlists-title' : undefined}>
      {/* Nothing until asked for: the first opening, or a drag. */}
      {shown ? (
        <h2 id="side-nav-playlists-title" className="side-nav-playlists__title">
          Your playlists
        </h2>
      ) : null}
      {own === null ? (
        drag ? <p className="side-nav-playlists__note">Loading your playlists…</p> : null
      ) : own.length === 0 ? (
        <p className="side-nav-playlists__note">No Playlist Available</p>
      ) : (
        <ul className="side-nav-playlists__list">
          {own.map((playlist) => (
            <NavPlaylist key={playlist.id} playlist={playlist} over={over === playlist.id} dragging={!!drag} />
          ))}
        </ul>
      )}
    </section>
  );
}

export const SideNavPlaylists = withErrorBoundary(SideNavPlaylistsView, { compact: true });
