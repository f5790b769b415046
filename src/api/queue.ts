import { callApi } from './client';
import { list, record, toTrack } from './normalize';
import type { PlayQueue, Track } from './types';

/** A queue's item as a track; null for an episode (it has no album, and its pictures are elsewhere) or an unreadable item. */
function trackOf(item: unknown): Track | null {
  const type = record(item).type;
  return type === undefined || type === 'track' ? toTrack(item) : null;
}

/**
 * GET me/player/queue: what plays now and next (episodes and unreadable items are dropped).
 * `unseen`: read behind the user's back (an open panel's rhythm), its failure says nothing.
 */
export async function getQueue({ unseen = false } = {}): Promise<PlayQueue> {
  const answer = record(await callApi({ path: 'me/player/queue', name: 'queue', unseen }));
  return {
    currentlyPlaying: trackOf(answer.currently_playing),
    queue: list(answer.queue)
      .map(trackOf)
      .filter((track): track is Track => track !== null),
  };
}

/**
 * POST me/player/queue?uri: the track plays next on the active device. With nothing
 * playing the provider answers 404 NO_ACTIVE_DEVICE, which the caller says in its own
 * words (no toast); PREMIUM_REQUIRED opens the premium prompt as every player command does.
 */
export async function addToQueue(uri: string, deviceId?: string): Promise<void> {
  await callApi({ method: 'POST', path: 'me/player/queue', query: { uri, device_id: deviceId }, quietStatuses: [404] });
}
