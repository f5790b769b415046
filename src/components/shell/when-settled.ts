/**
 * Runs `work` once the page has loaded and the browser is idle (within `timeoutMs` of that): for
 * what a page needs soon but not for its first screen, so it neither competes with the page's own
 * requests nor lengthens the tasks of its load.
 */
export function whenSettled(work: () => void, timeoutMs = 3000): void {
  const idle = () => ('requestIdleCallback' in window ? requestIdleCallback(work, { timeout: timeoutMs }) : setTimeout(work, 1000));
  if (document.readyState === 'complete') idle();
  else window.addEventListener('load', idle, { once: true });
}
