import { lastItemBefore, LIST_CONTINUES, watchListEnds } from '../../lib/list-end';
import { focusGivenByScript, HYDRATES_AS_IT_COMES, ISLAND_UNLOADED, isWoken, noteLastInput, PLAYING_MARK, playingMark, WAKE_ISLANDS } from '../../lib/intent-signals';
import { LONG_PRESS_MS, LONG_PRESS_SLOP_PX } from '../../lib/long-press';
import { ISLAND_CODE_META, preloadNamedCode } from '../../lib/named-code';
import { markFromAttribute, rendersAgainFor, SHOWN_MARK_ATTRIBUTE, type PlayingMark } from '../../lib/playing-mark';

/**
 * The `client:intent` directive (astro.config.mjs adds it; Astro inlines this file, bundled,
 * into every page that has such an island). A server-rendered island needs no script to be
 * seen: its HTML holds the content. It needs one the moment the user acts, so it hydrates then
 * (the island the input is on at once, the others once the browser is idle): on the page's
 * first input (a pointer moving or touching, a key, a wheel, focus, a click), when its rows must
 * show the player otherwise than its HTML does (the player's track is one of them,
 * or one marked is no longer, or it plays or stops: src/lib/playing-mark.ts), when the end
 * of a list that goes on comes into view (a screen reader's reading moves no pointer), or when
 * one of its pictures fails (the default image stands in). A focus the shell's script gives (the
 * new page's content after a swap: intent-signals.ts focusWithoutIntent) is no input. An island
 * the shell's script marked (HYDRATES_AS_IT_COMES: a page shown again whose list holds more than
 * its HTML) hydrates as it comes. Until then the page loads none of its
 * code. If the code cannot come (no connection), the shell says so (ISLAND_UNLOADED). Once the
 * user has acted, islands that come later (the client router's pages) hydrate when the browser
 * is idle, as `client:idle` does (within IDLE_BOUND_MS).
 *
 * `client:intent="shell"` (the shell's top bar, overlays and side list) waits for input too, or
 * until the shell's script wakes it (intent-signals.ts wakeIslands): a toast to show, the rate
 * limit's countdown, music elsewhere. `client:intent="player"` (the player card, the Now Playing
 * view) is woken once the player shows what the server's HTML does not (playback/playing-now.ts).
 * So a page nobody touches loads no React at all.
 *
 * A click that lands on an island before it has answered is held and given to it once it has
 * hydrated (React keeps the server's nodes, so it goes to the same button); so is a right click
 * on a track, the row's menu, and a form's submit (the search box's Enter, which the island gives
 * SPEC §5's trimming; the form alone would send the raw text). Links are not held: the client
 * router takes them with or without the island. A control that gained focus meanwhile is told so
 * again. So no control needs to say it is not ready yet: the held control shows the wait itself
 * (`aria-busy`, global.css) until it has had its click, as a slow phone takes seconds to hydrate.
 * A finger's long press on a track, which the row would have opened its menu for, is given as
 * that menu, not as the click its lifting brings (heldClickAs).
 */

/** What counts as the user acting on the page (a click too: a link followed from a script, a key's click). */
const INTENT_EVENTS = ['pointermove', 'pointerdown', 'touchstart', 'keydown', 'wheel', 'focusin', 'click'] as const;

/**
 * Whether `event`, one of INTENT_EVENTS, is the user acting: not the focus the shell's script is
 * giving (`givenByScript`: the new page's content after a swap, which Back reaches with no input
 * on the page). A focus of the keyboard's or a pointer's, or one a screen reader moves, counts.
 */
export function isUserInput(event: Pick<Event, 'type' | 'target'>, givenByScript: Element | null): boolean {
  return !(event.type === 'focusin' && givenByScript !== null && event.target === givenByScript);
}


/** The longest an island waits for the browser to be idle once the user has acted: one of a page the router brings, or one the input was not on. */
const IDLE_BOUND_MS = 1000;

