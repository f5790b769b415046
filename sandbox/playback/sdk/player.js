// @ts-check
/**
 * The sandbox's Web Playback SDK: the same window.Spotify.Player interface as
 * the provider's script, so the product's player code runs unchanged. It
 * registers a device with the user's token, hears the player state over
 * a WebSocket, plays /audio/{id} in an audio element and reports where
 * that element really is. Every URL comes from this script's own origin.
 */
(function () {
  'use strict';
  const script = /** @type {HTMLScriptElement | null} */ (document.currentScript);
  const origin = new URL(script && script.src ? script.src : location.href).origin;
  const EVENTS = [
    'ready', 'not_ready', 'player_state_changed', 'initialization_error',
    'authentication_error', 'account_error', 'playback_error', 'autoplay_failed',
  ];
  /** How often a playing device tells the sandbox where its audio is. */
  const REPORT_EVERY_MS = 5000;
  /** Drift between the state and the audio element above which the element is moved. */
  const SEEK_TOLERANCE_S = 1;
  const RECONNECT_MS = 1000;
  const MAX_RECONNECT_MS = 10000;

  const clampVolume = (/** @type {unknown} */ value) =>
    typeof value === 'number' && Number.isFinite(value) ? Math.min(1, Math.max(0, value)) : 1;

  class Player {
    /** @param {{ name: string, getOAuthToken: (cb: (token: string) => void) => void, volume?: number }} options */
    constructor(options) {
      if (!options || typeof options.getOAuthToken !== 'function') {
        throw new TypeError('Spotify.Player needs options with getOAuthToken');
      }
      this._options = { name: String(options.name || 'Web Playback SDK'), getOAuthToken: options.getOAuthToken, volume: clampVolume(options.volume), id: '' };
      /** @type {Map<string, Set<Function>>} */
      this._listeners = new Map(EVENTS.map((event) => [event, new Set()]));
      /** @type {string | null} */ this._key = null;
      /** @type {WebSocket | null} */ this._socket = null;
      /** @type {any} */ this._state = null;
      this._stateAt = 0;
      this._wanted = false;
      this._lastReport = 0;
      /** @type {string | null} */ this._audioTrack = null;
      /** @type {ReturnType<typeof setTimeout> | undefined} */ this._retry = undefined;
      /** @type {Promise<boolean> | null} */ this._connecting = null;
      this._failures = 0;
      this._audio = new Audio();
      this._audio.preload = 'auto';
      this._audio.volume = this._options.volume;
      this._audio.addEventListener('playing', () => this._report(false));
      this._audio.addEventListener('timeupdate', () => {
        if (!this._audio.paused && Date.now() - this._lastReport > REPORT_EVERY_MS) this._report(false);
      });
      this._audio.addEventListener('ended', () => this._report(true));
      this._audio.addEventListener('error', () => {
        if (this._audioTrack) this._emit('playback_error', { message: 'Failed to load audio for the current track' });
      });
      this.on = this.addListener;
    }

    /** @param {string} event @param {Function} callback */
    addListener(event, callback) {
      const set = this._listeners.get(event);
      if (!set || typeof callback !== 'function') return false;
      set.add(callback);
      return true;
    }

    /** @param {string} event @param {Function} [callback] */
    removeListener(event, callback) {
      const set = this._listeners.get(event);
      if (!set) return false;
      if (callback) set.delete(callback);
      else set.clear();
      return true;
    }

    /** @param {string} event @param {unknown} [payload] */
    _emit(event, payload) {
      for (const callback of [...(this._listeners.get(event) || [])]) {
        try {
          callback(payload);
        } catch (error) {
          setTimeout(() => { throw error; });
        }
      }
    }

    /** @returns {Promise<string>} */
    _token() {
      return new Promise((resolve) => this._options.getOAuthToken((token) => resolve(String(token))));
    }

    /** @returns {Promise<boolean>} */
    connect() {
      if (this._socket) return Promise.resolve(true);
      // Two quick calls share one registration rather than making two devices.
      if (!this._connecting) this._connecting = this._register().finally(() => { this._connecting = null; });
      return this._connecting;
    }

    /** @returns {Promise<boolean>} */
    async _register() {
      this._wanted = true;
      const token = await this._token();
      let response;
      try {
        response = await fetch(`${origin}/sdk/v1/devices`, {
          method: 'POST',
          headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
          body: JSON.stringify({ name: this._options.name, volume: this._options.volume }),
        });
      } catch {
        // Unreachable (the sandbox restarting, say): say so once, then keep trying, more slowly each time.
        if (this._failures === 0) this._emit('initialization_error', { message: 'Failed to initialize player: the playback service is unreachable' });
        const delay = Math.min(MAX_RECONNECT_MS, RECONNECT_MS * 2 ** this._failures++);
        this._retry = setTimeout(() => { if (this._wanted) this.connect(); }, delay);
        return false;
      }
      this._failures = 0;
      if (!response.ok) {
        const body = await response.json().catch(() => ({}));
        const reason = body && body.error && body.error.reason;
        if (reason === 'PREMIUM_REQUIRED') this._emit('account_error', { message: 'This functionality is restricted to premium users only' });
        else if (response.status === 401 || response.status === 403 || response.status === 400) this._emit('authentication_error', { message: 'Authentication failed' });
        else this._emit('initialization_error', { message: `Failed to initialize player (${response.status})` });
        this._wanted = false;
        return false;
      }
      if (!this._wanted) return false;
      const { device_id: deviceId, connection_key: key } = await response.json();
      this._options.id = deviceId;
      this._key = key;
      this._openStream();
      return true;
    }

    _openStream() {
      // A WebSocket, as the provider's SDK has: an EventSource would hold one of the six HTTP
      // connections a browser allows per host, and six tabs would leave none for the Web API.
      const socket = new WebSocket(`${origin.replace(/^http/, 'ws')}/sdk/v1/events?key=${encodeURIComponent(this._key || '')}`);
      this._socket = socket;
      /** @type {Record<string, (data: any) => void>} */
      const handlers = {
        ready: (data) => this._emit('ready', { device_id: data.device_id }),
        state: (data) => {
          this._applyVolume(data.volume_percent);
          const hadState = this._state !== null;
          this._state = data.state;
          this._stateAt = Date.now();
          this._syncAudio();
          if (data.state || hadState) this._emit('player_state_changed', data.state);
        },
        volume: (data) => this._applyVolume(data.volume_percent),
      };
      socket.onmessage = (message) => {
        const { event, data } = JSON.parse(message.data);
        if (Object.hasOwn(handlers, event)) handlers[event](data);
      };
      // An error is always followed by close; a refused stream (a forgotten key, a restart) closes too.
      socket.onclose = () => {
        if (this._socket !== socket) return;
        this._socket = null;
        // The sandbox forgets a device whose stream closed: nothing more is posted until it registers again, as a new device.
        this._key = null;
        this._state = null;
        this._emit('not_ready', { device_id: this._options.id });
        this._stopAudio();
        if (this._wanted) this._retry = setTimeout(() => { if (this._wanted) this.connect(); }, RECONNECT_MS);
      };
    }

    /** @param {unknown} percent */
    _applyVolume(percent) {
      if (typeof percent === 'number') this._audio.volume = Math.min(1, Math.max(0, percent / 100));
    }

    _syncAudio() {
      const state = this._state;
      if (!state) return this._stopAudio();
      const track = state.track_window.current_track;
      const audio = this._audio;
      if (this._audioTrack !== track.id) {
        this._audioTrack = track.id;
        audio.src = `${origin}/audio/${encodeURIComponent(track.id)}`;
      }
      const target = state.position / 1000;
      if (Math.abs(audio.currentTime - target) > SEEK_TOLERANCE_S) audio.currentTime = target;
      if (state.paused) {
        audio.pause();
        return;
      }
      audio.play().catch((/** @type {Error} */ error) => {
        if (error.name === 'NotAllowedError') this._emit('autoplay_failed');
        else if (error.name !== 'AbortError') this._emit('playback_error', { message: error.message });
      });
    }

    _stopAudio() {
      this._audio.pause();
    }

    /** @param {boolean} ended */
    _report(ended) {
      if (!this._key || !this._state) return;
      this._lastReport = Date.now();
      this._post('report', {
        track_id: this._state.track_window.current_track.id,
        position_ms: Math.round(this._audio.currentTime * 1000),
        ended,
      });
    }

    /** @param {string} path @param {object} body */
    _post(path, body) {
      if (!this._key) return Promise.resolve();
      return fetch(`${origin}/sdk/v1/${path}?key=${encodeURIComponent(this._key)}`, {
        method: 'POST',
        // text/plain is a simple request: no CORS preflight, so commands and reports cost one round trip.
        headers: { 'Content-Type': 'text/plain;charset=UTF-8' },
        body: JSON.stringify(body),
        keepalive: path === 'disconnect',
      }).then(() => undefined, () => undefined);
    }

    disconnect() {
      this._wanted = false;
      clearTimeout(this._retry);
      // Tell the sandbox first; closing the stream alone would also remove the device, a moment later.
      this._post('disconnect', {});
      if (this._socket) this._socket.close();
      this._socket = null;
      this._key = null;
      this._state = null;
      this._audioTrack = null;
      this._audio.pause();
      this._audio.removeAttribute('src');
    }

    getCurrentState() {
      const state = this._state;
      if (!state) return Promise.resolve(null);
      const elapsed = state.paused ? 0 : Date.now() - this._stateAt;
      return Promise.resolve({ ...state, position: Math.min(state.duration, state.position + elapsed) });
    }

    /** @param {string} name */
    setName(name) {
      this._options.name = String(name);
      return Promise.resolve();
    }

    getVolume() {
      return Promise.resolve(this._audio.volume);
    }

    /** @param {number} volume */
    setVolume(volume) {
      const value = clampVolume(volume);
      this._audio.volume = value;
      this._options.volume = value;
      return this._post('commands', { action: 'volume', volume_percent: Math.round(value * 100) });
    }

    pause() { return this._post('commands', { action: 'pause' }); }
    resume() { return this._post('commands', { action: 'resume' }); }
    togglePlay() { return this._post('commands', { action: this._state && !this._state.paused ? 'pause' : 'resume' }); }
    /** @param {number} positionMs */
    seek(positionMs) { return this._post('commands', { action: 'seek', position_ms: positionMs }); }
    previousTrack() { return this._post('commands', { action: 'previous' }); }
    nextTrack() { return this._post('commands', { action: 'next' }); }

    /**
     * Unlocks audio from a user gesture, for browsers that block autoplay. As the
     * provider's SDK, it works before anything is loaded too: a play() inside the
     * gesture unlocks the element for the play() that follows the state.
     */
    activateElement() {
      const audio = this._audio;
      if (!audio.src) {
        const unlocking = audio.play().then(() => undefined, () => undefined);
        audio.pause();
        return unlocking;
      }
      return audio.play().then(() => { if (!this._state || this._state.paused) audio.pause(); }, () => undefined);
    }
  }

  const w = /** @type {any} */ (window);
  w.Spotify = Object.assign(w.Spotify || {}, { Player });
  // The provider's script calls this once it has loaded; pages may define it before or just after the tag.
  setTimeout(() => {
    if (typeof w.onSpotifyWebPlaybackSDKReady === 'function') w.onSpotifyWebPlaybackSDKReady();
  }, 0);
})();
