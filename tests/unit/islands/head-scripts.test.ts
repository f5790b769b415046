import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { BROWSER_BAR_COLOURS } from '../../../src/lib/browser-bar';
import { FORGET_SESSION_SCRIPT, INSTANT_SWAP_SCRIPT, NEW_SESSION_SCRIPT, PAGE_ADDRESS_SCRIPT, ROOT_MARKS_SCRIPT } from '../../../src/layouts/head-scripts';
import { PAGE_SESSION_META } from '../../../src/lib/site-request';
import { catchUpWith, showPageAtAddress, shownPage } from '../../../src/components/shell/page-at-address';
import { PAGE_CACHE, ROUTED_PAGE_CACHE } from '../../../src/lib/page-cache';

// The inline scripts run as the browser runs them: as text, in the page's window.
function run(script: string): void {
  new Function(script)();
}

// The only inline script left: signing in and out is the server's (src/middleware.ts), so no
// script guards a page or starts a login any more.
beforeEach(() => {
  localStorage.clear();
  document.documentElement.removeAttribute('data-theme');
});

describe('the script of a session the server ended (SPEC §8)', () => {
  it("forgets the storage and every page the worker kept of it: those loaded whole and those the client router showed", () => {
    localStorage.setItem('THEME_MODE_VALUE', '"light"');
    const deleted = vi.fn(async (_name: string) => true);
    vi.stubGlobal('caches', { delete: deleted });
    try {
      run(FORGET_SESSION_SCRIPT);
    } finally {
      vi.unstubAllGlobals();
    }
    expect(localStorage.length).toBe(0);
    expect(deleted.mock.calls.map(([name]) => name).sort()).toEqual([PAGE_CACHE, ROUTED_PAGE_CACHE].sort());
  });

  it("tells the other tabs even when the storage is empty: a tab left on the last account's pages (the free account stores nothing) leaves them", () => {
    // HTML's clear() of an empty storage changes nothing and fires no storage event elsewhere: what reaches other tabs is recorded.
    const kept = new Map<string, string>();
    const heard: string[] = [];
    vi.stubGlobal('localStorage', {
      get length() {
        return kept.size;
      },
      setItem: (key: string, value: string) => void (kept.set(key, value), heard.push(key)),
      clear: () => void (kept.size > 0 && heard.push('(cleared)'), kept.clear()),
    });
    vi.stubGlobal('caches', { delete: async () => true });
    try {
      run(FORGET_SESSION_SCRIPT);
    } finally {
      vi.unstubAllGlobals();
    }
    expect(heard.at(-1)).toBe('(cleared)');
    expect(kept.size).toBe(0);
  });
});

describe("the script of a new session's first page", () => {
  /** Cache Storage with the worker's two caches of pages, as `caches` gives them to a page. */
  function pageCaches(pages: Record<string, string>) {
    const kept = new Map(Object.entries(pages));
    const deletedCaches: string[] = [];
    const cache = {
      keys: async () => [...kept.keys()].map((url) => new Request(url)),
      match: async (request: Request) => (kept.has(request.url) ? new Response(kept.get(request.url)) : undefined),
      delete: async (request: Request) => kept.delete(request.url),
    };
    return { kept, deletedCaches, caches: { open: async (name: string) => (name === PAGE_CACHE ? cache : null), delete: async (name: string) => (deletedCaches.push(name), true) } };
  }

  it("forgets the earlier account's pages and tells the other tabs, but keeps the copy of itself the worker is making", async () => {
    // The worker keeps this page as it arrives, into the cache it opened at the first bytes: the
    // whole cache deleted under it, the new account's first page was never kept for offline use.
    const tag = 'new-session-tag-000000a';
    const { kept, deletedCaches, caches } = pageCaches({
      'http://127.0.0.1/': `<head><meta name="${PAGE_SESSION_META}" content="${tag}"></head>`,
      'http://127.0.0.1/user/me': '<head><meta name="my-music-session" content="earlier-session-tag-0b"></head>Guest',
      'http://127.0.0.1/collection': '<head></head>an older build, no mark',
    });
    const heard: string[] = [];
    const storage = new Map<string, string>([['DEVICE_ID', '"earlier"']]);
    vi.stubGlobal('localStorage', {
      get length() {
        return storage.size;
      },
      setItem: (key: string, value: string) => void (storage.set(key, value), heard.push(key)),
      clear: () => void (storage.size > 0 && heard.push('(cleared)'), storage.clear()),
    });
    vi.stubGlobal('caches', caches);
    const meta = Object.assign(document.createElement('meta'), { name: PAGE_SESSION_META, content: tag });
    try {
      run(NEW_SESSION_SCRIPT);
      document.head.append(meta);
      document.dispatchEvent(new Event('DOMContentLoaded'));
      await vi.waitFor(() => expect([...kept.keys()]).toEqual(['http://127.0.0.1/']));
    } finally {
      meta.remove();
      vi.unstubAllGlobals();
    }
    expect(deletedCaches).toEqual([ROUTED_PAGE_CACHE]);
    expect(heard.at(-1)).toBe('(cleared)');
    expect(storage.size).toBe(0);
  });
});

