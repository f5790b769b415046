import type { SandboxDb } from '../db';
import type { CatalogueSize } from '../env';
import { artistName, LANGUAGES, pickLanguage, title } from './names';
import { between, catalogueId, pick, seededRandom, type Random } from './random';
import { generatePlaylists } from './generate-playlists';
import { popularityKey } from './search-key';
import type { Generated, GeneratedArtist, GeneratedTrack } from './generated';


/** How many artists each size has; albums are four per artist and tracks about ten per album. */
const ARTISTS: Record<CatalogueSize, number> = { small: 200, medium: 2000, large: 5000 };

const LONG_NAME =
  'A Very Long Title That Keeps Going Because Some Real Releases Really Do Have Names Like This One, ' +
  'Including the Deluxe Edition, the Remastered Bonus Tracks, the Live Recordings From the Summer Tour ' +
  'and the Acoustic Versions Nobody Asked For (Original Motion Picture Soundtrack)';

function releaseDate(random: Random): { date: string; precision: 'year' | 'month' | 'day' } {
  // Skewed towards recent years, as real catalogues are; the newest feed new releases.
  const year = 2026 - Math.floor(61 * random() ** 2);
  const month = between(random, 1, year === 2026 ? 6 : 12);
  const day = between(random, 1, 28);
  const r = random();
  const mm = String(month).padStart(2, '0');
  if (r < 0.08) return { date: String(year), precision: 'year' };
  if (r < 0.13) return { date: `${year}-${mm}`, precision: 'month' };
  return { date: `${year}-${mm}-${String(day).padStart(2, '0')}`, precision: 'day' };
}

/** Writes artists, albums, tracks, their search index and the playlists, all from the seed. */
export function generateCatalogue(db: SandboxDb, seed: number, size: CatalogueSize): Generated {
  const random = seededRandom(seed);
  const insertArtist = db.prepare('INSERT INTO artists VALUES (?, ?, ?, ?, ?, ?, ?)');
  const insertAlbum = db.prepare('INSERT INTO albums VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)');
  const insertAlbumArtist = db.prepare('INSERT INTO album_artists VALUES (?, ?, ?)');
  const insertTrack = db.prepare('INSERT INTO tracks VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)');
  const insertTrackArtist = db.prepare('INSERT INTO track_artists VALUES (?, ?, ?)');
  const indexArtist = db.prepare('INSERT INTO search_artists (rowid, name) VALUES (?, ?)');
  const indexAlbum = db.prepare('INSERT INTO search_albums (rowid, name, artists) VALUES (?, ?, ?)');
  const indexTrack = db.prepare('INSERT INTO search_tracks (rowid, name, artists) VALUES (?, ?, ?)');

  const artists: GeneratedArtist[] = [];
  const byLanguage = new Map<string, GeneratedArtist[]>(LANGUAGES.map((l) => [l.code, []]));
  const artistCount = ARTISTS[size];
  for (let n = 0; n < artistCount; n++) {
    const language = pickLanguage(random);
    const id = catalogueId(seed, 'artist', n);
    // Followers from about 50 to 8 million, so both sides of the "Verified" line (1,000) exist.
    const followers = Math.floor(10 ** (1.7 + random() * 5.2));
    const popularity = Math.min(100, Math.round(Math.log10(followers) * 14 + random() * 10));
    let name = artistName(random, language);
    if (n === 7) name = `${name} & The Orchestra of Unusually Long Names Featuring Friends From Every Corner of the World`;
    const genres = [pick(random, language.genres)];
    if (random() < 0.4) genres.push(pick(random, language.genres));
    const hasImage = n % 20 === 3 ? 0 : 1;
    const info = insertArtist.run(id, name, followers, popularity, JSON.stringify([...new Set(genres)]), hasImage, language.code);
    indexArtist.run(popularityKey(popularity, info.lastInsertRowid), name);
    const artist = { id, name, language, popularity };
    artists.push(artist);
    byLanguage.get(language.code)!.push(artist);
  }

  const tracks: GeneratedTrack[] = [];
  const albumIds: string[] = [];
  let emptyNameTrackId = '';
  let trackNumber = 0;
  const albumCount = artistCount * 4;
  for (let n = 0; n < albumCount; n++) {
    const main = artists[n % artistCount]!;
    const peers = byLanguage.get(main.language.code)!;
    const r = random();
    const albumType = r < 0.45 ? 'album' : r < 0.85 ? 'single' : 'compilation';
    const total = albumType === 'single' ? between(random, 1, 4) : albumType === 'album' ? between(random, 10, 18) : between(random, 12, 20);
    const albumArtists = [main];
    if (albumType === 'compilation' || random() < 0.08) albumArtists.push(pick(random, peers));
    const unique = [...new Map(albumArtists.map((a) => [a.id, a])).values()];
    const id = catalogueId(seed, 'album', n);
    const { date, precision } = releaseDate(random);
    let name = title(random, main.language);
    if (albumType === 'compilation') name = `${name}: The Collection`;
    if (n === 11) name = LONG_NAME;
    const popularity = Math.max(0, Math.min(100, main.popularity + between(random, -15, 10)));
    const label = `${pick(random, main.language.words)} Records`;
    const info = insertAlbum.run(id, name, albumType, date, precision, total, label, popularity, n % 31 === 5 ? 0 : 1, String(100000000000 + n));
    unique.forEach((a, i) => insertAlbumArtist.run(id, a.id, i));
    indexAlbum.run(popularityKey(popularity, info.lastInsertRowid), name, unique.map((a) => a.name).join(' '));
    albumIds.push(id);

    for (let t = 1; t <= total; t++) {
      const trackId = catalogueId(seed, 'track', trackNumber++);
      const trackArtists = [albumType === 'compilation' ? pick(random, unique) : main];
      if (random() < 0.15) trackArtists.push(pick(random, peers));
      const credited = [...new Map(trackArtists.map((a) => [a.id, a])).values()];
      let trackName = albumType === 'single' && t === 1 ? name : title(random, main.language);
      if (n === 11 && t === 1) trackName = LONG_NAME;
      if (n === 13 && t === total) {
        trackName = '';
        emptyNameTrackId = trackId;
      }
      const trackPopularity = Math.max(0, Math.min(100, popularity + between(random, -20, 15)));
      const duration = between(random, 95, 330) * 1000 + between(random, 0, 999);
      const row = insertTrack.run(trackId, id, trackName, t, 1, duration, random() < 0.12 ? 1 : 0, trackPopularity, `SBX${String(trackNumber).padStart(9, '0')}`);
      credited.forEach((a, i) => insertTrackArtist.run(trackId, a.id, i));
      indexTrack.run(popularityKey(trackPopularity, row.lastInsertRowid), trackName, credited.map((a) => a.name).join(' '));
      tracks.push({ id: trackId, artistId: main.id, language: main.language.code, popularity: trackPopularity, genre: main.language.genres[0]! });
    }
  }

  const generated = { artists, tracks, albumIds, emptyNameTrackId };
  generatePlaylists(db, seed, generated);
  return generated;
}
