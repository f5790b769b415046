import { describe, expect, it } from 'vitest';
import { catchUpWith } from '../../src/components/shell/page-at-address';

// Once the client router listens (App.astro's script), the page on screen must be the page at the
// address, whatever Back and Forward did before it listened (page-at-address.ts).
const site = 'https://music.test';
const at = (path: string) => new URL(path, site);
const shown = (path: string, routed = false) => ({ href: at(path).href, routed });

describe('catching up with the address once the client router listens', () => {
  it('leaves the page as it is when nothing moved, or history came back to where it started', () => {
    expect(catchUpWith(shown('/album/a1'), at('/album/a1'))).toBe('nothing');
    expect(catchUpWith(shown('/search?q=jazz'), at('/search?q=jazz'))).toBe('nothing');
  });

  it('leaves it for a fragment of the same page, a place in it rather than another page', () => {
    expect(catchUpWith(shown('/album/a1'), at('/album/a1#content'))).toBe('nothing');
    expect(catchUpWith(shown('/album/a1#content'), at('/album/a1'))).toBe('nothing');
  });

  it('has the router show the page Back or Forward moved to before it listened', () => {
    // Home, an album in the app, a reload, Back: the address is home's, the page the album.
    expect(catchUpWith(shown('/album/a1'), at('/'))).toBe('route');
    // Forward loaded home whole, the second Forward moved to the album.
    expect(catchUpWith(shown('/'), at('/album/a1'))).toBe('route');
    // Another query is another page.
    expect(catchUpWith(shown('/search?q=jazz'), at('/search?q=rock'))).toBe('route');
  });

  it('loads an address with a fragment whole, which the router would take for a move within the page it believes it shows', () => {
    expect(catchUpWith(shown('/album/a1'), at('/#content'))).toBe('reload');
  });

  it('asks nothing once the router has begun a navigation of its own: it shows the address itself', () => {
    expect(catchUpWith(shown('/album/a1', true), at('/'))).toBe('nothing');
  });
});
