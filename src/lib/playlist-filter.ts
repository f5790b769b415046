/**
 * "Add to playlist" gets a filter box once the user has more playlists than this: up to
 * six, the whole list fits the dialog on a phone and is read at a glance.
 */
export const PLAYLIST_FILTER_THRESHOLD = 6;

/** Whether the picker shows its filter box for this many playlists. */
export function showsPlaylistFilter(count: number): boolean {
  return count > PLAYLIST_FILTER_THRESHOLD;
}

/** Case and accents aside, as a person types a name ("cafe" finds "Café"). */
function folded(text: string): string {
  return text.normalize('NFD').replace(/\p{Diacritic}/gu, '').toLocaleLowerCase();
}

/**
 * The playlists whose name holds every word typed, in any order ("road 2" finds "Road Trip
 * 2"); names that start with the text first, the rest in the order they came (newest first).
 */
export function filterPlaylists<P extends { name: string }>(playlists: readonly P[], text: string): P[] {
  const query = folded(text).trim();
  if (query === '') return [...playlists];
  const words = query.split(/\s+/);
  const matching = playlists.filter((playlist) => {
    const name = folded(playlist.name);
    return words.every((word) => name.includes(word));
  });
  const starts = matching.filter((playlist) => folded(playlist.name).startsWith(query));
  return [...starts, ...matching.filter((playlist) => !starts.includes(playlist))];
}