describe('the theme script (before first paint)', () => {
  it('applies dark by default and the stored light theme otherwise', () => {
    run(ROOT_MARKS_SCRIPT);
    expect(document.documentElement.dataset.theme).toBe('dark');
    localStorage.setItem('THEME_MODE_VALUE', '"light"');
    run(ROOT_MARKS_SCRIPT);
    expect(document.documentElement.dataset.theme).toBe('light');
  });

  it('paints what the theme store holds when the stored value is not JSON text: the default, dark (SPEC §8)', async () => {
    // A hand-edited raw value: the page painted light while the store fell back to dark, so the
    // first toggle set light and nothing changed on screen.
    localStorage.setItem('THEME_MODE_VALUE', 'light');
    run(ROOT_MARKS_SCRIPT);
    expect(document.documentElement.dataset.theme).toBe('dark');
    vi.resetModules();
    const { $theme } = await import('../../../src/stores/theme');
    expect($theme.get()).toBe(document.documentElement.dataset.theme);
  });

  it('puts the theme on the incoming page of a client-router swap', () => {
    localStorage.setItem('THEME_MODE_VALUE', '"light"');
    run(ROOT_MARKS_SCRIPT);
    const newDocument = document.implementation.createHTMLDocument('next');
    const event = Object.assign(new Event('astro:before-swap'), { newDocument });
    document.dispatchEvent(event);
    expect(newDocument.documentElement.getAttribute('data-theme')).toBe('light');
  });
});

describe("the browser's bar, in the colour of the theme's page (<meta name=\"theme-color\">)", () => {
  /** Each theme's page colour as theme.css has it (body's background: --surface-0). */
  function pageColours(): Record<'dark' | 'light', string> {
    const sheet = readFileSync(join(import.meta.dirname, '../../../src/styles/theme.css'), 'utf8');
    const tokens = (block: string) => Object.fromEntries([...(/\{([^}]*)\}/.exec(sheet.slice(sheet.indexOf(block))) ?? ['', ''])[1]!.matchAll(/(--[\w-]+):\s*([^;]+);/g)].map(([, name, value]) => [name!, value!.trim()]));
    const base = tokens(':root {');
    const resolve = (value: string) => base[/^var\((--[\w-]+)\)$/.exec(value)?.[1] ?? ''] ?? value;
    return { dark: resolve(tokens(":root[data-theme='dark'] {")['--surface-0']!), light: resolve(tokens(":root[data-theme='light'] {")['--surface-0']!) };
  }

  /** A document's head as Base.astro writes it: the dark default, before the head script. */
  function headOf(target: Document): HTMLMetaElement {
    const meta = target.createElement('meta');
    meta.name = 'theme-color';
    meta.content = pageColours().dark;
    target.head.append(meta);
    return meta;
  }

  let meta: HTMLMetaElement;
  beforeEach(() => {
    meta = headOf(document);
  });
  afterEach(() => meta.remove());

  it("is each theme's page colour: a light page's phone kept a near-black bar over it", () => {
    expect(BROWSER_BAR_COLOURS).toEqual(pageColours());
  });

  it('follows the stored theme before the first paint, and on the incoming page of a client-router swap', () => {
    run(ROOT_MARKS_SCRIPT);
    expect(meta.content).toBe(pageColours().dark);
    localStorage.setItem('THEME_MODE_VALUE', '"light"');
    run(ROOT_MARKS_SCRIPT);
    expect(meta.content).toBe(pageColours().light);
    const newDocument = document.implementation.createHTMLDocument('next');
    const incoming = headOf(newDocument);
    document.dispatchEvent(Object.assign(new Event('astro:before-swap'), { newDocument }));
    expect(incoming.content).toBe(pageColours().light);
  });

  it("follows the user's toggle, and the theme chosen in another tab", async () => {
    vi.resetModules();
    const { $theme, followThemeElsewhere, toggleTheme } = await import('../../../src/stores/theme');
    expect($theme.get()).toBe('dark');
    toggleTheme();
    expect(meta.content).toBe(pageColours().light);
    toggleTheme();
    expect(meta.content).toBe(pageColours().dark);
    const stop = followThemeElsewhere();
    try {
      localStorage.setItem('THEME_MODE_VALUE', '"light"');
      window.dispatchEvent(new StorageEvent('storage', { key: 'THEME_MODE_VALUE' }));
      expect(meta.content).toBe(pageColours().light);
    } finally {
      stop();
    }
  });
});

