import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PlaylistSeed } from '../../../src/api/playlists';
import type { Playlist } from '../../../src/api/types';
import { PlaylistHead } from '../../../src/islands/browse/PlaylistView';

// A playlist's description is folded to three lines (detail-header.css). The whole text used to
// be only in a tooltip, which no finger or key opens and some screen readers read a second
// time. It is in the page once, whole, and "more" / "less" opens and folds it where it is cut.

const LINE = 20;
const description = 'A very long description of songs for a long drive. '.repeat(20).trim();
const playlist: Playlist = {
  id: 'p1',
  name: 'Road Trip',
  uri: 'spotify:playlist:p1',
  type: 'playlist',
  description,
  images: [],
  owner: { id: 'aarav.sharma', displayName: 'Aarav' },
  totalTracks: 3,
  followers: null,
  collaborative: false,
  snapshotId: null,
};
const seedOf = (data: Playlist): PlaylistSeed => ({ id: data.id, background: '#123456', data, failure: null, viewer: null, usersOpen: true, inLibrary: null });

/** How tall the description's whole text is (jsdom lays nothing out), in lines. */
let textLines = 12;
/** The observers of the page's sizes (jsdom has none): `resize()` is a window made narrower or wider. */
let observers: (() => void)[] = [];

class FakeResizeObserver {
  constructor(private readonly report: () => void) {}
  observe() {
    observers.push(this.report);
    this.report();
  }
  disconnect() {
    observers = observers.filter((report) => report !== this.report);
  }
}

const isDescription = (element: unknown) => element instanceof HTMLElement && element.classList.contains('detail-header__description');

beforeEach(() => {
  textLines = 12;
  observers = [];
  vi.stubGlobal('ResizeObserver', FakeResizeObserver);
  Object.defineProperty(HTMLElement.prototype, 'scrollHeight', {
    configurable: true,
    get(this: HTMLElement) {
      return isDescription(this) ? textLines * LINE : 0;
    },
  });
  const real = window.getComputedStyle.bind(window);
  vi.spyOn(window, 'getComputedStyle').mockImplementation((element, pseudo) => {
    const style = real(element, pseudo);
    if (!isDescription(element)) return style;
    return new Proxy(style, {
      get: (target, key) => {
        if (key === 'lineHeight') return `${LINE}px`;
        const value = Reflect.get(target, key) as unknown;
        return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
      },
    });
  });
});

afterEach(() => {
  cleanup();
  document.body.innerHTML = '';
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  delete (HTMLElement.prototype as { scrollHeight?: number }).scrollHeight;
});

/** The playlist's head as the server renders it, then hydrated in the browser as the island does. */
async function showHydrated(data = playlist) {
  const html = renderToString(<PlaylistHead seed={seedOf(data)} />);
  const container = document.body.appendChild(document.createElement('div'));
  container.innerHTML = html;
  await act(async () => {
    hydrateRoot(container, <PlaylistHead seed={seedOf(data)} />);
  });
  return { html, shown: container.querySelector<HTMLElement>('.detail-header__description')! };
}

describe("a playlist's long description", () => {
  it("is whole in the server's HTML, once, with no tooltip and no button before the island hydrates", () => {
    const html = renderToString(<PlaylistHead seed={seedOf(playlist)} />);
    expect(html.split(description)).toHaveLength(2);
    // The one tooltip is the heading's, the name's (detail pages' names may be folded): none of the description.
    expect([...html.matchAll(/<(\w+)[^>]*\btitle="/g)].map(([, tag]) => tag)).toEqual(['h1']);
    expect(html).not.toContain('>more<');
  });

  it('offers "more" once hydrated where it is cut, which opens it (aria-expanded) and "less" folds it again', async () => {
    const { shown } = await showHydrated();
    expect(shown.textContent).toBe(description);
    expect(shown.hasAttribute('title')).toBe(false);
    const more = screen.getByRole('button', { name: 'more' });
    expect(more.getAttribute('aria-expanded')).toBe('false');
    expect(more.getAttribute('aria-controls')).toBe(shown.id);
    expect(shown.classList.contains('detail-header__description--open')).toBe(false);

    fireEvent.click(more);
    const less = screen.getByRole('button', { name: 'less' });
    expect(less).toBe(more);
    expect(less.getAttribute('aria-expanded')).toBe('true');
    expect(shown.classList.contains('detail-header__description--open')).toBe(true);
    // Opened, it still says whether it would be cut folded: the button stays while it holds the focus.
    await act(async () => observers.forEach((report) => report()));
    expect(screen.getByRole('button', { name: 'less' })).toBe(less);

    fireEvent.click(less);
    expect(screen.getByRole('button', { name: 'more' }).getAttribute('aria-expanded')).toBe('false');
    expect(shown.classList.contains('detail-header__description--open')).toBe(false);
  });

  it('has no button where the whole text fits its three lines, and gains or loses it as the width changes', async () => {
    textLines = 3;
    await showHydrated();
    expect(screen.queryByRole('button', { name: 'more' })).toBeNull();
    // A narrower window: the same words take five lines.
    textLines = 5;
    await act(async () => observers.forEach((report) => report()));
    expect(screen.getByRole('button', { name: 'more' })).toBeTruthy();
    // Wider again: they fit.
    textLines = 3;
    await act(async () => observers.forEach((report) => report()));
    expect(screen.queryByRole('button', { name: 'more' })).toBeNull();
  });
});
