import { useState } from 'react';

/** SPEC §2's default image, swapped in when a picture is missing or fails to load (§8). */
export const DEFAULT_COVER = '/images/default-song.svg';

/**
 * The picture to show for `wanted`: itself, or the default image once it failed to load. `fail`
 * goes to the image's onError; a new `wanted` is tried afresh.
 */
export function useFallbackImage(wanted: string): { src: string; fail: () => void } {
  const [failed, setFailed] = useState<string | null>(null);
  return { src: failed === wanted ? DEFAULT_COVER : wanted, fail: () => setFailed(wanted) };
}