/** An island of this directive that has not hydrated yet (Astro removes `ssr` once it has). */
const WAITING_ISLAND = 'astro-island[client="intent"][ssr]';

/**
 * The island whose hydration `event` must wait for, or null when the event may go on: a click
 * (or a double click) anywhere inside one but on a link, a right click on a track (a row or
 * a tile: its menu), and a form's submit.
 */
export function islandToWaitFor(event: Pick<Event, 'type' | 'target'>): Element | null {
  const target = event.target;
  if (!(target instanceof Element)) return null;
  const island = target.closest(WAITING_ISLAND);
  if (!island) return null;
  if (event.type === 'contextmenu') return island.contains(target.closest('[data-track-id]')) ? island : null;
  // The closest control decides: a button inside a link card is the button's.
  const control = target.closest('a[href], button, input, select, textarea, label, summary, [role="button"], [role="menuitem"], [tabindex]');
  if (control instanceof HTMLAnchorElement && island.contains(control)) return null;
  return island;
}

/** A mouse event's place, buttons and keys, for the same event made again. */
function pointerInit(event: MouseEvent): MouseEventInit {
  const { clientX, clientY, screenX, screenY, button, buttons, detail, ctrlKey, shiftKey, altKey, metaKey } = event;
  return { bubbles: true, cancelable: true, composed: true, clientX, clientY, screenX, screenY, button, buttons, detail, ctrlKey, shiftKey, altKey, metaKey, view: window };
}

/** The same event again, for the same element: a mouse event keeps its place, buttons and keys. */
export function replayOf(event: Event): Event {
  if (!(event instanceof MouseEvent)) return new Event(event.type, { bubbles: true, cancelable: true, composed: true });
  return new MouseEvent(event.type, pointerInit(event));
}

/** A finger's press, from its landing to its lifting. */
export interface TouchPress {
  heldMs: number;
  /** The furthest the finger went from where it landed. */
  travelPx: number;
  /** The platform's own menu for it (a contextmenu) was held too. */
  menuHeld: boolean;
}

/**
 * What a held click on `target` is given as once its island has hydrated. A click the lifting of
 * a finger's long press on a track brings (`press`: it rested LONG_PRESS_MS and hardly moved,
 * TrackRow's own rule, which the row was not hydrated yet to apply) opens the track's menu, as the
 * same press on a hydrated row does (Chromium sends a click as the finger lifts, which would
 * play the track instead); nothing when the platform's menu for that press was held already.
 */
export function heldClickAs(target: Element, press: TouchPress | null): 'click' | 'contextmenu' | null {
  if (!press || !target.closest('[data-track-id]')) return 'click';
  if (press.menuHeld) return null;
  return press.heldMs >= LONG_PRESS_MS && press.travelPx <= LONG_PRESS_SLOP_PX ? 'contextmenu' : 'click';
}

/**
 * The control a held event shows its wait on (global.css draws it): the button it was on (a
 * heart, Play), else the track it was on (a row plays as a whole, its title too), else any control.
 */
function heldControl(target: Element): Element | null {
  return target.closest('.icon-button, .button') ?? target.closest('[data-track-id]') ?? target.closest('button, [role="button"], [role="menuitem"], summary');
}

type Start = () => void;

/** Runs `run` once the browser is idle, within IDLE_BOUND_MS: on a busy phone (or two test workers on two cores) it may not be idle for long. */
function whenIdle(run: () => void): void {
  if ('requestIdleCallback' in window) window.requestIdleCallback(run, { timeout: IDLE_BOUND_MS });
  else setTimeout(run, 200);
}

