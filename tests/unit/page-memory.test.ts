import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fetchPageAhead, forgetPages, keepPage, keptPage } from '../../src/stores/page-memory';

// The client router's memory of pages (src/stores/page-memory.ts) on a clock the test moves;
// the site's answer to a page fetched ahead is the test's.
// A path under /failing/ comes back as an error's page.
vi.mock('../../src/api/site-pages', () => ({ fetchSitePage: async (href: string) => ({ html: `<html>${href}</html>`, whole: !href.startsWith('/failing/') }) }));
describe('the pages kept for the client router', () => {
  beforeEach(() => forgetPages());

  it('gives back and forward any kept page, and a new visit none kept from a visit', async () => {
    keepPage('http://site/album/a', '<html>a</html>', 0);
    expect(await keptPage('/album/a', true, 600_000)).toBe('<html>a</html>');
    expect(await keptPage('/album/a', false, 1)).toBeNull();
    expect(await keptPage('/album/b', true, 0)).toBeNull();
  });

  it('gives a new visit a page fetched ahead for 30 s', async () => {
    fetchPageAhead('/album/c', 0);
    expect(await keptPage('/album/c', false, 29_999)).toBe('<html>/album/c</html>');
    expect(await keptPage('/album/c', false, 30_000)).toBeNull();
  });

  it("gives an error's page fetched ahead only to a click within 5 s of the fetch: the failure may have passed since", async () => {
    fetchPageAhead('/failing/album', 0);
    expect(await keptPage('/failing/album', false, 5_000)).toBe('<html>/failing/album</html>');
    expect(await keptPage('/failing/album', false, 5_001)).toBeNull();
    expect(await keptPage('/failing/album', true, 60_000)).toBeNull();
  });

  it('keeps the query apart, keeps twelve pages at most, and forgets them all at sign-out', async () => {
    keepPage('/search?q=a', 'a', 0);
    expect(await keptPage('/search?q=b', true, 0)).toBeNull();
    for (let index = 0; index < 12; index++) keepPage(`/album/${index}`, String(index), 0);
    expect(await keptPage('/search?q=a', true, 0)).toBeNull();
    expect(await keptPage('/album/0', true, 0)).toBe('0');
    forgetPages();
    expect(await keptPage('/album/11', true, 0)).toBeNull();
  });

  it("lets pages fetched ahead and never visited go before the visited ones, and a page back or forward showed go last", async () => {
    // Visited: a, b, then the pointer passed over twelve cards of a list.
    keepPage('/album/a', 'a', 0);
    keepPage('/album/b', 'b', 0);
    for (let index = 0; index < 12; index++) fetchPageAhead(`/album/hovered-${index}`, 0);
    expect(await keptPage('/album/a', true, 0)).toBe('a');
    expect(await keptPage('/album/b', true, 0)).toBe('b');
    expect(await keptPage('/album/hovered-0', true, 0)).toBeNull();
    expect(await keptPage('/album/hovered-11', true, 0)).toBe('<html>/album/hovered-11</html>');
    // Twelve visits: a was shown again by Back after b, so b goes first.
    forgetPages();
    keepPage('/album/a', 'a', 0);
    keepPage('/album/b', 'b', 0);
    for (let index = 0; index < 10; index++) keepPage(`/album/${index}`, String(index), 0);
    expect(await keptPage('/album/a', true, 0)).toBe('a');
    keepPage('/album/new', 'new', 0);
    expect(await keptPage('/album/b', true, 0)).toBeNull();
    expect(await keptPage('/album/a', true, 0)).toBe('a');
  });
});
