import { useEffect, useRef, useState, type RefObject } from 'react';

/** SPEC §2's default image, swapped in when a picture is missing or fails to load (§8). */
export const DEFAULT_COVER = '/images/default-song.svg';

/**
 * The picture to show for `wanted`: itself, or the default image once it failed to load. `fail`
 * goes to the image's onError and `ref` to the image: a server-rendered picture may have failed
 * before its island hydrated, when no onError could hear it (the player's cover kept the
 * browser's broken-image icon), so the image is looked at once mounted. A new `wanted` is tried afresh.
 */
export function useFallbackImage(wanted: string): { src: string; fail: () => void; ref: RefObject<HTMLImageElement | null> } {
  const [failed, setFailed] = useState<string | null>(null);
  const ref = useRef<HTMLImageElement>(null);
  useEffect(() => {
    const element = ref.current;
    if (element?.complete && element.naturalWidth === 0 && element.getAttribute('src') === wanted) setFailed(wanted);
  }, [wanted]);
  return { src: failed === wanted ? DEFAULT_COVER : wanted, fail: () => setFailed(wanted), ref };
}
