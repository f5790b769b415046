import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import { FOCUSABLE, focusContent } from '../../components/use-focus-trap';
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
 * Whether the keyboard goes with the card as it hides for the mini-player and comes back
 * (WCAG 2.4.3): its focus in the card, or on no control Tab reaches (the document; the page's
 * content, where the card's Close sends it). Focus the user took elsewhere stays there.
 */
function focusGoesWithCard(focused: Element | null, card: Element | null): boolean {
  if (!focused || focused === focused.ownerDocument.body) return true;
  return (card?.contains(focused) ?? false) || !focused.matches(FOCUSABLE);
}

/**
 * The mini-player window: `supported` is false where the browser lacks Document
 * Picture-in-Picture (the button is then not shown); `open` must run inside a click. `card` is
 * the player card, which hides while the window is open; `button`, for its "Open mini player"
 * button, is where the keyboard comes back to as the window closes.
 */
export function useMiniPlayer(card: RefObject<HTMLElement | null>) {
  const [supported] = useState(() => pipApi() !== null);
  const [win, setWin] = useState<Window | null>(null);
  const button = useRef<HTMLButtonElement>(null);
  const focusBack = useRef(false);
  const open = useCallback(async () => {
    const api = pipApi();
    if (!api) return;
    try {
      const opened = await api.requestWindow(WINDOW_SIZE);
      opened.document.title = 'My Music';
      copyStyles(opened.document);
      opened.addEventListener('pagehide', () => setWin(null), { once: true });
      // Read once the window is there, not at the click: the palette, which opens it too, has
      // given the focus back by then. A focus left in the card would drop to the document as
      // it hides, and the next Tab start over at the top of the page.
      focusBack.current = focusGoesWithCard(document.activeElement, card.current);
      if (focusBack.current) focusContent();
      setWin(opened);
    } catch (error) {
      console.warn('The mini player could not open', error);
    }
  }, [card]);
  const close = useCallback(() => win?.close(), [win]);
  // The window closed (its "Back to the player card", or the window's own close) and the card
  // shows again, with its button, in this commit.
  useEffect(() => {
    if (win || !focusBack.current) return;
    focusBack.current = false;
    if (focusGoesWithCard(document.activeElement, card.current)) button.current?.focus();
  }, [win, card]);
  // Others (the command palette) open the same window through the store.
  useEffect(() => {
    if (!supported) return;
    setMiniPlayerOpener(() => void open());
    return () => setMiniPlayerOpener(null);
  }, [supported, open]);
  return { supported, win, open, close, button };
}
