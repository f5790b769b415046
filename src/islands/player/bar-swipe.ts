/** How far up (CSS pixels) a finger must travel on the phone's player bar to open Now Playing. */
export const SWIPE_UP_DISTANCE = 40;

/**
 * Whether a gesture on the player bar, from where it went down to where it was let go
 * (dx, dy in CSS pixels; y grows downwards), is the upward swipe that opens the Now
 * Playing view: far enough up, and more up than sideways (a sideways drag or a tap is not).
 */
export function swipeOpensNowPlaying(dx: number, dy: number): boolean {
  return -dy >= SWIPE_UP_DISTANCE && -dy > Math.abs(dx) * 1.5;
}
