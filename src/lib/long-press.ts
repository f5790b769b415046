/**
 * A finger's long press, as touch platforms read it: the track row's own rule (TrackRow's
 * useLongPress opens its menu) and the same rule applied to a press the row's island was not
 * hydrated yet to hear (hydrate-on-intent.ts replays it as the row's menu).
 */

/** How long a finger rests on a row before its menu opens. */
export const LONG_PRESS_MS = 500;

/** A finger that moves further than this is scrolling, not pressing. */
export const LONG_PRESS_SLOP_PX = 10;
