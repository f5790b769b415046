/** Rows as stored in SQLite; the object builders turn them into the provider's JSON. */
export interface ArtistRow {
  id: string;
  name: string;
  followers: number;
  popularity: number;
  genres: string;
  has_image: number;
  language: string;
}

export interface AlbumRow {
  id: string;
  name: string;
  album_type: 'album' | 'single' | 'compilation';
  release_date: string;
  release_date_precision: 'year' | 'month' | 'day';
  total_tracks: number;
  label: string;
  popularity: number;
  has_image: number;
  upc: string;
}

export interface TrackRow {
  id: string;
  album_id: string;
  name: string;
  track_number: number;
  disc_number: number;
  duration_ms: number;
  explicit: number;
  popularity: number;
  isrc: string;
}

export interface UserRow {
  id: string;
  display_name: string | null;
  email: string | null;
  password: string | null;
  product: 'premium' | 'free';
  country: string;
  followers: number;
  image_count: number;
}

export interface PlaylistRow {
  id: string;
  name: string;
  description: string;
  owner_id: string;
  public: number;
  collaborative: number;
  followers: number;
  has_image: number;
  featured: number;
  unavailable: number;
  snapshot: number;
  user_made: number;
  owner_left: number;
}

export interface PlaylistItemRow {
  playlist_id: string;
  position: number;
  track_id: string | null;
  added_at: string;
  added_by: string;
}

export interface CategoryRow {
  id: string;
  name: string;
  position: number;
  has_icon: number;
}
