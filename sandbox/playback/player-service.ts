import { randomBytes } from 'node:crypto';
import type { SandboxContext } from '../context';
import { ApiFailure } from '../http/errors';
import type { Device, DeviceRegistry } from './devices';
import {
  addToQueue, canSkipNext, currentTrack, nextEventAt, pause, resume, settle, startPlayback,
  type PlayerState, type QueueTrack, type Transition,
} from './player-state';
import { sdkStateView, type DeviceView } from './views';

/**
 * Each user's playback: the state machine's current state, the active device,
 * the plays it finished (into recent_plays), and pushing every change to the
 * user's connected SDK players. Timers only wake it when a track ends or a
 * play crosses 30 s; progress itself is always computed from timestamps.
 */

interface Session {
  state: PlayerState | null;
  activeDeviceId: string | null;
  /**
   * The device that held the playback when it left (its tab closed or reloaded), as the
   * provider still reports it, inactive, beside the paused playback: an app opened next
   * shows that track where it stopped and can take it over. Gone once a device is active.
   */
  leftDevice: DeviceView | null;
  playbackId: string;
  timer: ReturnType<typeof setTimeout> | null;
}

export interface PlayRequest {
  tracks: readonly QueueTrack[];
  contextUri: string | null;
  offset: number | null;
  positionMs: number;
}

export function noActiveDevice(): ApiFailure {
  return new ApiFailure(404, 'Player command failed: No active device found', { reason: 'NO_ACTIVE_DEVICE' });
}

export function restrictionViolated(reason: string): ApiFailure {
  return new ApiFailure(403, 'Player command failed: Restriction violated', { reason });
}

