import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SEARCH_MAX_LENGTH, SearchBox } from '../../../src/islands/shell/SearchBox';
import { noteLastInput } from '../../../src/lib/intent-signals';
import { setNavigator } from '../../../src/lib/navigation';
import { syncRoute } from '../../../src/stores/route';

let visits: { path: string; replace: boolean }[];

beforeEach(() => {
  visits = [];
  setNavigator((path, { replace }) => visits.push({ path, replace }));
  syncRoute('/');
});

afterEach(() => {
  cleanup();
  setNavigator(null);
});

/** Goes back or forward in the history and waits for the browser's popstate. */
function travel(go: () => void): Promise<void> {
  const arrived = new Promise<void>((resolve) => window.addEventListener('popstate', () => resolve(), { once: true }));
  go();
  return arrived;
}

function box(): HTMLInputElement {
  return screen.getByPlaceholderText('What do you want to play?');
}

describe('the top bar search box (SPEC §2, §5)', () => {
  it('opens /search when pressed (a click, a tap) anywhere else; a focus of its own (Tab, a dialog giving it back) waits for the first letter', () => {
    render(<SearchBox />);
    fireEvent.focus(box());
    expect(visits).toEqual([]);
    fireEvent.change(box(), { target: { value: 'S' } });
    expect(visits).toEqual([{ path: '/search', replace: false }]);
    cleanup();
    visits.length = 0;
    render(<SearchBox />);
    act(() => syncRoute('/album/abc'));
    fireEvent.pointerDown(box());
    expect(visits).toEqual([{ path: '/search', replace: false }]);
  });

  it('does not send the app on to the bare /search when the router gives the box its focus back on the way to q', () => {
    syncRoute('/album/abc');
    render(<SearchBox />);
    fireEvent.pointerDown(box());
    fireEvent.focus(box());
    fireEvent.change(box(), { target: { value: 'Sol' } });
    fireEvent.submit(box().form!);
    // The router swaps /search?q=Sol in and focuses the box again, before the route follows.
    fireEvent.focus(box());
    expect(visits.map(({ path }) => path)).toEqual(['/search', '/search?q=Sol']);
    act(() => syncRoute('/search?q=Sol'));
    act(() => syncRoute('/artist/xyz'));
    fireEvent.pointerDown(box());
    expect(visits.at(-1)).toEqual({ path: '/search', replace: false });
  });

  it('keeps what is typed after Enter while the results are on their way: their arrival does not put the q back over it', () => {
    syncRoute('/search?q=love');
    render(<SearchBox />);
    fireEvent.change(box(), { target: { value: 'night' } });
    fireEvent.submit(box().form!);
    expect(visits.at(-1)?.path).toBe('/search?q=night');
    fireEvent.change(box(), { target: { value: 'night anthem' } });
    act(() => syncRoute('/search?q=night'));
    expect(box().value).toBe('night anthem');
    // Back, or another page: the route's q again.
    act(() => syncRoute('/search?q=love'));
    expect(box().value).toBe('love');
  });

  it('does not navigate on focus when already on /search', () => {
    syncRoute('/search?q=abc');
    render(<SearchBox />);
    fireEvent.focus(box());
    expect(visits).toEqual([]);
  });

  it('starts with the q of the URL on /search', async () => {
    syncRoute('/search?q=night%20drive');
    render(<SearchBox />);
    await act(async () => {});
    expect(box().value).toBe('night drive');
  });

  it("renders the q the server read in its HTML (all a page shows with JavaScript off), and hydrates from it with no mismatch", async () => {
    syncRoute('/search?q=abc');
    const html = renderToString(<SearchBox serverQuery="abc" />);
    expect(html).toMatch(/<input[^>]* value="abc"/);
    const container = document.body.appendChild(document.createElement('div'));
    container.innerHTML = html;
    const mismatches: unknown[] = [];
    await act(async () => {
      hydrateRoot(container, <SearchBox serverQuery="abc" />, { onRecoverableError: (error) => mismatches.push(error) });
    });
    expect(mismatches).toEqual([]);
    const input = container.querySelector('input')!;
    expect(input.value).toBe('abc');
    expect(input.readOnly).toBe(false);
    container.remove();
  });

  it("shows the clear icon in the server's HTML when q has text, and its click once hydrated empties the box and removes q", async () => {
    syncRoute('/search?q=Horizon');
    const html = renderToString(<SearchBox serverQuery="Horizon" />);
    expect(html).toMatch(/<button[^>]* aria-label="Clear search"/);
    expect(renderToString(<SearchBox serverQuery="" />)).not.toMatch(/Clear search/);
    const container = document.body.appendChild(document.createElement('div'));
    container.innerHTML = html;
    const clearIcon = container.querySelector('button')!;
    const mismatches: unknown[] = [];
    await act(async () => {
      hydrateRoot(container, <SearchBox serverQuery="Horizon" />, { onRecoverableError: (error) => mismatches.push(error) });
    });
    expect(mismatches).toEqual([]);
    // The server's node is the island's: a click held while it hydrated lands on a live button.
    expect(container.querySelector('button')).toBe(clearIcon);
    fireEvent.click(clearIcon);
    expect(container.querySelector('input')!.value).toBe('');
    expect(container.querySelector('button')).toBeNull();
    expect(visits.at(-1)).toEqual({ path: '/search', replace: false });
    container.remove();
  });

  it("is a GET form to /search whose input is q: Enter works with JavaScript off", () => {
    const html = renderToString(<SearchBox serverQuery="abc" />);
    expect(html).toMatch(/<form[^>]* role="search"[^>]* action="\/search" method="get"/);
    expect(html).toMatch(/<input[^>]* name="q"/);
    expect(html).not.toMatch(/readonly/i);
  });

  it('keeps what was typed into the server\'s box before hydration, and on the /search its focus opens', async () => {
    syncRoute('/album/abc');
    const container = document.body.appendChild(document.createElement('div'));
    container.innerHTML = renderToString(<SearchBox />);
    const input = container.querySelector('input')!;
    input.value = 'night dr';
    const mismatches: unknown[] = [];
    await act(async () => {
      hydrateRoot(container, <SearchBox />, { onRecoverableError: (error) => mismatches.push(error) });
    });
    expect(mismatches).toEqual([]);
    expect(input.value).toBe('night dr');
    // The press came before the island (the directive noted it), its focus is told again after.
    noteLastInput({ type: 'pointerdown', target: input } as unknown as Event);
    fireEvent.focus(input);
    expect(visits).toEqual([{ path: '/search', replace: false }]);
    noteLastInput({ type: 'keydown', target: input } as unknown as Event);
    fireEvent.change(input, { target: { value: 'night drive' } });
    // The client router arrives at /search after the letters: they stay.
    act(() => syncRoute('/search'));
    expect(input.value).toBe('night drive');
    fireEvent.submit(input.form!);
    expect(visits.at(-1)).toEqual({ path: '/search?q=night+drive', replace: false });
    container.remove();
  });

  it('ignores typing beyond 30 characters', () => {
    render(<SearchBox />);
    fireEvent.change(box(), { target: { value: 'a'.repeat(SEARCH_MAX_LENGTH) } });
    fireEvent.change(box(), { target: { value: 'a'.repeat(SEARCH_MAX_LENGTH + 1) } });
    expect(box().value).toBe('a'.repeat(30));
    expect(box().maxLength).toBe(30);
  });

  it('sets q to the trimmed text on Enter', () => {
    render(<SearchBox />);
    fireEvent.change(box(), { target: { value: '  lo fi beats ' } });
    fireEvent.submit(box().form!);
    expect(visits.at(-1)).toEqual({ path: '/search?q=lo+fi+beats', replace: false });
  });

  it('removes q when Enter is pressed on whitespace only', () => {
    render(<SearchBox />);
    fireEvent.change(box(), { target: { value: '   ' } });
    fireEvent.submit(box().form!);
    expect(visits.at(-1)).toEqual({ path: '/search', replace: false });
  });

  it('shows the clear icon only with text, and clearing empties the box and removes q', () => {
    render(<SearchBox />);
    expect(screen.queryByRole('button', { name: 'Clear search' })).toBeNull();
    fireEvent.change(box(), { target: { value: 'jazz' } });
    fireEvent.click(screen.getByRole('button', { name: 'Clear search' }));
    expect(box().value).toBe('');
    expect(screen.queryByRole('button', { name: 'Clear search' })).toBeNull();
    // The icon went with the text: focus is in the box, ready for the next search, not on the page.
    expect(document.activeElement).toBe(box());
    expect(visits.at(-1)).toEqual({ path: '/search', replace: false });
  });

  it("Escape does what the clear icon does: the box and q go together (the input's own Escape emptied the box alone)", () => {
    syncRoute('/search?q=jazz');
    render(<SearchBox />);
    expect(box().value).toBe('jazz');
    const escape = new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, cancelable: true });
    act(() => void box().dispatchEvent(escape));
    expect(escape.defaultPrevented).toBe(true);
    expect(box().value).toBe('');
    expect(visits.at(-1)).toEqual({ path: '/search', replace: false });
    // Empty, Escape is the browser's again.
    const again = new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, cancelable: true });
    box().dispatchEvent(again);
    expect(again.defaultPrevented).toBe(false);
  });

  it('follows q through back and forward, dropping what was typed', async () => {
    syncRoute('/search?q=first');
    // As the client router goes to a page: a history entry, then the page load syncs the route.
    history.pushState(null, '', '/search?q=second');
    syncRoute(location.href);
    render(<SearchBox />);
    await act(async () => {});
    expect(box().value).toBe('second');
    fireEvent.change(box(), { target: { value: 'half typed' } });

    await act(() => travel(() => history.back()));
    expect(box().value).toBe('first');

    await act(() => travel(() => history.forward()));
    expect(box().value).toBe('second');
    expect(visits).toEqual([]);
  });

  it('empties when the app leaves /search, and shows nothing typed on the next page', async () => {
    syncRoute('/search?q=jazz');
    render(<SearchBox />);
    await act(async () => {});
    expect(box().value).toBe('jazz');
    act(() => syncRoute('/album/abc'));
    expect(box().value).toBe('');
    fireEvent.change(box(), { target: { value: 'typed here' } });
    act(() => syncRoute('/artist/xyz'));
    expect(box().value).toBe('');
  });
});
