/**
 * A finger on an in-app link fetches its page ahead only once it rests there (FINGER_REST_MS
 * with no move) or lifts unmoved (a tap quicker than that): the click comes some 100 ms after a
 * touch starts, and usually finds the page ready. A swipe that starts on a link is a scroll: on
 * a slow connection its page would compete with the list's next page (a phone scrolling an
 * artist's albums started a fetch for each album its finger landed on).
 */

/** How long a finger rests on a link before its page is fetched ahead. */
export const FINGER_REST_MS = 100;

/** Listens to `doc`'s fingers: `linkOf` names an event target's in-app page (null: none), `fetchAhead` fetches it. */
export function fetchAheadUnderRestingFinger(doc: Document, linkOf: (target: EventTarget | null) => string | null, fetchAhead: (href: string) => void): void {
  let resting: { href: string; timer: ReturnType<typeof setTimeout> } | null = null;
  const forget = () => {
    if (resting) clearTimeout(resting.timer);
    resting = null;
  };
  const fetchNow = () => {
    const href = resting?.href;
    forget();
    if (href) fetchAhead(href);
  };
  const passive = { passive: true, capture: true };
  doc.addEventListener(
    'touchstart',
    (event) => {
      forget();
      // A second finger (a pinch) is no tap on a link.
      const href = event.touches.length === 1 ? linkOf(event.target) : null;
      if (href) resting = { href, timer: setTimeout(fetchNow, FINGER_REST_MS) };
    },
    passive,
  );
  // Chromium sends a touchmove only past its slop: a finger's tremble is no move.
  doc.addEventListener('touchmove', forget, passive);
  doc.addEventListener('touchcancel', forget, passive);
  doc.addEventListener('touchend', fetchNow, passive);
}