interface IntentState {
  acted: boolean;
  /** Each island still waiting, and what starts it. */
  waiting: Map<Element, Start>;
  /** The name each waiting island may be woken under (`client:intent="shell"`). */
  wakeNames: WeakMap<Element, string>;
  /** Islands a picture of which failed before their directive ran. */
  broken: WeakSet<Element>;
  /** The events each island is to hear again once it has hydrated. */
  held: Map<Element, (() => void)[]>;
  /** Controls showing a held event's wait, and the `aria-busy` each had before (null: none). */
  busy: Map<Element, string | null>;
}

/** `control` shows the wait for its island (once, whatever the number of clicks held on it). */
function showHeld(state: IntentState, control: Element): void {
  if (state.busy.has(control)) return;
  state.busy.set(control, control.getAttribute('aria-busy'));
  control.setAttribute('aria-busy', 'true');
}

/** The controls of `island` (all, without it) no longer wait: their `aria-busy` is their own again. */
function showHeldDone(state: IntentState, island?: Element): void {
  for (const [control, before] of state.busy) {
    if (island && !island.contains(control)) continue;
    state.busy.delete(control);
    if (before === null) control.removeAttribute('aria-busy');
    else control.setAttribute('aria-busy', before);
  }
}

/**
 * Whether `island`'s rows show the player other than its HTML does (the mark the server rendered
 * them with, which its seed block names): it must hydrate to show it. Not before the shell's
 * script has said what the player holds.
 */
function showsPlayerOtherwise(island: Element, player: PlayingMark | undefined): boolean {
  if (!player) return false;
  const shown = markFromAttribute(island.querySelector(`[${SHOWN_MARK_ATTRIBUTE}]`)?.getAttribute(SHOWN_MARK_ATTRIBUTE) ?? null);
  return rendersAgainFor(shown, player, (id) => island.querySelector(`[data-track-id="${CSS.escape(id)}"]`) !== null);
}