export function createPlayerService(ctx: SandboxContext, devices: DeviceRegistry) {
  const sessions = new Map<string, Session>();
  const insertPlay = ctx.db.prepare('INSERT INTO recent_plays (user_id, track_id, played_at, context_uri) VALUES (?, ?, ?, ?)');

  function session(userId: string): Session {
    let found = sessions.get(userId);
    if (!found) {
      found = { state: null, activeDeviceId: null, leftDevice: null, playbackId: newPlaybackId(), timer: null };
      sessions.set(userId, found);
    }
    return found;
  }
  function newPlaybackId() {
    return randomBytes(8).toString('hex');
  }

  /**
   * Sends the state to the active device, and null to a device that just stopped
   * being active (or to `only`, a device that just connected and needs to know).
   */
  function broadcast(userId: string, only?: Device) {
    const current = session(userId);
    const now = ctx.now();
    for (const device of only ? [only] : devices.ofUser(userId)) {
      const active = device.id === current.activeDeviceId && current.state !== null;
      if (!active && !device.playing && !only) continue;
      device.playing = active;
      const state = active && current.state ? sdkStateView(ctx.objects, current.state, current.playbackId, now) : null;
      device.send?.('state', { state, volume_percent: device.volumePercent });
    }
  }

  /** Stores a transition: records its plays, pushes it if visible, and re-arms the timer. */
  function commit(userId: string, transition: Transition, push = true) {
    const current = session(userId);
    const before = current.state;
    current.state = transition.state;
    for (const play of transition.plays) {
      insertPlay.run(userId, play.trackId, isoSeconds(play.playedAt), play.contextUri);
    }
    const changed = !before || before.changedAt !== transition.state.changedAt || before.playing !== transition.state.playing;
    if (push || changed) broadcast(userId);
    schedule(userId);
  }

  function schedule(userId: string) {
    const current = session(userId);
    if (current.timer) clearTimeout(current.timer);
    current.timer = null;
    const at = current.state ? nextEventAt(current.state) : null;
    if (at === null) return;
    current.timer = setTimeout(() => {
      current.timer = null;
      if (current.state) commit(userId, settle(current.state, ctx.now()), false);
    }, Math.max(0, at - ctx.now()) + 5);
    current.timer.unref?.();
  }

  function activeDevice(userId: string): Device | undefined {
    const id = session(userId).activeDeviceId;
    return id ? devices.connected(userId, id) : undefined;
  }

  /**
   * The device a command targets. A named device must be the user's (else 404); play and
   * transfer make it the active one. Other commands act on the playback, which needs an
   * active device (else 404 NO_ACTIVE_DEVICE), so naming an idle device never moves music.
   */
  function target(userId: string, deviceId: string | undefined, activate = false): Device {
    const named = deviceId ? devices.connected(userId, deviceId) : undefined;
    if (deviceId && !named) throw new ApiFailure(404, 'Device not found');
    const current = session(userId);
    if (named && activate && current.activeDeviceId !== named.id) {
      const previous = activeDevice(userId);
      current.activeDeviceId = named.id;
      current.leftDevice = null;
      if (previous) broadcast(userId, previous);
    }
    const device = activeDevice(userId);
    if (!device) throw noActiveDevice();
    return device;
  }

  return {
    activeDevice,
    /**
     * The device GET me/player names: the active one, else the one that left a paused
     * playback behind (inactive), else none (the endpoint answers 204).
     */
    reportedDevice(userId: string): DeviceView | null {
      const device = activeDevice(userId);
      if (device) return devices.view(device, device.id);
      const current = session(userId);
      return current.state && !current.state.playing ? current.leftDevice : null;
    },
    /** The settled state for reading (GET me/player), or null with nothing loaded. */
    read(userId: string): PlayerState | null {
      const current = session(userId);
      if (!current.state) return null;
      const settled = settle(current.state, ctx.now());
      if (settled.plays.length > 0 || settled.state.changedAt !== current.state.changedAt) commit(userId, settled, false);
      return current.state;
    },
    play(userId: string, deviceId: string | undefined, request: PlayRequest | null) {
      target(userId, deviceId, true);
      const current = session(userId);
      if (!request) {
        if (!current.state || !currentTrack(current.state)) throw restrictionViolated('NO_SPECIFIC_TRACK');
        commit(userId, resume(current.state, ctx.now()));
        return;
      }
      if (request.tracks.length === 0) throw restrictionViolated('NO_SPECIFIC_TRACK');
      current.playbackId = newPlaybackId();
      const shuffle = current.state?.shuffle ?? false;
      const repeat = current.state?.repeat ?? 'off';
      const added = current.state?.added ?? [];
      commit(userId, startPlayback({ ...request, shuffle, repeat, added }, ctx.now()));
    },
    /** POST me/player/queue: the track plays next, after those added before it; needs playback on an active device. */
    addToQueue(userId: string, deviceId: string | undefined, track: QueueTrack) {
      target(userId, deviceId);
      const state = session(userId).state;
      if (!state || !currentTrack(state)) throw noActiveDevice();
      commit(userId, addToQueue(state, track, ctx.now()));
    },
    /** Runs a command on the loaded playback of the targeted device. */
    command(userId: string, deviceId: string | undefined, change: (state: PlayerState, now: number) => Transition) {
      target(userId, deviceId);
      const state = session(userId).state;
      if (!state || !currentTrack(state)) throw restrictionViolated('NO_SPECIFIC_TRACK');
      commit(userId, change(state, ctx.now()));
    },
    next(userId: string, deviceId: string | undefined, change: (state: PlayerState, now: number) => Transition) {
      target(userId, deviceId);
      const state = session(userId).state;
      if (!state || !canSkipNext(settle(state, ctx.now()).state)) throw restrictionViolated('NO_NEXT_TRACK');
      commit(userId, change(state, ctx.now()));
    },
    setVolume(userId: string, deviceId: string | undefined, percent: number) {
      const device = deviceId ? devices.connected(userId, deviceId) : activeDevice(userId);
      if (!device) throw deviceId ? new ApiFailure(404, 'Device not found') : noActiveDevice();
      device.volumePercent = percent;
      device.send?.('volume', { volume_percent: percent });
    },
    transfer(userId: string, deviceId: string, play: boolean) {
      target(userId, deviceId, true);
      const state = session(userId).state;
      if (state && play) commit(userId, resume(state, ctx.now()));
      else broadcast(userId);
    },
    /** The device's stream opened: it is listed from now on and hears the current state. */
    connected(device: Device) {
      broadcast(device.userId, device);
    },
    /** The device's stream closed: it goes, and playback on it pauses. */
    disconnected(device: Device) {
      devices.remove(device);
      const current = session(device.userId);
      if (current.activeDeviceId !== device.id) return;
      current.activeDeviceId = null;
      current.leftDevice = devices.view(device, null);
      if (current.state?.playing) commit(device.userId, pause(current.state, ctx.now()));
    },
    /** What the device's audio element says; re-anchors progress so server and speaker agree. */
    report(device: Device, trackId: string, positionMs: number, ended: boolean) {
      const current = session(device.userId);
      if (current.activeDeviceId !== device.id || !current.state?.playing) return;
      const settled = settle(current.state, ctx.now());
      const track = currentTrack(settled.state);
      if (!track || track.id !== trackId) return commit(device.userId, settled, false);
      const position = ended ? track.durationMs : Math.min(track.durationMs, Math.max(0, positionMs));
      const listened = settled.state.listenedMs + Math.max(0, ctx.now() - settled.state.anchorMs);
      const anchored = { ...settled.state, positionMs: position, anchorMs: ctx.now(), listenedMs: listened };
      const after = settle(anchored, ctx.now());
      commit(device.userId, { state: after.state, plays: [...settled.plays, ...after.plays] }, false);
    },
    /** POST /__sandbox/reset: every user's playback is forgotten; their devices stay, silent. */
    reset() {
      const users = [...sessions.keys()];
      for (const current of sessions.values()) if (current.timer) clearTimeout(current.timer);
      sessions.clear();
      for (const userId of users) broadcast(userId);
    },
  };
}

/** played_at as the core's seeded rows write it, so history sorts as text. */
function isoSeconds(ms: number): string {
  return new Date(ms).toISOString().replace(/\.\d+Z$/, 'Z');
}

export type PlayerService = ReturnType<typeof createPlayerService>;
