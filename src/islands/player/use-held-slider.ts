import { useState } from 'react';

/** What a slider does with the value the user let go of, or with one dropped unsent. */
interface HeldSliderActions {
  /** The value let go of (a pointer up, a key up, the focus leaving): the only time it is sent. */
  send: (value: number) => void;
  /** A hold dropped unsent (below): what the slider moved meanwhile goes back. */
  drop?: () => void;
}

/**
 * The value of a slider (the card's Seek, Now Playing's Volume) while the user holds it: the
 * slider follows the finger or the keys, and what it is for is told once, when it is let go, not
 * at every step of a drag. A pointer the browser cancels (a finger that began on the slider and
 * went on as a scroll of the page: the slider's thumb had jumped under it) drops the hold and
 * sends nothing: nothing else would have let it go, as such a slider never has the focus to lose,
 * and it stood frozen at the finger's value while the music (or the device's volume) went on.
 */
export function useHeldSlider({ send, drop }: HeldSliderActions) {
  const [held, setHeld] = useState<number | null>(null);
  const release = () => {
    if (held === null) return;
    setHeld(null);
    send(held);
  };
  const cancel = () => {
    if (held === null) return;
    setHeld(null);
    drop?.();
  };
  return {
    /** The value under the user's hand, null while the slider shows what is. */
    held,
    /** The slider moved to `value` (its change event). */
    hold: setHeld,
    /** Sends the held value, if there is one (a key's up, the focus leaving). */
    release,
    /** The pointer's end: let go, the value is sent; cancelled, it is dropped. */
    pointerHandlers: { onPointerUp: release, onPointerCancel: cancel },
  };
}
