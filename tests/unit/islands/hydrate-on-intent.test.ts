import { afterEach, describe, expect, it, vi } from 'vitest';
import hydrateOnIntent, { islandToWaitFor, replayOf } from '../../../src/components/shell/hydrate-on-intent';
import { ISLAND_UNLOADED, notePlayingMark, wakeIslands } from '../../../src/lib/intent-signals';
import { ISLAND_CODE_META, preloadNamedCode } from '../../../src/lib/named-code';
import { directive, hydrated, island } from '../helpers/intent-islands';

// The client:intent directive over a page's islands (helpers/intent-islands.ts). The user acts
// on a document only once: the tests run in the order of a page's life, before and after that.

const click = (target: Element, init: MouseEventInit = {}) => target.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, ...init }));

afterEach(() => {
  document.body.innerHTML = '';
});

describe('what waits for an island to hydrate', () => {
  it('is a click inside one, but not on a link; a button inside a link card is a button', () => {
    const element = island();
    const on = (selector: string, type = 'click') => islandToWaitFor({ type, target: element.querySelector(selector) });
    expect(on('.play')).toBe(element);
    expect(on('.text')).toBe(element);
    expect(on('.card')).toBeNull();
    expect(on('.card-play')).toBe(element);
    expect(on('.play', 'dblclick')).toBe(element);
  });

  it('is a right click on a track only: elsewhere the browser keeps its own menu', () => {
    const element = island();
    expect(islandToWaitFor({ type: 'contextmenu', target: element.querySelector('.name') })).toBe(element);
    expect(islandToWaitFor({ type: 'contextmenu', target: element.querySelector('.text') })).toBeNull();
  });

  it('is nothing once the island has hydrated, or outside islands', () => {
    const element = island();
    hydrated(element);
    expect(islandToWaitFor({ type: 'click', target: element.querySelector('.play') })).toBeNull();
    expect(islandToWaitFor({ type: 'click', target: document.body })).toBeNull();
  });
});

describe('a replayed event', () => {
  it('keeps its place, button and keys', () => {
    const again = replayOf(new MouseEvent('contextmenu', { clientX: 12, clientY: 34, button: 2, shiftKey: true })) as MouseEvent;
    expect(again).toBeInstanceOf(MouseEvent);
    expect([again.type, again.clientX, again.clientY, again.button, again.shiftKey, again.bubbles]).toEqual(['contextmenu', 12, 34, 2, true, true]);
  });
});

