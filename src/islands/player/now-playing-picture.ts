import type { Playback, Track } from '../../api/types';
import { controlsAllowed, isSounding, type ControlsAllowed, type PlayerState } from '../../stores/player-rules';

/** SPEC §9: the SDK player starts at volume 0.5 (what a device that says nothing is taken to have). */
const DEFAULT_VOLUME_PERCENT = 50;

/** What the Now Playing view draws. */
export interface NowPlayingPicture {
  track: Track | null;
  playback: Playback | null;
  /** Elapsed whole seconds. */
  seconds: number;
  /** The sound is heard: the middle button pauses. */
  playing: boolean;
  volumePercent: number;
  /** Which controls can act (a restricted device, the provider's disallows, a device without volume). */
  controls: ControlsAllowed;
  /** Drawn from the server's answer, which this tab's player does not hold yet. */
  fromServer: boolean;
}

function fromServer(playback: Playback | null, lastPlayed: Track | null): NowPlayingPicture {
  const track = playback?.item ?? lastPlayed;
  return {
    track,
    playback,
    seconds: Math.floor((playback?.progressMs ?? 0) / 1000),
    playing: playback?.isPlaying === true,
    volumePercent: playback?.device?.volumePercent ?? DEFAULT_VOLUME_PERCENT,
    controls: controlsAllowed({ playback, autoplayBlocked: false, currentPlayingTrack: track }),
    fromServer: true,
  };
}

interface PictureInput {
  /** This tab's player store. */
  live: PlayerState;
  /** The playback the server rendered the page with. */
  server: Playback | null;
  /** With no playback, the last played track the server rendered (paused at its start). */
  lastPlayed?: Track | null;
  /** The island answers (false in the server's HTML and while hydrating). */
  hydrated: boolean;
  /** The tab's player is still asking the provider what plays (a fresh tab knows nothing yet). */
  asking: boolean;
}

/**
 * Which playback the view shows: the server's while the page hydrates (so the browser finds
 * the HTML it expects) and while a fresh tab's player still asks the provider; the player's
 * own once it holds a track, or once it has asked (then nothing playing is the truth, also
 * after the player was closed here).
 */
export function nowPlayingPicture({ live, server, lastPlayed = null, hydrated, asking }: PictureInput): NowPlayingPicture {
  if (!hydrated || (asking && !live.currentPlayingTrack)) return fromServer(server, lastPlayed);
  return {
    track: live.currentPlayingTrack,
    playback: live.playback,
    seconds: live.progressSeconds,
    playing: isSounding(live),
    volumePercent: live.volumePercent,
    controls: controlsAllowed(live),
    fromServer: false,
  };
}
