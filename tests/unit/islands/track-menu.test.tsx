import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Track } from '../../../src/api/types';
import { TrackRow } from '../../../src/components/browse/TrackRow';
import { setNavigator } from '../../../src/lib/navigation';
import { FIRST_LOAD } from '../helpers/first-load';

afterEach(() => {
  cleanup();
  setNavigator(null);
  vi.useRealTimers();
});

const track: Track = {
  id: 't1',
  name: 'Blue Hour',
  uri: 'spotify:track:t1',
  durationMs: 200_000,
  artists: [{ id: 'a1', name: 'Nova' }],
  album: { id: 'al1', name: 'Night Drive', images: [] },
};

function renderRow(albumId?: string) {
  const onPlay = vi.fn();
  const visited: string[] = [];
  setNavigator((path) => visited.push(path));
  render(<TrackRow track={track} onPlay={onPlay} menuContext={{ albumId }} />);
  return { onPlay, visited, more: screen.getByRole('button', { name: 'More options for Blue Hour' }) };
}

describe("a track row's More menu", () => {
  // The open menu is a lazy chunk (./TrackMenuPopup.tsx): the first open waits for it, and every
  // later one shows at once. Opened once here, so each test below sees the menu as a second
  // click does, and a menu that does not open is one that was not asked for, not one loading.
  beforeAll(async () => {
    const { more } = renderRow();
    fireEvent.click(more);
    expect(screen.queryByRole('menu')).toBeNull();
    expect(await screen.findByRole('menu', undefined, FIRST_LOAD)).toBeTruthy();
    cleanup();
  });

  it('opens from its button with focus on the first action, moves with the arrows and gives focus back on Escape', () => {
    const { more, onPlay } = renderRow();
    fireEvent.click(more);
    const items = screen.getAllByRole('menuitem');
    expect(items.map((item) => item.textContent)).toEqual(['Go to album', 'Go to artist', 'Add to queue', 'Add to playlist']);
    const last = items.at(-1)!;
    expect(document.activeElement).toBe(items[0]);
    fireEvent.keyDown(items[0]!, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(items[1]);
    fireEvent.keyDown(items[1]!, { key: 'End' });
    expect(document.activeElement).toBe(last);
    fireEvent.keyDown(last, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(items[0]);
    fireEvent.keyDown(items[0]!, { key: 'Escape' });
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(more);
    expect(more.getAttribute('aria-expanded')).toBe('false');
    expect(onPlay).not.toHaveBeenCalled();
  });

  it('goes where its action says, and offers no way to the album the row is already on', () => {
    const { more, visited } = renderRow('al1');
    fireEvent.click(more);
    expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['Go to artist', 'Add to queue', 'Add to playlist']);
    fireEvent.click(screen.getByRole('menuitem', { name: 'Go to artist' }));
    expect(visited).toEqual(['/artist/a1']);
    expect(screen.queryByRole('menu')).toBeNull();
  });

  it("offers no way to the artist whose page the row is on; a track made with others leads to the next of them", () => {
    const visited: string[] = [];
    setNavigator((path) => visited.push(path));
    const more = () => screen.getByRole('button', { name: 'More options for Blue Hour' });
    render(<TrackRow track={track} onPlay={vi.fn()} menuContext={{ artistId: 'a1' }} />);
    fireEvent.click(more());
    expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['Go to album', 'Add to queue', 'Add to playlist']);
    cleanup();
    const together: Track = { ...track, artists: [{ id: 'a1', name: 'Nova' }, { id: 'a2', name: 'Lumen' }] };
    render(<TrackRow track={together} onPlay={vi.fn()} menuContext={{ artistId: 'a1' }} />);
    fireEvent.click(more());
    fireEvent.click(screen.getByRole('menuitem', { name: 'Go to artist' }));
    expect(visited).toEqual(['/artist/a2']);
  });

  it('stays open through a scroll that leaves its row in place, and closes once the row moves', () => {
    const { more } = renderRow();
    let top = 300;
    vi.spyOn(more, 'getBoundingClientRect').mockImplementation(() => ({ top, left: 900, right: 940, bottom: top + 40, width: 40, height: 40, x: 900, y: top, toJSON: () => ({}) }));
    fireEvent.contextMenu(more.closest('[data-track-id]')!);
    expect(screen.getByRole('menu')).toBeTruthy();
    fireEvent.scroll(window);
    expect(screen.getByRole('menu')).toBeTruthy();
    top = 120;
    fireEvent.scroll(window);
    expect(screen.queryByRole('menu')).toBeNull();
  });

  it('closes when the window is made wider or narrower (a phone or tablet turned), its row unmoved: it stood where the old width put it', () => {
    const { more } = renderRow();
    vi.spyOn(more, 'getBoundingClientRect').mockImplementation(() => ({ top: 300, left: 900, right: 940, bottom: 340, width: 40, height: 40, x: 900, y: 300, toJSON: () => ({}) }));
    const width = vi.spyOn(window, 'innerWidth', 'get').mockReturnValue(1024);
    try {
      fireEvent.contextMenu(more.closest('[data-track-id]')!);
      fireEvent(window, new Event('resize')); // a window grown taller only (a phone's address bar hiding)
      expect(screen.getByRole('menu')).toBeTruthy();
      width.mockReturnValue(768);
      fireEvent(window, new Event('resize'));
      expect(screen.queryByRole('menu')).toBeNull();
    } finally {
      width.mockRestore();
    }
  });

  it('opens on a long touch press, and the click ending the press plays nothing', () => {
    vi.useFakeTimers();
    const { onPlay } = renderRow();
    const row = document.querySelector('.track-row')!;
    fireEvent.pointerDown(row, { pointerType: 'touch', clientX: 10, clientY: 10 });
    act(() => void vi.advanceTimersByTime(499));
    expect(screen.queryByRole('menu')).toBeNull();
    act(() => void vi.advanceTimersByTime(1));
    expect(screen.getByRole('menu')).toBeTruthy();
    fireEvent.pointerUp(row, { pointerType: 'touch' });
    // The finger's click (detail 1: a keyboard's click, detail 0, is the user's own and goes through).
    fireEvent.click(row, { detail: 1 });
    expect(onPlay).not.toHaveBeenCalled();
  });

  it('does not open when the finger moves (a scroll), and a tap still plays', () => {
    vi.useFakeTimers();
    const { onPlay } = renderRow();
    const row = document.querySelector('.track-row')!;
    fireEvent.pointerDown(row, { pointerType: 'touch', clientX: 10, clientY: 10 });
    fireEvent.pointerMove(row, { pointerType: 'touch', clientX: 10, clientY: 40 });
    act(() => void vi.advanceTimersByTime(1000));
    expect(screen.queryByRole('menu')).toBeNull();
    fireEvent.pointerDown(row, { pointerType: 'touch', clientX: 10, clientY: 10 });
    fireEvent.pointerUp(row, { pointerType: 'touch' });
    fireEvent.click(row);
    expect(onPlay).toHaveBeenCalledTimes(1);
  });

  it('opens on a right click instead of the browser menu, and closes on a press outside', () => {
    renderRow();
    const row = document.querySelector('.track-row')!;
    const event = new MouseEvent('contextmenu', { bubbles: true, cancelable: true });
    act(() => void row.dispatchEvent(event));
    expect(event.defaultPrevented).toBe(true);
    expect(screen.getByRole('menu')).toBeTruthy();
    fireEvent.pointerDown(document.body);
    expect(screen.queryByRole('menu')).toBeNull();
  });
});
