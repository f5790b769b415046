import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectDevice, startSandbox, type RunningSandbox } from '../harness';

/** GET and POST me/player/queue over HTTP, in both API profiles, with the provider's refusals. */

interface Queue {
  currently_playing: { id: string } | null;
  queue: { id: string; type: string }[];
}

for (const apiProfile of ['extended', 'development'] as const) {
  describe(`the queue endpoints (${apiProfile} profile)`, () => {
    let t: RunningSandbox;
    let guest: string;
    let album: { uri: string; trackIds: string[] };
    let outsider: string;

    beforeAll(async () => {
      t = await startSandbox({ apiProfile });
      guest = t.token('guest');
      const row = t.sandbox.db.prepare('SELECT id FROM albums WHERE total_tracks >= 4 ORDER BY id LIMIT 1').get() as { id: string };
      const tracks = t.sandbox.db.prepare('SELECT id FROM tracks WHERE album_id = ? ORDER BY disc_number, track_number').all(row.id) as { id: string }[];
      album = { uri: `spotify:album:${row.id}`, trackIds: tracks.map((track) => track.id) };
      outsider = (t.sandbox.db.prepare('SELECT id FROM tracks WHERE album_id <> ? LIMIT 1').get(row.id) as { id: string }).id;
    });
    afterAll(() => t.stop());

    const api = (method: string, path: string, token = guest) =>
      fetch(`${t.url}/v1/me/player${path}`, { method, headers: { Authorization: `Bearer ${token}` } });
    const errorOf = async (response: Response) => ({ status: response.status, ...((await response.json()) as { error: object }).error });
    const add = (uri: string, token = guest) => api('POST', `/queue?uri=${encodeURIComponent(uri)}`, token);

    it('refuses without playback, for a bad uri and for the free account', async () => {
      expect(await errorOf(await add(`spotify:track:${outsider}`))).toMatchObject({ status: 404, reason: 'NO_ACTIVE_DEVICE' });
      expect(await (await api('GET', '/queue')).json()).toEqual({ currently_playing: null, queue: [] });
      expect((await add('spotify:album:nope')).status).toBe(400);
      expect((await add('spotify:track:doesnotexist')).status).toBe(400);
      expect((await api('POST', '/queue')).status).toBe(400);
      expect(await errorOf(await add(`spotify:track:${outsider}`, t.token('free')))).toMatchObject({ status: 403, reason: 'PREMIUM_REQUIRED' });
      // Reading needs user-read-playback-state; adding needs user-modify-playback-state.
      expect((await api('GET', '/queue', t.token('guest', ['user-read-email']))).status).toBe(403);
      expect((await add(`spotify:track:${outsider}`, t.token('guest', ['user-read-playback-state']))).status).toBe(403);
    });

    it('plays an added track next, before the rest of the context, and tells the SDK', async () => {
      const device = await connectDevice(t.url, guest);
      await device.next('ready');
      await device.next('state');
      const played = await fetch(`${t.url}/v1/me/player/play?device_id=${device.deviceId}`, {
        method: 'PUT',
        headers: { Authorization: `Bearer ${guest}` },
        body: JSON.stringify({ context_uri: album.uri }),
      });
      expect(played.status).toBe(204);
      await device.next('state');
      const before = (await (await api('GET', '/queue')).json()) as Queue;
      expect(before.currently_playing?.id).toBe(album.trackIds[0]);
      expect(before.queue.map((item) => item.id)).toEqual(album.trackIds.slice(1, 21));

      expect((await add(`spotify:track:${outsider}`)).status).toBe(204);
      const pushed = (await device.next('state')) as { state: { track_window: { next_tracks: { id: string }[] } } };
      expect(pushed.state.track_window.next_tracks.map((item) => item.id)).toEqual([outsider, album.trackIds[1]]);
      const after = (await (await api('GET', '/queue')).json()) as Queue;
      expect(after.queue.map((item) => item.id).slice(0, 2)).toEqual([outsider, album.trackIds[1]]);
      expect(after.queue[0]?.type).toBe('track');

      expect((await api('POST', '/next')).status).toBe(204);
      const now = (await (await api('GET', '')).json()) as { item: { id: string }; is_playing: boolean };
      expect(now).toMatchObject({ item: { id: outsider }, is_playing: true });
      expect((await api('POST', '/next')).status).toBe(204);
      expect(((await (await api('GET', '')).json()) as { item: { id: string } }).item.id).toBe(album.trackIds[1]);
      device.close();
    });
  });
}
