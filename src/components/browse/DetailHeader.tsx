import { useEffect, useRef, useState, type CSSProperties, type ReactNode } from 'react';
import type { Image } from '../../api/types';
import { nameSize } from '../../lib/name-size';
import { shownName } from '../../lib/page-title';
import { openImagePreview } from '../../stores/ui';
import { Cover } from './Cover';

interface DetailHeaderProps {
  images: readonly Image[];
  /** The entity's type shown above its name (Album, Single, Playlist, Artist, Profile). */
  type: string;
  name: string;
  /** The provider's words about it, plain text (a playlist's description), above the meta line. */
  description?: string;
  /** The line under the name: year, artists, counts. */
  meta?: ReactNode;
  /** Above the name (the Verified label). */
  badge?: ReactNode;
  /** The Save / Follow button. */
  action?: ReactNode;
  background: string;
  round?: boolean;
}

/** The most lines a description shows folded: a long one pushed the cover below the first screen, and on a phone the tracks many screens down. */
const DESCRIPTION_LINES = 3;

/** The description's id, for its button's aria-controls: a page has one detail header, and an island's ids come from its code or data (tests/unit/island-ids.test.ts). */
const DESCRIPTION_ID = 'detail-header-description';

/**
 * Whether `text` takes more lines than a folded description shows, open or folded (a folded
 * one's scrollHeight is its whole text's too). Half a line of slack for rounding.
 */
function isCut(text: HTMLElement): boolean {
  const lineHeight = Number.parseFloat(getComputedStyle(text).lineHeight);
  if (!Number.isFinite(lineHeight)) return text.scrollHeight > text.clientHeight + 1;
  return text.scrollHeight > (DESCRIPTION_LINES + 0.5) * lineHeight;
}

/**
 * A description folded to DESCRIPTION_LINES lines, with "more" and "less" where it is cut. Its
 * words are in the page once, whole: CSS folds them, so a screen reader reads them all, once
 * (a tooltip holding them again was read twice, and no finger or key opens a tooltip), and the
 * server's HTML shows the first lines before any script. Only the browser knows where the lines
 * break, so the button comes once the island has hydrated, measured after layout and again
 * whenever the width changes (a turned phone, a resized window).
 */
function Description({ text }: { text: string }) {
  const shown = useRef<HTMLParagraphElement>(null);
  const [cut, setCut] = useState(false);
  const [open, setOpen] = useState(false);
  useEffect(() => {
    const element = shown.current;
    if (!element) return;
    const measure = () => setCut(isCut(element));
    if (typeof ResizeObserver === 'undefined') return measure();
    // It reports the first size as it starts observing, after layout.
    const sizes = new ResizeObserver(measure);
    sizes.observe(element);
    return () => sizes.disconnect();
  }, [text]);
  return (
    <div className="detail-header__about">
      <p
        ref={shown}
        id={DESCRIPTION_ID}
        className={`detail-header__description${open ? ' detail-header__description--open' : ''}`}
        style={{ '--description-lines': DESCRIPTION_LINES } as CSSProperties}
      >
        {text}
      </p>
      {cut ? (
        <button type="button" className="detail-header__more" aria-expanded={open} aria-controls={DESCRIPTION_ID} onClick={() => setOpen(!open)}>
          {open ? 'less' : 'more'}
        </button>
      ) : null}
    </div>
  );
}

/**
 * The header of every detail page on its random background colour: cover
 * (a click opens the image preview), type, name, a description, a meta line and an action.
 */
export function DetailHeader({ images, type, name: given, description, meta, badge, action, background, round = false }: DetailHeaderProps) {
  // A blank name is none: the heading says "Untitled Playlist" rather than nothing.
  const name = shownName(given, type);
  const large = images[0]?.url ?? null;
  const frame = `detail-header__cover-button${round ? ' detail-header__cover-button--round' : ''}`;
  // A round header is a person's (an artist, a user): with no picture at all, their initial
  // shows, and there is no picture to preview.
  const cover = <Cover images={images} alt="" size={232} round={round} person={round ? name : undefined} eager className="detail-header__cover" />;
  return (
    <header className="detail-header" style={{ '--area-color': background } as CSSProperties}>
      {round && images.length === 0 ? (
        <div className={frame}>{cover}</div>
      ) : (
        // The preview is a script's dialog: with scripting off the button goes, the picture stays (global.css).
        <button type="button" className={frame} data-needs-script="content-stays" aria-label={`Show the picture of ${name}`} onClick={() => openImagePreview(large, name)}>
          {cover}
        </button>
      )}
      <div className="detail-header__text">
        {badge}
        <span className="detail-header__type">{type}</span>
        {/* Folded to a few lines where it is long (detail-header.css): its whole words show to the
            pointer, as a card's title does. React sets them as text, never as markup. */}
        <h1 className={`detail-header__name detail-header__name--${nameSize(name)}`} title={name}>
          {name}
        </h1>
        {description ? <Description text={description} /> : null}
        {meta ? <p className="detail-header__meta">{meta}</p> : null}
        {action ? <div className="detail-header__action">{action}</div> : null}
      </div>
    </header>
  );
}
