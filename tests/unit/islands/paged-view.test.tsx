import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Page, Playlist, Track } from '../../../src/api/types';
import { renderToString } from 'react-dom/server';
import { PlaylistGrid } from '../../../src/components/browse/Card';
import { PagedView } from '../../../src/components/browse/PagedView';
import { TrackList } from '../../../src/components/browse/TrackList';
import { lastItemBefore, LIST_CONTINUES } from '../../../src/lib/list-end';
import { createPagedList, firstPageState } from '../../../src/stores/paged-list';

// SPEC §4: the next page loads when the LAST ITEM comes into view. IntersectionObserver is
// stubbed (happy-dom has none): the test sees what is observed and says when it shows.
const observed: Element[] = [];
let show: () => void = () => undefined;

class StubObserver {
  constructor(private readonly callback: IntersectionObserverCallback) {}
  observe(target: Element) {
    observed.push(target);
    show = () => this.callback([{ isIntersecting: true, target } as IntersectionObserverEntry], this as unknown as IntersectionObserver);
  }
  disconnect() {
    observed.length = 0;
  }
}

beforeEach(() => {
  (globalThis as unknown as { IntersectionObserver: unknown }).IntersectionObserver = StubObserver;
});

afterEach(() => {
  cleanup();
  observed.length = 0;
  delete (globalThis as unknown as { IntersectionObserver?: unknown }).IntersectionObserver;
});

function numbers(total: number) {
  const asked: number[] = [];
  const list = createPagedList(async (offset: number, limit: number): Promise<Page<number>> => {
    asked.push(offset);
    const items = Array.from({ length: Math.max(0, Math.min(limit, total - offset)) }, (_, index) => offset + index);
    return { items, offset, limit, total };
  }, 20);
  return { asked, list };
}

function renderList(list: ReturnType<typeof numbers>['list']) {
  return render(listView(list));
}

