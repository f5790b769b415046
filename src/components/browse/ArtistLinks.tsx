import { Fragment } from 'react';
import { hrefOf } from '../../lib/routes';
import type { ArtistRef } from '../../api/types';

/** Artist names, each a link to its page, separated by bullets (SPEC §2). */
export function ArtistLinks({ artists }: { artists: readonly ArtistRef[] }) {
  return (
    <>
      {artists.map((artist, index) => (
        <Fragment key={`${artist.id}-${index}`}>
          {index > 0 ? ' • ' : null}
          {artist.id ? <a href={hrefOf('artist', { artistId: artist.id })}>{artist.name}</a> : artist.name}
        </Fragment>
      ))}
    </>
  );
}
