/**
 * Whether the browser loads this page whole, from the network or through the service worker
 * (whose fetch of a navigation says `Sec-Fetch-Mode: navigate` with `Sec-Fetch-Dest: empty`),
 * rather than the client router fetching it (a click, a link fetched ahead, back and forward
 * kept): only such a page shows its shell's persisted parts (the player card, the top bar, the
 * side list, the overlays). In a page the router fetches, the ones on screen stay
 * (`transition:persist`), so the server renders only their places (src/layouts/App.astro).
 */
/**
 * Whether a script fetched this page (the client router, a link fetched ahead): the browser says
 * so. A request that says nothing (an old browser, a test's plain request) is not taken for one.
 */
export function isFetchedByScript(request: Pick<Request, 'method' | 'headers'>): boolean {
  return request.headers.has('sec-fetch-dest') && !loadsWholeDocument(request);
}

export function loadsWholeDocument(request: Pick<Request, 'method' | 'headers'>): boolean {
  const whole = request.headers.get('sec-fetch-dest') === 'document' || request.headers.get('sec-fetch-mode') === 'navigate';
  return request.method === 'GET' && whole;
}
