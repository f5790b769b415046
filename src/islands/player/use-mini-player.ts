import { useCallback, useEffect, useState } from 'react';
import { setMiniPlayerOpener } from '../../stores/mini-player';

// Kept apart from MiniPlayer.tsx: the card needs this hook at once, the window's view only once it opens.

/** The Document Picture-in-Picture window's size: a cover, two lines and a row of buttons. */
const WINDOW_SIZE = { width: 320, height: 300 };

interface PipApi {
  requestWindow(options: { width: number; height: number }): Promise<Window>;
}
/** The browser's Document Picture-in-Picture, or null (none on the server, which renders the card too). */
const pipApi = (): PipApi | null =>
  typeof window === 'undefined' ? null : ((window as unknown as { documentPictureInPicture?: PipApi }).documentPictureInPicture ?? null);

/** Copies the page's styles into the mini-player window, so it wears the same theme. */
function copyStyles(target: Document): void {
  for (const sheet of Array.from(document.styleSheets)) {
    try {
      const style = target.createElement('style');
      style.textContent = Array.from(sheet.cssRules, (rule) => rule.cssText).join('\n');
      target.head.append(style);
    } catch {
      // A stylesheet of another origin cannot be read: link it instead.
      if (!sheet.href) continue;
      const link = target.createElement('link');
      link.rel = 'stylesheet';
      link.href = sheet.href;
      target.head.append(link);
    }
  }
}

/**
 * The mini-player window: `supported` is false where the browser lacks Document
 * Picture-in-Picture (the button is then not shown); `open` must run inside a click.
 */
export function useMiniPlayer() {
  const [supported] = useState(() => pipApi() !== null);
  const [win, setWin] = useState<Window | null>(null);
  const open = useCallback(async () => {
    const api = pipApi();
    if (!api) return;
    try {
      const opened = await api.requestWindow(WINDOW_SIZE);
      opened.document.title = 'My Music';
      copyStyles(opened.document);
      opened.addEventListener('pagehide', () => setWin(null), { once: true });
      setWin(opened);
    } catch (error) {
      console.warn('The mini player could not open', error);
    }
  }, []);
  const close = useCallback(() => win?.close(), [win]);
  // Others (the command palette) open the same window through the store.
  useEffect(() => {
    if (!supported) return;
    setMiniPlayerOpener(() => void open());
    return () => setMiniPlayerOpener(null);
  }, [supported, open]);
  return { supported, win, open, close };
}
