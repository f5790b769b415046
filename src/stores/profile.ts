import { atom, map, onMount } from 'nanostores';
import { isCanceled } from '../api/errors';
import { getFollowedArtists, getMe, getTopArtists, getTopTracks } from '../api/me';
import type { Artist, Track, UserProfile } from '../api/types';
import { DEFAULT_BACKGROUND, randomPaletteColor } from '../lib/colors';
import { createTicket } from './detail';
import { createPagedList } from './paged-list';
import { listOnRoute, onRoute } from './route';

/** SPEC §9: the own profile shows 10 of each list; full lists page by 20, following asks 50. */
export const PROFILE_SECTION_SIZE = 10;
export const FOLLOWING_FULL_LIST = 50;

export interface ProfileSection<T> {
  status: 'idle' | 'loading' | 'ready' | 'error';
  items: T[];
}

/** The signed-in user's own profile; kept when the profile area resets (SPEC §4). */
export const $myProfile = atom<{ loading: boolean; error: unknown; data: UserProfile | null }>({
  loading: false,
  error: null,
  data: null,
});

export interface ProfileState {
  background: string;
  topArtists: ProfileSection<Artist>;
  topTracks: ProfileSection<Track>;
  following: ProfileSection<Artist>;
}

const idle = <T>(): ProfileSection<T> => ({ status: 'idle', items: [] });
const initial = (): ProfileState => ({ background: DEFAULT_BACKGROUND, topArtists: idle(), topTracks: idle(), following: idle() });

/** The own profile page's sections: Top artists this month, Top tracks this month, Your Following. */
export const $profile = map<ProfileState>(initial());

const ticket = createTicket();

/** Full lists of /user/me/top-tracks and /user/me/top-artists, 20 per page. */
export const topTracksList = createPagedList<Track>((offset, limit) => getTopTracks(offset, limit), 20);
export const topArtistsList = createPagedList<Artist>((offset, limit) => getTopArtists(offset, limit), 20);

/** Loads /me once per page load, or again when asked; the shell and the profile page share it. */
export async function loadMyProfile(force = false): Promise<void> {
  const current = $myProfile.get();
  if (current.loading || (current.data && !force)) return;
  $myProfile.set({ ...current, loading: true, error: null });
  try {
    $myProfile.set({ loading: false, error: null, data: await getMe() });
  } catch (error) {
    if (!isCanceled(error)) $myProfile.set({ loading: false, error, data: null });
  }
}

async function section<T>(mine: number, key: keyof Omit<ProfileState, 'background'>, load: () => Promise<T[]>): Promise<void> {
  $profile.setKey(key, { status: 'loading', items: [] });
  try {
    const items = await load();
    if (ticket.isCurrent(mine)) $profile.setKey(key, { status: 'ready', items } as ProfileState[typeof key]);
  } catch (error) {
    if (isCanceled(error) || !ticket.isCurrent(mine)) return;
    $profile.setKey(key, { status: 'error', items: [] });
  }
}

/** Resets the profile area; the own profile data stays (SPEC §4). */
export function resetProfile(): void {
  ticket.next();
  $profile.set(initial());
  topTracksList.reset();
  topArtistsList.reset();
}

/** Loads the own profile page: profile, then top artists, top tracks and followed artists (10 each). */
export async function loadProfilePage(): Promise<void> {
  resetProfile();
  const mine = ticket.next();
  $profile.setKey('background', randomPaletteColor());
  await loadMyProfile();
  await Promise.all([
    section(mine, 'topArtists', async () => (await getTopArtists(0, PROFILE_SECTION_SIZE)).items),
    section(mine, 'topTracks', async () => (await getTopTracks(0, PROFILE_SECTION_SIZE)).items),
    section(mine, 'following', () => getFollowedArtists(PROFILE_SECTION_SIZE)),
  ]);
}

/** Loads the full following list (/user/me/following, 50). */
export async function loadFullFollowing(): Promise<void> {
  const mine = ticket.next();
  await section(mine, 'following', () => getFollowedArtists(FOLLOWING_FULL_LIST));
}

// The own profile page loads on entry and resets (keeping $myProfile) on exit; the full lists page themselves.
onMount($profile, () =>
  onRoute(['myProfile', 'myFollowing'], (route) => void (route.name === 'myProfile' ? loadProfilePage() : loadFullFollowing()), resetProfile),
);
listOnRoute(topTracksList, ['myTopTracks']);
listOnRoute(topArtistsList, ['myTopArtists']);
