// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { $route, onRoute, parseRoute, syncRoute } from '../../src/stores/route';

describe('routes of SPEC §2', () => {
  it('parses every app route with its params and query', () => {
    expect(parseRoute('/')).toMatchObject({ name: 'home' });
    expect(parseRoute('/search?q=love')).toMatchObject({ name: 'search', search: { q: 'love' } });
    expect(parseRoute('/search/track/hello%20world')).toMatchObject({ name: 'seeAll', params: { searchType: 'track', searchQuery: 'hello world' } });
    expect(parseRoute('/album/new-release')).toMatchObject({ name: 'newRelease' });
    expect(parseRoute('/album/abc')).toMatchObject({ name: 'album', params: { albumId: 'abc' } });
    expect(parseRoute('/artist/a1/related-artists')).toMatchObject({ name: 'relatedArtists', params: { artistId: 'a1' } });
    expect(parseRoute('/artist/a1/albums')).toMatchObject({ name: 'artistAlbums' });
    expect(parseRoute('/playlist/popular')).toMatchObject({ name: 'popularPlaylists' });
    expect(parseRoute('/category/pop/playlists')).toMatchObject({ name: 'categoryPlaylists', params: { categoryId: 'pop' } });
    expect(parseRoute('/user/me')).toMatchObject({ name: 'myProfile' });
    expect(parseRoute('/user/me/top-tracks')).toMatchObject({ name: 'myTopTracks' });
    expect(parseRoute('/user/aarav.sharma')).toMatchObject({ name: 'user', params: { userId: 'aarav.sharma' } });
    expect(parseRoute('/collection/tracks')).toMatchObject({ name: 'collectionTracks' });
    expect(parseRoute('http://127.0.0.1:4321/track/recent-played')).toMatchObject({ name: 'recentPlayed' });
    expect(parseRoute('/nowhere/at/all')).toBeNull();
  });

  it("reads an address with a stray '%' as the server does, with no throw: the id is the characters written", () => {
    expect(parseRoute('/album/%%%')).toMatchObject({ name: 'album', params: { albumId: '%%%' } });
    expect(parseRoute('/album/50%25off%2')).toMatchObject({ name: 'album', params: { albumId: '50%off%2' } });
    // Escapes that make no text stay as written.
    expect(parseRoute('/album/%FF')).toMatchObject({ name: 'album', params: { albumId: '%FF' } });
    syncRoute('/album/%%%');
    expect($route.get()).toMatchObject({ name: 'album', params: { albumId: '%%%' } });
    syncRoute('/');
  });

  it('mounts, and follows a popstate, on an address whose escapes make no text, without a throw (a hand-edited /album/%FF)', () => {
    // The router reads the address itself as it mounts, and on back and forward.
    const stop = $route.listen(() => undefined);
    history.replaceState(null, '', '/album/%FF');
    expect(() => window.dispatchEvent(new PopStateEvent('popstate'))).not.toThrow();
    expect($route.get()).toMatchObject({ name: 'album', params: { albumId: '%FF' } });
    history.replaceState(null, '', '/artist/%FE');
    expect(() => window.dispatchEvent(new PopStateEvent('popstate'))).not.toThrow();
    expect($route.get()).toMatchObject({ name: 'artist', params: { artistId: '%FE' } });
    stop();
    history.replaceState(null, '', '/');
    syncRoute('/');
  });

  it('enters on a matching route, again when its params or query change, and leaves elsewhere', () => {
    const seen: string[] = [];
    const stop = onRoute(['album'], (route) => seen.push(`enter ${route.params.albumId}`), () => seen.push('leave'));
    syncRoute('/album/a');
    syncRoute('/album/a');
    syncRoute('/album/b');
    syncRoute('/search');
    syncRoute('/collection');
    syncRoute('/album/c');
    syncRoute('/search');
    stop();
    syncRoute('/album/d');
    expect(seen).toEqual(['enter a', 'enter b', 'leave', 'enter c', 'leave']);
    expect($route.get()?.params.albumId).toBe('d');
  });

  it('an area that stops being shown while its route stays current keeps what it shows; elsewhere it leaves', () => {
    const seen: string[] = [];
    syncRoute('/album/a');
    const stop = onRoute(['album'], (route) => seen.push(`enter ${route.params.albumId}`), () => seen.push('leave'));
    stop();
    const again = onRoute(['album'], (route) => seen.push(`enter ${route.params.albumId}`), () => seen.push('leave'));
    syncRoute('/search');
    again();
    const third = onRoute(['album'], () => seen.push('enter'), () => seen.push('leave'));
    syncRoute('/album/b');
    syncRoute('/collection');
    third();
    expect(seen).toEqual(['enter a', 'enter a', 'leave', 'enter', 'leave']);
  });
});

describe('the route follows the browser while the ClientRouter keeps the history', () => {
  it('reads each page load without losing the history state, and follows back and forward', () => {
    const stop = $route.listen(() => undefined);
    const state = { index: 3, scrollX: 0, scrollY: 120 };
    history.pushState(state, '', '/playlist/p1?from=test');
    syncRoute(location.href);
    expect($route.get()).toEqual({ name: 'playlist', params: { playlistId: 'p1' }, search: { from: 'test' } });
    expect(history.state).toEqual(state);
    history.pushState({ index: 4 }, '', '/artist/a9');
    window.dispatchEvent(new PopStateEvent('popstate', { state: { index: 4 } }));
    expect($route.get()).toMatchObject({ name: 'artist', params: { artistId: 'a9' } });
    stop();
  });

  it('leaves link clicks to the page (no interception)', () => {
    const stop = $route.listen(() => undefined);
    document.body.innerHTML = '<a href="/album/z">Album</a>';
    const click = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 });
    document.querySelector('a')?.dispatchEvent(click);
    expect(click.defaultPrevented).toBe(false);
    document.body.innerHTML = '';
    stop();
  });
});

describe('see-all type check', () => {
  it('sends an unknown search type to /, replacing history', async () => {
    const { recordNavigation } = await import('./helpers/provider');
    const { seeAllList } = await import('../../src/stores/search');
    const visits = recordNavigation();
    syncRoute('/search/podcast/love');
    const stop = seeAllList.$state.listen(() => undefined);
    expect(visits).toEqual([{ path: '/', replace: true }]);
    stop();
  });
});
