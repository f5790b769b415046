import type { ReactNode } from 'react';
import { shownName } from '../../lib/page-title';
import { hrefOf } from '../../lib/routes';
import type { Album, Artist, Image, Playlist } from '../../api/types';
import { NameList } from './ArtistLinks';
import { Cover } from './Cover';
import { LibraryButton } from './LibraryButton';
import { usePageStartId } from './list-page-start';

interface CardProps {
  href: string;
  images: readonly Image[];
  title: string;
  subtitle?: ReactNode;
  round?: boolean;
  /** A button beside the link, over the picture's corner (Save, Follow). */
  action?: ReactNode;
  /** The first tile of a page Show more added (list-page-start.ts): where its link lands. */
  id?: string;
}

/** A tile of a card row or grid: a picture, a name and a line under it; the whole tile is one link. */
export function Card({ href, images, title, subtitle, round = false, action, id }: CardProps) {
  const link = (
    <a className={`card${round ? ' card--round' : ''}`} href={href} id={action ? undefined : id}>
      {/* A round tile is a person's (an artist, a user): with no picture, their initial shows. */}
      <Cover images={images} alt="" size={180} round={round} person={round ? title : undefined} className="card__cover" />
      <span className="card__title" title={title}>
        {title}
      </span>
      {subtitle ? <span className="card__subtitle">{subtitle}</span> : null}
    </a>
  );
  if (!action) return link;
  // A button may not sit inside a link: the two are siblings in one grid cell.
  return (
    <div className="card-with-action" id={id}>
      {link}
      <span className="card-with-action__action">{action}</span>
    </div>
  );
}

/** An album tile: its year and artists under the name; `toggle` adds its Save button. */
export function AlbumCard({ album, toggle = false, id }: { album: Album; toggle?: boolean; id?: string }) {
  // "year • artists", or whichever of the two the album has.
  const artists = album.artists.length > 0 ? <NameList names={album.artists.map((artist) => artist.name)} separator=", " /> : null;
  const name = shownName(album.name, 'Album');
  const line = album.year && artists ? (
    <>
      {album.year} • {artists}
    </>
  ) : (
    album.year || artists
  );
  return (
    <Card
      href={hrefOf('album', { albumId: album.id })}
      images={album.images}
      title={name}
      subtitle={line}
      action={toggle ? <LibraryButton kind="album" id={album.id} name={name} compact /> : undefined}
      id={id}
    />
  );
}

/** An artist tile: a round portrait; `toggle` adds its Follow button. */
export function ArtistCard({ artist, toggle = false, id }: { artist: Artist; toggle?: boolean; id?: string }) {
  const name = shownName(artist.name, 'Artist');
  return (
    <Card
      href={hrefOf('artist', { artistId: artist.id })}
      images={artist.images}
      title={name}
      subtitle="Artist"
      round
      action={toggle ? <LibraryButton kind="artist" id={artist.id} name={name} compact /> : undefined}
      id={id}
    />
  );
}

/** A playlist tile: its owner under the name. */
export function PlaylistCard({ playlist, id }: { playlist: Playlist; id?: string }) {
  const by = playlist.owner.displayName ? `By ${playlist.owner.displayName}` : 'Playlist';
  return <Card href={hrefOf('playlist', { playlistId: playlist.id })} images={playlist.images} title={shownName(playlist.name, 'Playlist')} subtitle={by} id={id} />;
}

/** A full list of albums as a grid of tiles, each with its Save button. */
export function AlbumGrid({ albums }: { albums: readonly Album[] }) {
  const pageStartId = usePageStartId();
  return (
    <div className="card-grid">
      {albums.map((album, index) => (
        <AlbumCard key={album.id} album={album} toggle id={pageStartId(index)} />
      ))}
    </div>
  );
}

/** A full list of artists as a grid of round tiles, each with its Follow button. */
export function ArtistGrid({ artists }: { artists: readonly Artist[] }) {
  const pageStartId = usePageStartId();
  return (
    <div className="card-grid">
      {artists.map((artist, index) => (
        <ArtistCard key={artist.id} artist={artist} toggle id={pageStartId(index)} />
      ))}
    </div>
  );
}

/** A full list of playlists as a grid of tiles. */
export function PlaylistGrid({ playlists }: { playlists: readonly Playlist[] }) {
  const pageStartId = usePageStartId();
  return (
    <div className="card-grid">
      {playlists.map((playlist, index) => (
        <PlaylistCard key={playlist.id} playlist={playlist} id={pageStartId(index)} />
      ))}
    </div>
  );
}