/** One state per document, whatever the number of islands or of times the router re-runs this inline script. */
function stateOf(win: Window & { __myMusicIntent?: IntentState }): IntentState {
  if (win.__myMusicIntent) return win.__myMusicIntent;
  const state: IntentState = { acted: false, waiting: new Map(), wakeNames: new WeakMap(), broken: new WeakSet(), held: new Map(), busy: new Map() };
  win.__myMusicIntent = state;
  const doc = win.document;

  // The island the input is on hydrates first, and the others once the browser is idle: a
  // tap on a row answers without waiting for the top bar, the side list and the player card.
  const act = (event?: Event) => {
    if (state.acted) return;
    state.acted = true;
    for (const type of INTENT_EVENTS) doc.removeEventListener(type, onInput, true);
    const touched = event?.target instanceof Element ? event.target.closest(WAITING_ISLAND) : null;
    const startTheRest = () => {
      for (const start of [...state.waiting.values()]) start();
    };
    const first = touched ? state.waiting.get(touched) : undefined;
    if (!first) return startTheRest();
    first();
    whenIdle(startTheRest);
  };
  const onInput = (event: Event) => {
    if (isUserInput(event, focusGivenByScript())) act(event);
  };
  for (const type of INTENT_EVENTS) doc.addEventListener(type, onInput, { capture: true, passive: true });
  // What the last press was on, for a control that acts on a click's focus alone (the search box).
  for (const type of ['keydown', 'pointerdown']) doc.addEventListener(type, noteLastInput, { capture: true, passive: true });

  /** `replay` runs once `island` has hydrated (one listener per island, whatever the number held). */
  const afterHydrating = (island: Element, replay: () => void) => {
    const replays = state.held.get(island);
    if (replays) return void replays.push(replay);
    state.held.set(island, [replay]);
    island.addEventListener('astro:hydrate', () => {
      const heard = state.held.get(island) ?? [];
      state.held.delete(island);
      // Before the events: what the island does with them may set its own aria-busy.
      showHeldDone(state, island);
      for (const run of heard) run();
    }, { once: true });
  };

  /** Forms whose submit was held: their focus needs telling no more (below). */
  const submitted = new WeakSet<Element>();

  // Each finger on the page, where it landed and when, and the press last lifted, which the click
  // its lifting brings ends: a long press on a track is the track's menu (heldClickAs). Times are
  // the events' own, not the handlers' (a phone parsing the page runs them late).
  const fingers = new Map<number, { x: number; y: number; at: number; travelPx: number; menuHeld: boolean }>();
  let lifted: TouchPress | null = null;
  doc.addEventListener(
    'pointerdown',
    (event) => {
      lifted = null;
      if (event.pointerType === 'touch') fingers.set(event.pointerId, { x: event.clientX, y: event.clientY, at: event.timeStamp, travelPx: 0, menuHeld: false });
    },
    { capture: true, passive: true },
  );
  doc.addEventListener(
    'pointermove',
    (event) => {
      const finger = fingers.get(event.pointerId);
      if (finger) finger.travelPx = Math.max(finger.travelPx, Math.hypot(event.clientX - finger.x, event.clientY - finger.y));
    },
    { capture: true, passive: true },
  );
  doc.addEventListener(
    'pointerup',
    (event) => {
      const finger = fingers.get(event.pointerId);
      fingers.delete(event.pointerId);
      lifted = finger ? { heldMs: event.timeStamp - finger.at, travelPx: finger.travelPx, menuHeld: finger.menuHeld } : null;
    },
    { capture: true, passive: true },
  );
  doc.addEventListener('pointercancel', (event) => void fingers.delete(event.pointerId), { capture: true, passive: true });

  // Held from the first parse of the page, before any island's directive has run.
  const hold = (event: Event) => {
    const island = islandToWaitFor(event);
    if (!island) return;
    if (event.type === 'submit') submitted.add(event.target as Element);
    event.preventDefault();
    event.stopImmediatePropagation();
    const target = event.target as Element;
    // A finger resting on a track: the platform's menu, the click its lifting brings is no press of its own.
    if (event.type === 'contextmenu') for (const finger of fingers.values()) finger.menuHeld = true;
    // A click the keyboard made (detail 0) ends no finger's press.
    const press = event.type === 'click' && (event as MouseEvent).detail !== 0 ? lifted : null;
    if (event.type === 'click') lifted = null;
    const as = event.type === 'click' ? heldClickAs(target, press) : event.type;
    if (as !== null) {
      // The long press's menu is the row's (where its own long press opens it, whatever it rested on).
      const to = as === event.type ? target : (target.closest('[data-track-id]') ?? target);
      const again = as === event.type ? replayOf(event) : new MouseEvent(as, pointerInit(event as MouseEvent));
      afterHydrating(island, () => to.isConnected && to.dispatchEvent(again));
      const control = heldControl(target);
      if (control) showHeld(state, control);
    }
    act(event);
    state.waiting.get(island)?.();
  };
  for (const type of ['click', 'dblclick', 'contextmenu', 'submit']) doc.addEventListener(type, hold, true);

  // A press that began before the island hydrated and still goes on (a finger resting on a row
  // for its menu) begins again for the hydrated island, where it is: a press is not held back.
  const pressing = new Set<number>();
  doc.addEventListener(
    'pointerdown',
    (event) => {
      const island = event.target instanceof Element ? event.target.closest(WAITING_ISLAND) : null;
      if (!island) return;
      const target = event.target as Element;
      const { pointerId } = event;
      pressing.add(pointerId);
      const again = new PointerEvent('pointerdown', { ...pointerInit(event), pointerId, pointerType: event.pointerType, isPrimary: event.isPrimary });
      afterHydrating(island, () => pressing.has(pointerId) && target.isConnected && target.dispatchEvent(again));
    },
    true,
  );
  for (const type of ['pointerup', 'pointercancel']) doc.addEventListener(type, (event) => pressing.delete((event as PointerEvent).pointerId), true);

  // A control focused before its island hydrated (the top bar's search box, which opens /search
  // as it gains focus) is told again once it has, if it still has the focus, and unless its form
  // was submitted meanwhile: the search box's Enter goes to its q, and React may well hear the
  // held submit before this focus (it hydrates at once for a discrete event), which would then
  // send the app to the bare /search after it.
  doc.addEventListener(
    'focusin',
    (event) => {
      const target = event.target;
      const island = target instanceof Element ? target.closest(WAITING_ISLAND) : null;
      if (!island || !(target instanceof Element)) return;
      const form = target.closest('form');
      afterHydrating(island, () => doc.activeElement === target && !(form && submitted.has(form)) && target.dispatchEvent(new FocusEvent('focusin', { bubbles: true, composed: true })));
    },
    true,
  );

  // A picture that fails: the island hydrates to show the default image (an error event does
  // not bubble; it is caught on its way down). Often before the island's directive has run.
  doc.addEventListener(
    'error',
    (event) => {
      const island = event.target instanceof HTMLImageElement ? event.target.closest(WAITING_ISLAND) : null;
      if (!island) return;
      const start = state.waiting.get(island);
      if (start) start();
      else state.broken.add(island);
    },
    true,
  );

  // The player's track, or whether it plays, changed (the shell's script says so): a waiting island whose rows show otherwise hydrates to show it.
  doc.addEventListener(PLAYING_MARK, (event) => {
    const player = (event as CustomEvent<PlayingMark>).detail;
    for (const [island, start] of [...state.waiting]) if (showsPlayerOtherwise(island, player)) start();
  });

  // The shell's script wakes the islands of a name: what they show has changed.
  doc.addEventListener(WAKE_ISLANDS, (event) => {
    const name = (event as CustomEvent<string>).detail;
    for (const [island, start] of [...state.waiting]) if (state.wakeNames.get(island) === name) start();
  });

  return state;
}

