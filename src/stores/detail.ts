import { isCanceled } from '../api/errors';
import { addToLibrary, removeFromLibrary, type LibraryKind } from '../api/library';
import { DEFAULT_BACKGROUND, randomPaletteColor } from '../lib/colors';

/** What every detail area (album, artist, playlist, user) holds besides its own sections (SPEC §3). */
export interface DetailState<T> {
  loading: boolean;
  error: unknown;
  data: T | null;
  /** The header's background, a new random palette colour on every load. */
  background: string;
}

/** A detail area before anything is loaded. */
export function emptyDetail<T>(): DetailState<T> {
  return { loading: false, error: null, data: null, background: DEFAULT_BACKGROUND };
}

/** A detail area as a load starts: loading, with a new random background. */
export function loadingDetail<T>(): DetailState<T> {
  return { loading: true, error: null, data: null, background: randomPaletteColor() };
}

/**
 * SPEC §4's toggles: save/unsave, like/unlike, follow/unfollow act on the
 * current value and the flag flips only when the provider answered 200/204
 * (callApi resolves only then). Resolves to the new value.
 */
export async function flipInLibrary(kind: LibraryKind, id: string, current: boolean): Promise<boolean> {
  if (current) await removeFromLibrary(kind, [id]);
  else await addToLibrary(kind, [id]);
  return !current;
}

/** A failure to log unless it is a cancellation (passed on silently, SPEC §8). */
export function logUnlessCanceled(what: string, error: unknown): void {
  if (!isCanceled(error)) console.error(what, error);
}

/** Guards against answers for a page the user has already left: each load takes a ticket. */
export function createTicket(): { next: () => number; isCurrent: (ticket: number) => boolean } {
  let current = 0;
  return { next: () => ++current, isCurrent: (ticket) => ticket === current };
}
