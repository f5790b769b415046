import { describe, expect, it } from 'vitest';
import { ApiError } from '../../src/api/errors';
import { partStateOf, sectionStateOf, showsSection, type PartState } from '../../src/lib/part-state';
import { entityPartState } from '../../src/stores/detail-area';
import { listPartState, type PagedListState } from '../../src/stores/paged-list';

// Issue 27: one rule for what a loading part shows, read by home's sections, detail sections,
// paged lists, detail pages and the queue and devices panels.
describe('what a loading part shows', () => {
  it('keeps what was loaded, then a failure, then loading until answered, then empty', () => {
    expect(partStateOf({ answered: false, count: 0, failure: null })).toBe('loading');
    expect(partStateOf({ answered: true, count: 0, failure: null })).toBe('empty');
    expect(partStateOf({ answered: true, count: 3, failure: null })).toBe('ready');
    expect(partStateOf({ answered: false, count: 0, failure: 'error' })).toBe('error');
    expect(partStateOf({ answered: true, count: 0, failure: 'unavailable' })).toBe('unavailable');
    // A list whose next page failed keeps its items.
    expect(partStateOf({ answered: true, count: 3, failure: 'error' })).toBe('ready');
  });

  it("reads a section's status, and an empty answer as empty", () => {
    const of = (status: Parameters<typeof sectionStateOf>[0]['status'], items: string[] = []) => sectionStateOf({ status, items });
    expect(of('idle')).toBe('loading');
    expect(of('loading')).toBe('loading');
    expect(of('ready', ['Sol'])).toBe('ready');
    expect(of('ready')).toBe('empty');
    expect(of('error')).toBe('error');
    expect(of('unavailable')).toBe('unavailable');
  });

  it('shows a section among others while it loads and once ready; empty only where it has words for it (SPEC §4)', () => {
    const shown = (['loading', 'ready', 'empty', 'error', 'unavailable', 'not-found'] as PartState[]).filter((state) => showsSection(state));
    expect(shown).toEqual(['loading', 'ready']);
    expect(showsSection('empty', { saysEmpty: true })).toBe(true);
    expect(showsSection('error', { saysEmpty: true })).toBe(false);
  });

  it("reads a paged list's first page: loading again after Try again, unavailable apart from failed", () => {
    const list = (state: Partial<PagedListState<number>>): PagedListState<number> => ({ list: [], loading: false, error: null, hasMore: false, offset: 0, loaded: false, ...state });
    expect(listPartState(list({}))).toBe('loading');
    expect(listPartState(list({ loaded: true, loading: true }))).toBe('loading');
    expect(listPartState(list({ loaded: true }))).toBe('empty');
    expect(listPartState(list({ loaded: true, list: [1, 2] }))).toBe('ready');
    expect(listPartState(list({ loaded: true, error: new ApiError('http', 'Bad Gateway', 502) }))).toBe('error');
    expect(listPartState(list({ loaded: true, error: new ApiError('unavailable', 'gone') }))).toBe('unavailable');
    expect(listPartState(list({ loaded: true, list: [1], error: new ApiError('http', 'Bad Gateway', 502) }))).toBe('ready');
  });

  it("reads a detail page's entity: SPEC §8's not-found for an absent or malformed id", () => {
    expect(entityPartState({ data: null, error: null, unavailable: false })).toBe('loading');
    expect(entityPartState({ data: { id: 'a' }, error: null, unavailable: false })).toBe('ready');
    expect(entityPartState({ data: null, error: new ApiError('http', 'Not Found', 404), unavailable: false })).toBe('not-found');
    expect(entityPartState({ data: null, error: new ApiError('http', 'Bad Request', 400), unavailable: false })).toBe('not-found');
    expect(entityPartState({ data: null, error: new ApiError('http', 'Server Error', 500), unavailable: false })).toBe('error');
    expect(entityPartState({ data: null, error: null, unavailable: true })).toBe('unavailable');
  });
});
