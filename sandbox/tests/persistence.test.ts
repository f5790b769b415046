import { describe, expect, it } from 'vitest';
import { startSandbox } from './harness';

describe('persistence', () => {
  it('keeps likes, saves, follows, plays, top items and tokens across a restart', async () => {
    const first = await startSandbox();
    const { access_token, refresh_token } = await first.signIn();
    const db = first.sandbox.db;
    const album = (db.prepare('SELECT id FROM albums ORDER BY id DESC LIMIT 1').get() as { id: string }).id;
    const track = (db.prepare("SELECT id FROM tracks WHERE name <> '' ORDER BY id DESC LIMIT 1").get() as { id: string }).id;
    expect((await first.send('PUT', `/v1/me/albums?ids=${album}`, access_token)).status).toBe(200);
    expect((await first.send('PUT', `/v1/me/tracks?ids=${track}`, access_token)).status).toBe(200);
    expect((await first.send('PUT', '/v1/me/following?type=user&ids=yuki.tanaka', access_token)).status).toBe(204);
    // Playback writes plays into recent_plays; a burst of plays makes this track the top one.
    const play = db.prepare('INSERT INTO recent_plays VALUES (?, ?, ?, NULL)');
    for (let i = 0; i < 30; i++) play.run('guest', track, new Date(first.clock.now() - i * 1000).toISOString());
    const before = await (await first.get('/v1/me/top/tracks?time_range=short_term&limit=1', access_token)).json();
    expect(before.items[0].id).toBe(track);
    await first.stop({ keepData: true });

    const second = await startSandbox({ dataDir: first.dataDir });
    try {
      expect(await (await second.get(`/v1/me/albums/contains?ids=${album}`, access_token)).json()).toEqual([true]);
      expect(await (await second.get(`/v1/me/tracks/contains?ids=${track}`, access_token)).json()).toEqual([true]);
      expect(await (await second.get('/v1/me/following/contains?type=user&ids=yuki.tanaka', access_token)).json()).toEqual([true]);
      const recent = await (await second.get('/v1/me/player/recently-played?limit=1', access_token)).json();
      expect(recent.items[0].track.id).toBe(track);
      const top = await (await second.get('/v1/me/top/tracks?time_range=short_term&limit=1', access_token)).json();
      expect(top.items[0].id).toBe(track);
      const refreshed = await fetch(`${second.url}/api/token`, {
        method: 'POST',
        body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token, client_id: 'my-music' }),
      });
      expect(refreshed.status).toBe(200);
    } finally {
      await second.stop({ keepData: true });
    }

    // Another seed regenerates the catalogue (and starts the library afresh).
    const third = await startSandbox({ seed: 43, dataDir: first.dataDir });
    try {
      const count = third.sandbox.db.prepare('SELECT count(*) AS n FROM albums WHERE id = ?').get(album) as { n: number };
      expect(count.n).toBe(0);
    } finally {
      await third.stop();
    }
  });

  it('POST /__sandbox/reset restores the seeded library', async () => {
    const s = await startSandbox();
    try {
      const { access_token } = await s.signIn();
      const saved = async () => (await (await s.get('/v1/me/tracks?limit=1', access_token)).json()).total;
      const total = await saved();
      const track = (s.sandbox.db.prepare('SELECT id FROM tracks ORDER BY id DESC LIMIT 1').get() as { id: string }).id;
      await s.send('PUT', `/v1/me/tracks?ids=${track}`, access_token);
      expect(await saved()).toBe(total + 1);
      expect((await fetch(`${s.url}/__sandbox/reset`, { method: 'POST' })).status).toBe(204);
      expect(await saved()).toBe(total);
      expect((await s.get('/v1/me', access_token)).status).toBe(200);
    } finally {
      await s.stop();
    }
  });
});
