import { Fragment, type ReactNode } from 'react';
import { hrefOf } from '../../lib/routes';
import type { ArtistRef } from '../../api/types';

// Each name stands apart in its own direction (`dir="auto"`, `<bdi>`: isolated from the text
// around it). A right-to-left name beside our left-to-right text would otherwise pull the
// neutral characters next to it into its run: two Arabic artists showed in reverse order (the
// first one's link on the right), and "1976 • <name> • 13 songs" read "1976 • 13 • <name> songs".

/**
 * Artist names, each a link to its page, separated by bullets (SPEC §2); `separator` for one
 * of another shape (the player card's, which a screen reader does not read out).
 */
export function ArtistLinks({ artists, separator = ' • ' }: { artists: readonly ArtistRef[]; separator?: ReactNode }) {
  return (
    <>
      {artists.map((artist, index) => (
        <Fragment key={`${artist.id}-${index}`}>
          {index > 0 ? separator : null}
          {artist.id ? (
            <a className="artist-link" dir="auto" href={hrefOf('artist', { artistId: artist.id })}>
              {artist.name}
            </a>
          ) : (
            <bdi>{artist.name}</bdi>
          )}
        </Fragment>
      ))}
    </>
  );
}

/** Names as text (no links), each isolated, between `separator`s. */
export function NameList({ names, separator = ' • ' }: { names: readonly string[]; separator?: string }) {
  return (
    <>
      {names.map((name, index) => (
        <Fragment key={index}>
          {index > 0 ? separator : null}
          <bdi>{name}</bdi>
        </Fragment>
      ))}
    </>
  );
}
