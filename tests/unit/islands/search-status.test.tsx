import { act, cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Page, SearchResults, Track } from '../../../src/api/types';
import { NO_SEARCH_RESULT, resultsSaid, SearchStatus } from '../../../src/islands/search/SearchStatus';
import { $search } from '../../../src/stores/search';

const page = <T,>(items: T[]): Page<T> => ({ items, offset: 0, limit: 10, total: items.length });
const track = (id: string) => ({ id, name: id, uri: `spotify:track:${id}`, durationMs: 1000, artists: [], album: null }) as Track;
const found = (tracks: number, artists = 0): SearchResults => ({
  tracks: page(Array.from({ length: tracks }, (_, index) => track(`t${index}`))),
  artists: page(Array.from({ length: artists }, (_, index) => ({ id: `a${index}`, name: 'A' }) as SearchResults['artists']['items'][number])),
  albums: page([]),
  playlists: page([]),
});

/** The document as the head's script records it: `routed` once the client router has swapped a page in. */
const pageCameBy = (routed: boolean) => {
  (window as { __mmPage?: unknown }).__mmPage = { href: location.href, routed, offline: false };
};

const region = (container: HTMLElement) => container.querySelector('[data-search-status]')!;

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  delete (window as { __mmPage?: unknown }).__mmPage;
  $search.set({ query: '', loading: false, error: null, results: null });
});

describe("the search's status (WCAG 4.1.3: results the box's Enter brings are said)", () => {
  it('counts what each section found, or says SPEC\'s words when none', () => {
    expect(resultsSaid('noche', found(10, 1))).toBe('Results for noche: 10 songs, 1 artist');
    expect(resultsSaid('zzqqxx', found(0))).toBe(NO_SEARCH_RESULT);
    expect(NO_SEARCH_RESULT).toBe('No Search Result Found');
  });

  it('is a polite region, empty as it hydrates, that says the results once they show on a page the router brought', () => {
    vi.useFakeTimers();
    pageCameBy(true);
    $search.set({ query: 'noche', loading: false, error: null, results: found(3) });
    const { container } = render(<SearchStatus />);
    expect(region(container).getAttribute('role')).toBe('status');
    expect(region(container).getAttribute('aria-live')).toBe('polite');
    expect(region(container).textContent).toBe('');
    act(() => vi.advanceTimersByTime(200));
    expect(region(container).textContent).toBe('Results for noche: 3 songs');
  });

  it('says nothing while a search is on its way, then what it found', () => {
    vi.useFakeTimers();
    pageCameBy(true);
    $search.set({ query: 'zzqqxx', loading: true, error: null, results: null });
    const { container } = render(<SearchStatus />);
    act(() => vi.advanceTimersByTime(200));
    expect(region(container).textContent).toBe('');
    act(() => $search.set({ query: 'zzqqxx', loading: false, error: null, results: found(0) }));
    act(() => vi.advanceTimersByTime(200));
    expect(region(container).textContent).toBe('No Search Result Found');
  });

  it('leaves unsaid the results a page loaded whole opens with (the screen reader reads that page)', () => {
    vi.useFakeTimers();
    pageCameBy(false);
    $search.set({ query: 'noche', loading: false, error: null, results: found(3) });
    const { container } = render(<SearchStatus />);
    act(() => vi.advanceTimersByTime(1000));
    expect(region(container).textContent).toBe('');
  });
});
