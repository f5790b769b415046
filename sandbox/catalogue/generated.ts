import type { Language } from './names';

/** What the catalogue generator made, handed to the playlist generator (its own file, so neither imports the other). */
export interface GeneratedArtist {
  id: string;
  name: string;
  language: Language;
  popularity: number;
}

export interface GeneratedTrack {
  id: string;
  artistId: string;
  language: string;
  popularity: number;
  genre: string;
}

export interface Generated {
  artists: GeneratedArtist[];
  tracks: GeneratedTrack[];
  albumIds: string[];
  /** A track whose name is empty, for the awkward-case playlist entries. */
  emptyNameTrackId: string;
}
