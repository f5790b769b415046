import type { Playback, Track } from '../../../src/api/types';

/** The provider's playback of `track` on no device, playing or paused, with nothing disallowed. */
export const playbackOf = (track: Track, isPlaying: boolean): Playback => ({
  item: track,
  progressMs: 0,
  isPlaying,
  repeatState: 'off',
  shuffleState: false,
  device: null,
  contextUri: null,
  disallows: { skippingPrev: false, skippingNext: false, pausing: false, resuming: false, seeking: false, togglingShuffle: false, togglingRepeatContext: false, togglingRepeatTrack: false },
});
