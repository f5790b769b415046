import type { ReactNode } from 'react';
import type { Image } from '../../api/types';
import { shownName } from '../../lib/page-title';
import { openImagePreview } from '../../stores/ui';
import { Cover } from './Cover';

interface DetailHeaderProps {
  images: readonly Image[];
  /** The entity's type shown above its name (Album, Single, Playlist, Artist, Profile). */
  type: string;
  name: string;
  /** The line under the name: year, artists, counts. */
  meta?: ReactNode;
  /** Above the name (the Verified label). */
  badge?: ReactNode;
  /** The Save / Follow button. */
  action?: ReactNode;
  background: string;
  round?: boolean;
}

/**
 * The header of every detail page on its random background colour: cover
 * (a click opens the image preview), type, name, a meta line and an action.
 */
export function DetailHeader({ images, type, name: given, meta, badge, action, background, round = false }: DetailHeaderProps) {
  // A blank name is none: the heading says "Untitled Playlist" rather than nothing.
  const name = shownName(given, type);
  const large = images[0]?.url ?? null;
  const frame = `detail-header__cover-button${round ? ' detail-header__cover-button--round' : ''}`;
  // A round header is a person's (an artist, a user): with no picture at all, their initial
  // shows, and there is no picture to preview.
  const cover = <Cover images={images} alt="" size={232} round={round} person={round ? name : undefined} eager className="detail-header__cover" />;
  return (
    <header className="detail-header" style={{ '--area-color': background } as React.CSSProperties}>
      {round && images.length === 0 ? (
        <div className={frame}>{cover}</div>
      ) : (
        <button type="button" className={frame} aria-label={`Show the picture of ${name}`} onClick={() => openImagePreview(large, name)}>
          {cover}
        </button>
      )}
      <div className="detail-header__text">
        {badge}
        <span className="detail-header__type">{type}</span>
        <h1 className="detail-header__name">{name}</h1>
        {meta ? <p className="detail-header__meta">{meta}</p> : null}
        {action ? <div className="detail-header__action">{action}</div> : null}
      </div>
    </header>
  );
}
