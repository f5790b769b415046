/**
 * The shell's polite live region (App.astro, kept through every page): words a screen reader is
 * to hear that nothing near the focus says (the server's toasts, the volume a key set).
 */
export const ANNOUNCER_ID = 'shell-announcer';

/**
 * Says `words` in the shell's announcer after `delayMs` (into a region already in place, after a
 * page or its swap), and empties it `forMs` later, unless other words came meanwhile: the same
 * words can then be told again, and a screen reader's later reading of the page does not come
 * upon them.
 */
export function announce(words: string, { delayMs = 0, forMs }: { delayMs?: number; forMs: number }): void {
  const say = () => {
    const announcer = document.getElementById(ANNOUNCER_ID);
    if (!announcer) return;
    announcer.textContent = words;
    setTimeout(() => {
      if (announcer.textContent === words) announcer.textContent = '';
    }, forMs);
  };
  if (delayMs > 0) setTimeout(say, delayMs);
  else say();
}
