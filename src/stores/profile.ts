import { atom, onMount } from 'nanostores';
import { myProfilePage, type ProfileSeed } from '../api/me';
import { getMe } from '../api/me';
import type { UserProfile } from '../api/types';
import { createDetailArea } from './detail-area';
import { forgetOnChange } from './library';
import { forgetPagesWhere } from './page-memory';
import { onRoute, parseRoute } from './route';

/** The signed-in user's own profile (/me); kept when the profile area resets (SPEC §4). */
export const $myProfile = atom<UserProfile | null>(null);

/** The signed-in user as the server rendered the page for them (so nothing asks /me again). */
export function adoptMe(profile: UserProfile | null): void {
  if (profile && !$myProfile.get()) $myProfile.set(profile);
}

/** /me once per page load; the profile area and anything else that shows the user share it. */
export async function loadMe(): Promise<UserProfile> {
  const kept = $myProfile.get();
  if (kept) return kept;
  const me = await getMe();
  $myProfile.set(me);
  return me;
}

/** The own profile page: profile, then Top artists this month, Top tracks this month and Your Following, with their flags. */
export const profileArea = createDetailArea(myProfilePage, { load: loadMe });

/** The profile area's state. */
export const $profile = profileArea.$state;

/** The profile area's id: there is one own profile, whoever it belongs to. */
const OWN_PROFILE = 'me';

/** /user/me as the server rendered it: the area's stores, and the signed-in user everything else shows. */
export const profilePage = {
  snapshotOf: (seed: ProfileSeed) => profileArea.snapshotOf(seed),
  adopt: (seed: ProfileSeed) => {
    adoptMe(seed.data);
    profileArea.adopt(seed);
  },
};

// A follow changes Your Following: the next visit loads afresh, even when the
// change happened on the profile itself (leaving it remembers what it showed).
let followingChanged = false;
onMount($profile, () =>
  onRoute(
    ['myProfile'],
    () => {
      if (followingChanged) profileArea.forget();
      followingChanged = false;
      void profileArea.open(OWN_PROFILE);
    },
    profileArea.reset,
  ),
);
// A follow or unfollow makes Your Following stale, on the profile (the full list forgets itself:
// a list of the library's own, src/stores/list-area.ts).
forgetOnChange('artist', {
  forget: () => {
    profileArea.forget();
    followingChanged = true;
    // The page kept for back and forward (or fetched ahead) shows the old Your Following, and
    // its seed would paint it again: back asks the site, as a list page's does (list-area.ts).
    forgetPagesWhere((path) => parseRoute(path)?.name === 'myProfile');
  },
});