describe('a page before and after the user acts', () => {
  it('loads no island before the user acts or a wake names it', () => {
    expect(directive(island()).load).not.toHaveBeenCalled();
    expect(directive(island(), 'player').load).not.toHaveBeenCalled();
  });

  it('hydrates the island whose rows hold the track the player holds, and no other', () => {
    const other = directive(island('t9'));
    const holding = directive(island('t2'));
    notePlayingMark({ trackId: 't2', isPlaying: false });
    expect(holding.load).toHaveBeenCalledTimes(1);
    expect(other.load).not.toHaveBeenCalled();
    // An island that comes while that track is current hydrates as it comes.
    expect(directive(island('t2')).load).toHaveBeenCalledTimes(1);
    notePlayingMark({ trackId: null, isPlaying: false });
  });

  it('leaves an island whose HTML shows the player as it is; wakes it once the player shows otherwise (plays, or another track)', () => {
    notePlayingMark({ trackId: 't3', isPlaying: false });
    const marked = directive(island('t3', { trackId: 't3', isPlaying: false }));
    // Marked by the server for a track the player has left: it must take the mark off.
    const stale = directive(island('t4', { trackId: 't4', isPlaying: false }));
    expect(marked.load).not.toHaveBeenCalled();
    expect(stale.load).toHaveBeenCalledTimes(1);
    notePlayingMark({ trackId: 't3', isPlaying: true });
    expect(marked.load).toHaveBeenCalledTimes(1);
    notePlayingMark({ trackId: null, isPlaying: false });
  });

  it('hydrates the shell\'s islands when the shell wakes them, no other; a shell island that comes later hydrates as it comes', () => {
    const shell = directive(island('s1'), 'shell');
    const content = directive(island('s2'));
    expect(shell.load).not.toHaveBeenCalled();
    wakeIslands('shell');
    expect(shell.load).toHaveBeenCalledTimes(1);
    expect(content.load).not.toHaveBeenCalled();
    expect(directive(island('s3'), 'shell').load).toHaveBeenCalledTimes(1);
  });

  it('hydrates every waiting island on the first input, and later islands when the browser is idle', async () => {
    const first = directive(island('t5'));
    const second = directive(island('t6'));
    document.body.dispatchEvent(new PointerEvent('pointermove', { bubbles: true }));
    expect(first.load).toHaveBeenCalledTimes(1);
    expect(second.load).toHaveBeenCalledTimes(1);
    const later = directive(island('t7'));
    await vi.waitFor(() => expect(later.load).toHaveBeenCalledTimes(1));
  });
  it('holds a click that comes before an island has hydrated, then gives the same button the click', async () => {
    const element = island('t3');
    const { load } = directive(element);
    const button = element.querySelector('.play')!;
    const heard: MouseEvent[] = [];
    button.addEventListener('click', (event) => heard.push(event as MouseEvent));
    const first = new MouseEvent('click', { bubbles: true, cancelable: true, clientX: 5, clientY: 6 });
    button.dispatchEvent(first);
    // The island's own handlers (React's, at its root) do not hear it yet; the browser does nothing with it.
    expect(heard).toEqual([]);
    expect(first.defaultPrevented).toBe(true);
    await vi.waitFor(() => expect(load).toHaveBeenCalledTimes(1));
    await vi.waitFor(() => expect(heard).toHaveLength(1));
    expect([heard[0]!.clientX, heard[0]!.clientY]).toEqual([5, 6]);
    // Hydrated: clicks go straight through.
    click(button);
    expect(heard).toHaveLength(2);
  });

  it('lets a link go through: the router takes it with or without the island', () => {
    const element = island('t4');
    directive(element);
    const link = new MouseEvent('click', { bubbles: true, cancelable: true });
    element.querySelector('.card')!.dispatchEvent(link);
    expect(link.defaultPrevented).toBe(false);
  });


  it('begins again, once hydrated, a press that is still going on (a finger resting on a row), not one that ended', async () => {
    const element = island('t8');
    const button = element.querySelector('.play')!;
    const downs: PointerEvent[] = [];
    button.addEventListener('pointerdown', (event) => downs.push(event as PointerEvent));
    button.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true, pointerId: 7, pointerType: 'touch', clientX: 9 }));
    button.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true, pointerId: 8, pointerType: 'mouse' }));
    document.dispatchEvent(new PointerEvent('pointerup', { bubbles: true, pointerId: 8 }));
    expect(downs).toHaveLength(2);
    hydrated(element);
    expect(downs).toHaveLength(3);
    expect([downs[2]!.pointerId, downs[2]!.pointerType, downs[2]!.clientX]).toEqual([7, 'touch', 9]);
  });

  it('tells a control focused before its island hydrated that it has the focus, once hydrated, while it still has it', () => {
    const element = island('t10');
    const button = element.querySelector<HTMLButtonElement>('.play')!;
    const focused = vi.fn();
    button.addEventListener('focusin', focused);
    button.focus();
    expect(focused).toHaveBeenCalledTimes(1);
    hydrated(element);
    expect(focused).toHaveBeenCalledTimes(2);
    // Focus that moved on is not told again.
    const other = island('t11');
    const otherButton = other.querySelector<HTMLButtonElement>('.play')!;
    const heard = vi.fn();
    otherButton.addEventListener('focusin', heard);
    otherButton.focus();
    otherButton.blur();
    hydrated(other);
    expect(heard).toHaveBeenCalledTimes(1);
  });

  it("holds a form's submit (the search box's Enter) until its island has hydrated; its focus is not told again then", () => {
    const element = island('t12');
    element.insertAdjacentHTML('beforeend', '<form class="search-box" action="/search" method="get"><input name="q" /></form>');
    const form = element.querySelector('form')!;
    const input = form.querySelector('input')!;
    const heard: string[] = [];
    form.addEventListener('focusin', () => heard.push('focus'));
    form.addEventListener('submit', (event) => heard.push(`submit ${event.defaultPrevented}`));
    input.focus();
    const early = new Event('submit', { bubbles: true, cancelable: true });
    form.dispatchEvent(early);
    // Neither the browser (the raw text to /search) nor the client router takes it.
    expect(early.defaultPrevented).toBe(true);
    expect(heard).toEqual(['focus']);
    hydrated(element);
    // Told again, the focus would open the bare /search over the q the Enter asks for.
    expect(heard).toEqual(['focus', 'submit false']);
  });

  it('says so when an island\'s code cannot come, drops what it held, and asks again at the next click', async () => {
    const element = island('t9');
    const unloaded = vi.fn();
    document.addEventListener(ISLAND_UNLOADED, unloaded);
    const hydrate = vi.fn(async () => hydrated(element));
    const load = vi.fn().mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module')).mockResolvedValue(hydrate);
    hydrateOnIntent(load, { value: true }, element);
    const button = element.querySelector('.play')!;
    const heard = vi.fn();
    button.addEventListener('click', heard);
    click(button);
    await vi.waitFor(() => expect(unloaded).toHaveBeenCalledTimes(1));
    click(button);
    await vi.waitFor(() => expect(hydrate).toHaveBeenCalledTimes(1));
    // The click made while the code could not come is not done later: only the second is heard.
    expect(load).toHaveBeenCalledTimes(2);
    expect(heard).toHaveBeenCalledTimes(1);
    document.removeEventListener(ISLAND_UNLOADED, unloaded);
  });
});

// Last: the page has its meta naming the code only from here on.
describe("the shell islands' code", () => {
  const preloads = () => [...document.head.querySelectorAll('link[rel="modulepreload"]')].map((link) => link.getAttribute('href'));

  it('is asked for once an island starts, but for what the page already names', async () => {
    document.head.innerHTML = `<meta name="${ISLAND_CODE_META}" content="/_astro/shell-islands.X.js /_astro/named.X.js"><link rel="modulepreload" href="/_astro/named.X.js">`;
    try {
      expect(preloads()).toEqual(['/_astro/named.X.js']);
      // The user acted earlier in this document's life: an island that comes now starts when the browser is idle, and the code comes beside its own.
      const later = directive(island(), 'shell');
      await vi.waitFor(() => expect(later.load).toHaveBeenCalledTimes(1));
      expect(preloads()).toEqual(['/_astro/named.X.js', '/_astro/shell-islands.X.js']);
      preloadNamedCode(document, ISLAND_CODE_META);
      expect(preloads()).toEqual(['/_astro/named.X.js', '/_astro/shell-islands.X.js']);
    } finally {
      document.head.innerHTML = '';
    }
  });
});