describe("the theme script's mark of the mini player (before first paint)", () => {
  afterEach(() => {
    delete (window as { documentPictureInPicture?: unknown }).documentPictureInPicture;
  });

  it('marks the page where the browser opens a mini-player window, and the incoming page of a swap', () => {
    run(ROOT_MARKS_SCRIPT);
    expect(document.documentElement.hasAttribute('data-mini-player')).toBe(false);
    (window as { documentPictureInPicture?: unknown }).documentPictureInPicture = {};
    run(ROOT_MARKS_SCRIPT);
    expect(document.documentElement.hasAttribute('data-mini-player')).toBe(true);
    const newDocument = document.implementation.createHTMLDocument('next');
    document.dispatchEvent(Object.assign(new Event('astro:before-swap'), { newDocument }));
    expect(newDocument.documentElement.hasAttribute('data-mini-player')).toBe(true);
  });
});

describe('the instant swap script (before the client router runs)', () => {
  it('hides the View Transition API from the router, so a swap waits for no captured frame', () => {
    // A browser with the API has it on the document's prototype, as Chromium does.
    const prototype = Object.getPrototypeOf(document) as object;
    Object.defineProperty(prototype, 'startViewTransition', { value: () => ({ finished: Promise.resolve() }), configurable: true });
    try {
      expect(Boolean(document.startViewTransition)).toBe(true);
      run(INSTANT_SWAP_SCRIPT);
      expect(Boolean(document.startViewTransition)).toBe(false);
      // Run twice (a page's head again after a reload of the script's text) without throwing.
      run(INSTANT_SWAP_SCRIPT);
    } finally {
      delete (document as { startViewTransition?: unknown }).startViewTransition;
      delete (prototype as { startViewTransition?: unknown }).startViewTransition;
    }
  });
});

describe('the record of the page shown (before history can move)', () => {
  const start = location.href;
  beforeEach(() => {
    delete (window as { __mmPage?: unknown }).__mmPage;
    history.replaceState(null, '', start);
  });

  it("records the document's own address, and notices history that moved before the router listened", () => {
    run(PAGE_ADDRESS_SCRIPT);
    expect(shownPage()).toEqual({ href: start, routed: false, offline: false });
    expect(catchUpWith(shownPage(), new URL(location.href))).toBe('nothing');
    // Back, heard by no router: the address moves, the page does not.
    history.replaceState(null, '', '/elsewhere');
    expect(shownPage().href).toBe(start);
    expect(catchUpWith(shownPage(), new URL(location.href))).toBe('route');
  });

  it('says whether the browser was offline as the document started, not as the shell runs later', () => {
    const online = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    try {
      run(PAGE_ADDRESS_SCRIPT);
      online.mockReturnValue(false);
      expect(shownPage().offline).toBe(false);
      delete (window as { __mmPage?: unknown }).__mmPage;
      run(PAGE_ADDRESS_SCRIPT);
      expect(shownPage().offline).toBe(true);
    } finally {
      online.mockRestore();
    }
  });

  it("follows the router: what it begins is its to show, and each page it swaps in stands at the address", () => {
    run(PAGE_ADDRESS_SCRIPT);
    document.dispatchEvent(new Event('astro:before-preparation'));
    expect(shownPage().routed).toBe(true);
    history.replaceState(null, '', '/album/a1');
    document.dispatchEvent(new Event('astro:after-swap'));
    expect(shownPage().href).toBe(new URL('/album/a1', start).href);
  });

  it('has the router show the page at the address once it listens, and loads it only when history moved', async () => {
    const navigate = vi.fn(async (_href: string, _options: { history: 'replace' }) => undefined);
    const router = vi.fn(async () => ({ navigate }));
    run(PAGE_ADDRESS_SCRIPT);
    showPageAtAddress(router);
    await Promise.resolve();
    expect(router).not.toHaveBeenCalled();
    history.replaceState(null, '', '/elsewhere');
    showPageAtAddress(router);
    await vi.waitFor(() => expect(navigate).toHaveBeenCalledWith(new URL('/elsewhere', start).href, { history: 'replace' }));
  });

  it('keeps the first record when run again (the same head after a swap)', () => {
    run(PAGE_ADDRESS_SCRIPT);
    history.replaceState(null, '', '/album/a1');
    run(PAGE_ADDRESS_SCRIPT);
    expect(shownPage().href).toBe(start);
  });
});
