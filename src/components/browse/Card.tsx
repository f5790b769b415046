import type { ReactNode } from 'react';
import type { Album, Artist, Image, Playlist } from '../../api/types';
import { Cover } from './Cover';

interface CardProps {
  href: string;
  images: readonly Image[];
  title: string;
  subtitle?: ReactNode;
  round?: boolean;
}

/** A tile of a card row or grid: a picture, a name and a line under it; the whole tile is one link. */
export function Card({ href, images, title, subtitle, round = false }: CardProps) {
  return (
    <a className={`card${round ? ' card--round' : ''}`} href={href}>
      <Cover images={images} alt="" size={180} round={round} className="card__cover" />
      <span className="card__title" title={title}>
        {title}
      </span>
      {subtitle ? <span className="card__subtitle">{subtitle}</span> : null}
    </a>
  );
}

/** An album tile: its year and artists under the name. */
export function AlbumCard({ album }: { album: Album }) {
  const line = [album.year, album.artists.map((artist) => artist.name).join(', ')].filter(Boolean).join(' • ');
  return <Card href={`/album/${encodeURIComponent(album.id)}`} images={album.images} title={album.name} subtitle={line} />;
}

/** An artist tile: a round portrait. */
export function ArtistCard({ artist }: { artist: Artist }) {
  return <Card href={`/artist/${encodeURIComponent(artist.id)}`} images={artist.images} title={artist.name} subtitle="Artist" round />;
}

/** A playlist tile: its owner under the name. */
export function PlaylistCard({ playlist }: { playlist: Playlist }) {
  const by = playlist.owner.displayName ? `By ${playlist.owner.displayName}` : 'Playlist';
  return <Card href={`/playlist/${encodeURIComponent(playlist.id)}`} images={playlist.images} title={playlist.name} subtitle={by} />;
}
