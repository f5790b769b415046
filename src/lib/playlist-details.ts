/** The provider's own clients allow a playlist name of at most 100 characters and a description of 300. */
export const PLAYLIST_NAME_MAX = 100;
export const PLAYLIST_DESCRIPTION_MAX = 300;

export interface PlaylistDetailsInput {
  name: string;
  description: string;
}

/** What is wrong with the details, field by field (absent: fine). */
export interface PlaylistDetailsProblems {
  name?: string;
  description?: string;
}

/** Characters as a user counts them (an emoji is one), not UTF-16 units. */
export function characterCount(text: string): number {
  return [...text].length;
}

/**
 * The edit dialog's rules, checked before any request: a name is required (spaces alone are
 * not a name) and at most 100 characters; a description at most 300, and, once the playlist has
 * one (`before`), not removed: the provider answers an empty description with 400 "Attribute
 * description is empty" (spotify/web-api#1011, open since 2018), so it can be changed, not
 * emptied. Markup is plain text.
 */
export function checkPlaylistDetails(input: PlaylistDetailsInput, before?: PlaylistDetailsInput): PlaylistDetailsProblems {
  const problems: PlaylistDetailsProblems = {};
  if (input.name.trim() === '') problems.name = 'Playlist name is required.';
  else if (characterCount(input.name) > PLAYLIST_NAME_MAX) problems.name = `Playlist name can be at most ${PLAYLIST_NAME_MAX} characters.`;
  if (characterCount(input.description) > PLAYLIST_DESCRIPTION_MAX) {
    problems.description = `Description can be at most ${PLAYLIST_DESCRIPTION_MAX} characters.`;
  } else if (before && before.description.trim() !== '' && input.description.trim() === '') {
    problems.description = 'A description can be changed but not removed.';
  }
  return problems;
}

/**
 * What a save sends: the fields that changed, trimmed. An empty description is never sent (the
 * provider refuses it, see above): a rename of a playlist without one sent it, and was refused.
 */
export function detailsChanged(input: PlaylistDetailsInput, before: PlaylistDetailsInput): Partial<PlaylistDetailsInput> {
  const name = input.name.trim();
  const description = input.description.trim();
  return {
    ...(name !== before.name.trim() ? { name } : {}),
    ...(description !== before.description.trim() && description !== '' ? { description } : {}),
  };
}

/** The name the provider's clients give a new playlist: "My Playlist #N", N one more than the user's own playlists. */
export function nextPlaylistName(ownCount: number): string {
  return `My Playlist #${ownCount + 1}`;
}
