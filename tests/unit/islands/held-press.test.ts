import { afterEach, describe, expect, it } from 'vitest';
import { heldClickAs } from '../../../src/components/shell/hydrate-on-intent';
import { LONG_PRESS_MS, LONG_PRESS_SLOP_PX } from '../../../src/lib/long-press';
import { hydrated, island } from '../helpers/intent-islands';

// A finger's press on an island before it has hydrated (helpers/intent-islands.ts): a slow phone
// hydrates some 2 s after the first tap. A long press on a track is its menu, not a play, and the
// control tapped shows the wait meanwhile. Its own file: a document is acted on once.

afterEach(() => {
  document.body.innerHTML = '';
});

const press = (heldMs: number, travelPx = 0, menuHeld = false) => ({ heldMs, travelPx, menuHeld });

describe('what a held click is given as', () => {
  it("is the track's menu when it ends a finger resting on a track for the long press's time, hardly moving", () => {
    const row = island('t1').querySelector('.name')!;
    expect(heldClickAs(row, press(LONG_PRESS_MS))).toBe('contextmenu');
    expect(heldClickAs(row, press(900, LONG_PRESS_SLOP_PX))).toBe('contextmenu');
  });

  it('is the click for a tap, a finger that moved, a mouse or a key, and anywhere but on a track', () => {
    const element = island('t2');
    const row = element.querySelector('.name')!;
    expect(heldClickAs(row, press(LONG_PRESS_MS - 1))).toBe('click');
    expect(heldClickAs(row, press(900, LONG_PRESS_SLOP_PX + 1))).toBe('click');
    expect(heldClickAs(row, null)).toBe('click');
    expect(heldClickAs(element.querySelector('.text')!, press(900))).toBe('click');
  });

  it("is nothing when the platform's own menu for that press was held already", () => {
    expect(heldClickAs(island('t3').querySelector('.name')!, press(900, 0, true))).toBeNull();
  });
});

/** `event` as the browser made it at `timeStamp` (the directive times a press by its events). */
const madeAt = <E extends Event>(event: E, timeStamp: number): E => Object.defineProperty(event, 'timeStamp', { value: timeStamp });

/** A finger on `target` for `heldMs`, lifted with the click Chromium sends then. */
function longPress(target: Element, heldMs: number, pointerId: number) {
  const at = { bubbles: true, pointerId, pointerType: 'touch', clientX: 20, clientY: 30 };
  target.dispatchEvent(madeAt(new PointerEvent('pointerdown', at), 1000));
  target.dispatchEvent(madeAt(new PointerEvent('pointerup', at), 1000 + heldMs));
  const click = new MouseEvent('click', { bubbles: true, cancelable: true, clientX: 20, clientY: 30, detail: 1 });
  target.dispatchEvent(click);
  return click;
}

describe('a finger on a track before its island has hydrated', () => {
  it("resting 900 ms opens the row's menu once hydrated, and plays nothing", () => {
    const element = island('t4');
    const row = element.querySelector('.track-row')!;
    const heard: string[] = [];
    for (const type of ['click', 'contextmenu']) row.addEventListener(type, (event) => heard.push(`${event.type}@${(event.target as Element).className}`));
    const click = longPress(element.querySelector('.name')!, 900, 1);
    expect(click.defaultPrevented).toBe(true);
    hydrated(element);
    expect(heard).toEqual(['contextmenu@track-row']);
  });

  it('tapping still plays', () => {
    const element = island('t5');
    const heard: string[] = [];
    element.querySelector('.track-row')!.addEventListener('click', (event) => heard.push(event.type));
    element.querySelector('.track-row')!.addEventListener('contextmenu', (event) => heard.push(event.type));
    longPress(element.querySelector('.name')!, 120, 2);
    hydrated(element);
    expect(heard).toEqual(['click']);
  });
});

describe('a control tapped before its island has hydrated', () => {
  it('shows the wait (aria-busy) until it has had its click, then is as it was', () => {
    const element = island('t6');
    const button = element.querySelector('.card-play')!;
    const busyAtClick: (string | null)[] = [];
    button.addEventListener('click', () => busyAtClick.push(button.getAttribute('aria-busy')));
    button.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, detail: 1 }));
    button.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, detail: 1 }));
    expect(button.getAttribute('aria-busy')).toBe('true');
    hydrated(element);
    expect(button.hasAttribute('aria-busy')).toBe(false);
    expect(busyAtClick).toEqual([null, null]);
  });

  it("shows it on a row's own icon button (a heart), giving back its own aria-busy after; on the row as a whole else", () => {
    const element = island('t7');
    const button = element.querySelector('.play')!;
    button.classList.add('icon-button');
    button.setAttribute('aria-busy', 'false');
    button.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, detail: 1 }));
    const row = element.querySelector('.track-row')!;
    element.querySelector('.name')!.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, detail: 1 }));
    expect([button.getAttribute('aria-busy'), row.getAttribute('aria-busy')]).toEqual(['true', 'true']);
    hydrated(element);
    expect([button.getAttribute('aria-busy'), row.hasAttribute('aria-busy')]).toEqual(['false', false]);
  });
});