function listView(list: ReturnType<typeof numbers>['list']) {
  return (
    <PagedView list={list} skeleton={<p>loading</p>}>
      {(items) => (
        <ol aria-label="numbers">
          {items.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ol>
      )}
    </PagedView>
  );
}

describe('PagedView', () => {
  it('watches the last item, loads the next page when it shows, then watches the new last item, up to offset 80', async () => {
    const { asked, list } = numbers(1000);
    await list.loadFirstPage();
    renderList(list);
    expect(observed.map((item) => item.textContent)).toEqual(['19']);
    expect(screen.getByTestId('load-more').textContent).toBe('19');
    for (let page = 1; page <= 4; page++) {
      await act(async () => show());
      expect(observed.map((item) => item.textContent)).toEqual(page < 4 ? [String(page * 20 + 19)] : []);
    }
    expect(asked).toEqual([0, 20, 40, 60, 80]);
    expect(screen.getAllByRole('listitem')).toHaveLength(100);
    // Past the cap nothing is watched, and nothing is marked.
    expect(screen.queryByTestId('load-more')).toBeNull();
  });

  it('Try again under a next page that failed asks for that page: the items that came stay', async () => {
    const asked: number[] = [];
    let fail = false;
    const list = createPagedList(async (offset: number, limit: number): Promise<Page<number>> => {
      asked.push(offset);
      if (fail) throw new Error('boom');
      return { items: Array.from({ length: limit }, (_, index) => offset + index), offset, limit, total: 100 };
    }, 20);
    await list.loadFirstPage();
    await list.loadNextPage();
    fail = true;
    await list.loadNextPage();
    renderList(list);
    fail = false;
    await act(async () => screen.getByRole('button', { name: 'Try again' }).click());
    expect(asked).toEqual([0, 20, 40, 40]);
    expect(screen.getAllByRole('listitem')).toHaveLength(60);
  });

  it("says 'Loading more' to a screen reader while the next page loads: in its status region's text, not only its name", async () => {
    let arrive: () => void = () => undefined;
    const list = createPagedList(async (offset: number, limit: number): Promise<Page<number>> => {
      if (offset > 0) await new Promise<void>((resolve) => (arrive = resolve));
      return { items: Array.from({ length: limit }, (_, index) => offset + index), offset, limit, total: 100 };
    }, 20);
    await list.loadFirstPage();
    renderList(list);
    expect(screen.queryByRole('status')).toBeNull();
    let next: Promise<void> = Promise.resolve();
    act(() => void (next = list.loadNextPage()));
    const status = screen.getByRole('status', { name: 'Loading more' });
    expect(status.textContent).toBe('Loading more');
    await act(async () => {
      arrive();
      await next;
    });
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('watches nothing when the list has no more data', async () => {
    const { list } = numbers(15);
    await list.loadFirstPage();
    renderList(list);
    expect(screen.getAllByRole('listitem')).toHaveLength(15);
    expect(observed).toEqual([]);
  });

  it("says in the server's HTML whether the list goes on, and where its last item is (hydrate-on-intent.ts watches it)", async () => {
    for (const [total, continues] of [[1000, true], [15, false]] as const) {
      const { list } = numbers(total);
      await list.loadFirstPage();
      const container = document.createElement('div');
      container.innerHTML = renderToString(listView(list));
      const marker = container.querySelector(`[${LIST_CONTINUES}]`);
      expect(marker !== null, `a list of ${total}`).toBe(continues);
      if (marker) expect(lastItemBefore(marker)?.textContent).toBe('19');
    }
  });
});

// A control that removes itself hands focus on (docs/ARCHITECTURE.md): Try again leaves with its
// error screen, and focus must not drop to the document, where the next Tab starts from the top.
describe("PagedView's Try again, pressed from the keyboard", () => {
  function failingOnce(failAt: number) {
    let fail = true;
    const list = createPagedList(async (offset: number, limit: number): Promise<Page<number>> => {
      if (offset === failAt && fail) {
        fail = false;
        throw new Error('boom');
      }
      return { items: Array.from({ length: limit }, (_, index) => offset + index), offset, limit, total: 100 };
    }, 20);
    return list;
  }

  /** The page's content (App.astro's main, tabindex -1) with the list in it, each item a link. */
  const page = (list: ReturnType<typeof failingOnce>) =>
    render(
      <main id="content" tabIndex={-1}>
        <PagedView list={list} skeleton={<p>loading</p>}>
          {(items) => (
            <ol aria-label="numbers">
              {items.map((item) => (
                <li key={item}>
                  <a href={`/n/${item}`}>{item}</a>
                </li>
              ))}
            </ol>
          )}
        </PagedView>
      </main>,
    );

  it("on a list whose first page failed: focus goes to the page's content, and stays there once the list shows", async () => {
    const list = failingOnce(0);
    await list.loadFirstPage();
    page(list);
    const again = screen.getByRole('button', { name: 'Try again' });
    again.focus();
    await act(async () => again.click());
    expect(screen.getAllByRole('listitem')).toHaveLength(20);
    expect(document.activeElement).toBe(document.getElementById('content'));
  });

  it('under a next page that failed: focus goes to the last item that came, where the next Tab meets the new ones', async () => {
    const list = failingOnce(20);
    await list.loadFirstPage();
    await list.loadNextPage();
    page(list);
    const again = screen.getByRole('button', { name: 'Try again' });
    again.focus();
    await act(async () => again.click());
    expect(screen.getAllByRole('listitem')).toHaveLength(40);
    expect(document.activeElement).toBe(screen.getByRole('link', { name: '19' }));
  });
});

// JavaScript off's Show more (src/lib/list-paging.ts): the server joins the pages the address asks
// for, and the first item of the last one carries the id the link's fragment names, so the
// browser opens the longer page where the new items begin.
describe("the first item of the page Show more added, in the server's HTML", () => {
  const track = (n: number): Track => ({ id: `t${n}`, name: `Track ${n}`, uri: `spotify:track:t${n}`, durationMs: 1000, artists: [], album: null });
  const playlist = (n: number): Playlist => ({
    id: `p${n}`,
    name: `Playlist ${n}`,
    uri: `spotify:playlist:p${n}`,
    type: 'playlist',
    description: '',
    images: [],
    owner: { id: 'u', displayName: 'U' },
    totalTracks: null,
    followers: null,
    collaborative: false,
    snapshotId: null,
  });
  /** A list as the server rendered `pages` of it at once. */
  function joined<T>(make: (n: number) => T, size: number, lastPageStart?: { page: number; index: number }) {
    const list = createPagedList<T>(async () => ({ items: [], offset: 0, limit: 10, total: 0 }), 10);
    list.restore(firstPageState({ items: Array.from({ length: size }, (_, n) => make(n)), offset: 0, limit: size, total: 100, ...(lastPageStart ? { lastPageStart } : {}) }, 10));
    return list;
  }
  const idsIn = (html: string) => {
    const container = document.createElement('div');
    container.innerHTML = html;
    return [...container.querySelectorAll('[id]')].map((element) => [element.id, element.getAttribute('data-row-index') ?? element.getAttribute('href')]);
  };

  it("a track list's row and a grid's tile: that one alone, by the page's number", () => {
    const rows = joined(track, 30, { page: 3, index: 20 });
    expect(idsIn(renderToString(<PagedView list={rows} skeleton={null}>{(items) => <TrackList tracks={items} label="Tracks" />}</PagedView>))).toEqual([['list-page-3', '20']]);
    const tiles = joined(playlist, 40, { page: 2, index: 20 });
    expect(idsIn(renderToString(<PagedView list={tiles} skeleton={null}>{(items) => <PlaylistGrid playlists={items} />}</PagedView>))).toEqual([['list-page-2', '/playlist/p20']]);
  });

  it('none for one page, nor for a list outside PagedView', () => {
    const rows = joined(track, 20);
    expect(idsIn(renderToString(<PagedView list={rows} skeleton={null}>{(items) => <TrackList tracks={items} label="Tracks" />}</PagedView>))).toEqual([]);
    expect(idsIn(renderToString(<TrackList tracks={[track(1), track(2)]} label="Tracks" />))).toEqual([]);
  });
});
