import type { SandboxDb } from '../db';
import type { Generated, GeneratedTrack } from './generated';
import {
  AWKWARD_PLAYLISTS, CATEGORIES, CATEGORY_PLAYLIST_NAMES, COLLABORATIVE_PLAYLISTS, PRIVATE_PLAYLISTS,
  SEEDED_USERS, UNAVAILABLE_PLAYLISTS,
} from './people';
import { between, catalogueId, pick, seededRandom, type Random } from './random';

const DAY = 86_400_000;
/** Playlist entries were added during the year before the catalogue's fixed "today". */
const CATALOGUE_TODAY = Date.UTC(2026, 5, 30);

/** Writes users, categories and playlists (the provider's own and the listeners'). */
export function generatePlaylists(db: SandboxDb, seed: number, generated: Generated): void {
  const random = seededRandom(seed ^ 0x5eed);
  const insertUser = db.prepare('INSERT INTO users VALUES (?, ?, ?, ?, ?, ?, ?, ?)');
  const insertPlaylist = db.prepare(
    'INSERT INTO playlists (id, name, description, owner_id, public, collaborative, followers, has_image, featured, unavailable) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
  );
  const insertItem = db.prepare('INSERT INTO playlist_items VALUES (?, ?, ?, ?, ?)');
  const insertCategory = db.prepare('INSERT INTO categories VALUES (?, ?, ?, ?)');
  const insertCategoryPlaylist = db.prepare('INSERT INTO category_playlists VALUES (?, ?, ?)');
  const indexPlaylist = db.prepare('INSERT INTO search_playlists (rowid, name, owner) VALUES (?, ?, ?)');

  for (const user of SEEDED_USERS) {
    insertUser.run(user.id, user.displayName, user.email, user.password, user.product, user.country, user.followers, user.images);
  }
  const ownerName = new Map(SEEDED_USERS.map((u) => [u.id, u.displayName]));

  const byLanguage = new Map<string, GeneratedTrack[]>();
  for (const track of generated.tracks) {
    if (!byLanguage.has(track.language)) byLanguage.set(track.language, []);
    byLanguage.get(track.language)!.push(track);
  }
  for (const list of byLanguage.values()) list.sort((a, b) => b.popularity - a.popularity);
  const artistName = new Map(generated.artists.map((a) => [a.id, a.name]));
  const trackById = new Map(generated.tracks.map((t) => [t.id, t]));

  let playlistNumber = 0;
  interface NewPlaylist {
    name: string;
    owner: string;
    description: string;
    tracks: (string | null)[];
    followers: number;
    featured?: boolean;
  }
  const addPlaylist = (p: NewPlaylist): string => {
    const id = catalogueId(seed, 'playlist', playlistNumber++);
    const info = insertPlaylist.run(
      id, p.name, p.description, p.owner, PRIVATE_PLAYLISTS.has(p.name) ? 0 : 1, COLLABORATIVE_PLAYLISTS.has(p.name) ? 1 : 0,
      p.followers, playlistNumber % 17 === 9 ? 0 : 1, p.featured ? 1 : 0, UNAVAILABLE_PLAYLISTS.has(p.name) ? 1 : 0,
    );
    indexPlaylist.run(info.lastInsertRowid, p.name, ownerName.get(p.owner) ?? p.owner);
    p.tracks.forEach((trackId, position) => {
      const addedAt = new Date(CATALOGUE_TODAY - between(random, 1, 365) * DAY - between(random, 0, DAY)).toISOString().replace(/\.\d+Z$/, 'Z');
      insertItem.run(id, position, trackId, addedAt, p.owner);
    });
    return id;
  };
  const sample = (pool: GeneratedTrack[], count: number, from = 0): string[] => {
    const chosen = new Set<string>();
    const window = pool.slice(from, from + Math.max(count * 4, 60));
    while (chosen.size < Math.min(count, window.length)) chosen.add(pick(random, window).id);
    return [...chosen];
  };
  const pool = (languages: string[]) => languages.flatMap((l) => byLanguage.get(l) ?? []).sort((a, b) => b.popularity - a.popularity);
  const describe = (ids: (string | null)[]) => {
    const names = [...new Set(ids.slice(0, 8).map((id) => (id ? trackById.get(id)?.artistId : undefined)).filter(Boolean))]
      .slice(0, 3)
      .map((a) => artistName.get(a!));
    return `${names.join(', ')} and more`;
  };
  const withAwkwardEntries = (name: string, ids: (string | null)[]) =>
    AWKWARD_PLAYLISTS.has(name) ? [ids[0] ?? null, null, generated.emptyNameTrackId, ...ids.slice(1)] : ids;

  // The home page looks these up by searching their names.
  const top50: [string, string][] = [['Top 50 - Hindi', 'hi'], ['Top 50 - Punjabi', 'pa'], ['Top 50 - English', 'en']];
  const chartIds: string[] = [];
  for (const [name, language] of top50) {
    const tracks = (byLanguage.get(language) ?? []).slice(0, 50).map((t) => t.id);
    chartIds.push(addPlaylist({ name, owner: 'spotify', description: `Your daily update of the most played tracks right now - ${name.slice(9)}.`, tracks, followers: 2_000_000 + between(random, 0, 900_000) }));
  }
  const mixLanguages = ['en', 'hi', 'pa', 'es', 'ko', 'en'];
  mixLanguages.forEach((language, i) => {
    const name = `Daily Mix ${i + 1}`;
    const tracks = withAwkwardEntries(name, sample(byLanguage.get(language) ?? generated.tracks, 50, i * 20));
    addPlaylist({ name, owner: 'spotify', description: describe(tracks), tracks, followers: 0 });
  });

  let featured = 0;
  CATEGORIES.forEach((category, position) => {
    insertCategory.run(category.id, category.name, position, category.icon ? 1 : 0);
    const ids = category.id === 'toplists' ? [...chartIds] : [];
    const tracksPool = pool(category.languages);
    const count = category.id === 'toplists' ? 2 : between(random, 5, CATEGORY_PLAYLIST_NAMES.length);
    for (let i = 0; i < count; i++) {
      const name = CATEGORY_PLAYLIST_NAMES[i]!.replace('{c}', category.name);
      const tracks = sample(tracksPool, between(random, 20, 60), i * 15);
      const r = random();
      // Descriptions as the provider writes them: plain, empty, or with HTML links (the client hides those).
      const description = r < 0.2 ? '' : r < 0.5
        ? `The best of ${category.name}. Cover: <a href="spotify:artist:${trackById.get(tracks[0]!)?.artistId}">${describe(tracks).replace(' and more', '')}</a>`
        : `${describe(tracks)}. Updated every Friday.`;
      const isFeatured = featured < 14 && (i === 0 || (i === 2 && position % 2 === 0));
      if (isFeatured) featured++;
      ids.push(addPlaylist({ name, owner: 'spotify', description, tracks, followers: between(random, 1_000, 3_000_000), featured: isFeatured }));
    }
    ids.forEach((playlistId, i) => insertCategoryPlaylist.run(category.id, playlistId, i));
  });

  for (const user of SEEDED_USERS) {
    const favourite = pick(random, ['en', 'hi', 'pa', 'es', 'ko', 'ja', 'fr']);
    user.playlists.forEach((name, i) => {
      const source = i % 2 === 0 ? byLanguage.get(favourite) ?? generated.tracks : generated.tracks;
      const tracks = withAwkwardEntries(name, sample(source, between(random, 8, 40), between(random, 0, 200)));
      const description = i === 1 ? '' : pickDescription(random, user.displayName);
      addPlaylist({ name, owner: user.id, description, tracks, followers: between(random, 0, 400) });
    });
  }
}

function pickDescription(random: Random, owner: string): string {
  return pick(random, [
    `Made by ${owner} for long drives.`,
    'Songs I cannot stop playing &amp; a few surprises.',
    '',
    'Everything good, in no particular order 🎧',
  ]);
}
