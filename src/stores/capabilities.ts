import { map } from 'nanostores';

/**
 * What the provider offers this app, learnt during the session (DESIGN §2).
 * In development mode some endpoints are gone; the first 403 or 404 from one of
 * them marks it missing, so it is asked about once and its section is hidden.
 */
export type Capability =
  | 'artistTopTracks'
  | 'relatedArtists'
  | 'newReleases'
  | 'categories'
  | 'categoryPlaylists'
  | 'featuredPlaylists'
  | 'providerPlaylists'
  | 'otherUsers'
  | 'legacyPlaylistTracks'
  | 'legacyLibrary'
  | 'largeSearchPages'
  | 'largeArtistAlbumPages';

export type CapabilityState = 'unknown' | 'available' | 'missing';

/** Each capability's state; absent keys are 'unknown'. */
export const $capabilities = map<Partial<Record<Capability, CapabilityState>>>({});

/** Whether a capability may be tried (not known to be missing). */
export function isCapabilityUsable(capability: Capability): boolean {
  return $capabilities.get()[capability] !== 'missing';
}

/** Records that a capability answered. */
export function markCapabilityAvailable(capability: Capability): void {
  if ($capabilities.get()[capability] !== 'available') $capabilities.setKey(capability, 'available');
}

/** Records that a capability is gone for this app (a 403 or 404 from its endpoint). */
export function markCapabilityMissing(capability: Capability): void {
  if ($capabilities.get()[capability] !== 'missing') $capabilities.setKey(capability, 'missing');
}

/** Forgets what was learnt (sign-out). */
export function resetCapabilities(): void {
  $capabilities.set({});
}
