import type { Image } from '../../api/types';
import { avatarColour, placeholderColor } from '../../lib/colors';
import { DEFAULT_COVER, useFallbackImage } from '../fallback-image';

/**
 * How many tiles of a page's first row the first screen shows, at most (six on a wide screen,
 * two on a phone): their pictures load with the page, where a lazy one waits for layout and
 * was the phone's largest paint on home (Lighthouse: 1 s of load delay).
 */
export const FIRST_SCREEN_TILES = 6;

interface CoverProps {
  images: readonly Image[];
  /** Empty for a decorative picture beside its own name. */
  alt: string;
  /** The displayed size in CSS pixels (width and height, so the layout never shifts). */
  size: number;
  round?: boolean;
  /**
   * The person the picture shows (an artist, a user). With no picture at all they show as their
   * initial on an avatar colour (SPEC §9's list) rather than a song's default cover; a picture
   * that fails to load still falls back to SPEC §2's default image.
   */
  person?: string;
  /** Above the fold (a page header): load at once instead of lazily. */
  eager?: boolean;
  className?: string;
}

/** The smallest picture at least as large as the slot, or the largest there is. */
function pick(images: readonly Image[], size: number): string | null {
  const sized = [...images].sort((a, b) => (a.width ?? 0) - (b.width ?? 0));
  return (sized.find((image) => (image.width ?? Infinity) >= size) ?? sized.at(-1))?.url ?? null;
}

/** A name's first letter, as an avatar shows it (a whole character, whatever the script). */
export const initialOf = (name: string): string => Array.from(name.trim())[0]?.toLocaleUpperCase() ?? '';

/** A cover, portrait or icon: lazy, sized, decoded off the main thread, on a palette colour until it arrives. */
export function Cover({ images, alt, size, round = false, person, eager = false, className = '' }: CoverProps) {
  const wanted = pick(images, size * 2) ?? DEFAULT_COVER;
  const { src, fail, ref } = useFallbackImage(wanted);
  if (person !== undefined && images.length === 0) {
    return (
      <span
        className={`cover cover--round cover--avatar ${className}`}
        {...(alt ? { role: 'img', 'aria-label': alt } : { 'aria-hidden': true })}
        style={{ backgroundColor: avatarColour(person), '--avatar-size': `${size}px` } as React.CSSProperties}
      >
        {initialOf(person)}
      </span>
    );
  }
  return (
    <img
      ref={ref}
      className={`cover${round ? ' cover--round' : ''} ${className}`}
      src={src}
      alt={alt}
      width={size}
      height={size}
      loading={eager ? 'eager' : 'lazy'}
      // A page header's picture is its largest content: asked for first, with the page.
      fetchPriority={eager ? 'high' : undefined}
      decoding="async"
      style={{ backgroundColor: placeholderColor(wanted) }}
      onError={fail}
    />
  );
}
