/**
 * A press whose call is on its way is the same press when it comes again: the player's pause,
 * a resume that start() does not send (stores/player.ts, stores/play.ts). A slow provider got one
 * call per press, and two taps held until the card hydrated were given to it in one tick.
 */
export interface OneOnItsWay {
  /** `run`'s promise, or the one still on its way, which every caller meanwhile shares. */
  (run: () => Promise<void>): Promise<void>;
  /** The call on its way, or null. */
  pending(): Promise<void> | null;
}

export function oneOnItsWay(): OneOnItsWay {
  let onItsWay: Promise<void> | null = null;
  const share = (run: () => Promise<void>) => {
    if (onItsWay) return onItsWay;
    const running = run().finally(() => {
      if (onItsWay === running) onItsWay = null;
    });
    onItsWay = running;
    return running;
  };
  return Object.assign(share, { pending: () => onItsWay });
}