// The hold above must be in place while the page is still parsing: it is set as this script runs.
if (typeof window !== 'undefined') stateOf(window);

type Hydrate = () => Promise<void>;

/** The directive Astro calls for each island (after the page's before-hydration stage). */
export default function hydrateOnIntent(load: () => Promise<Hydrate>, options: { value: unknown }, island: HTMLElement): void {
  const state = stateOf(window);
  let started = false;
  let stopWatchingEnds = () => {};
  const start = () => {
    if (started) return;
    started = true;
    state.waiting.delete(island);
    stopWatchingEnds();
    // The shell islands' code every island imports, beside the island's own chunk: found through
    // that chunk's imports, it would come one round trip later.
    preloadNamedCode(document, ISLAND_CODE_META);
    load().then(
      (hydrate) => hydrate(),
      () => {
        // No code, so nothing heard: what was held is dropped (not done later, out of the blue),
        // and the next click on the island asks for its code again.
        state.held.delete(island);
        showHeldDone(state, island);
        started = false;
        state.waiting.set(island, start);
        island.dispatchEvent(new Event(ISLAND_UNLOADED, { bubbles: true }));
      },
    );
  };
  if (island.hasAttribute(HYDRATES_AS_IT_COMES)) return start();
  if (state.acted) return whenIdle(start);
  state.waiting.set(island, start);
  const wakeName = typeof options.value === 'string' ? options.value : null;
  if (wakeName) state.wakeNames.set(island, wakeName);
  if (showsPlayerOtherwise(island, playingMark()) || state.broken.has(island) || (wakeName !== null && isWoken(wakeName))) return start();
  const ends = [...island.querySelectorAll(`[${LIST_CONTINUES}]`)].map(lastItemBefore).filter((item) => item !== null);
  // Shown, or passed before the directive ran (a flick to the page's bottom): lib/list-end.ts's one
  // rule, when its list would load its next page (PagedView), not before: a pointer or a finger
  // would have come first.
  stopWatchingEnds = watchListEnds(ends, start);
}
