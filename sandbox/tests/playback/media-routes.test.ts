import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '../harness';
import { renderWavBytes, trackAudio } from '../../playback/wav';

let t: RunningSandbox;
let track: { id: string; duration_ms: number };

beforeAll(async () => {
  t = await startSandbox();
  track = t.sandbox.db.prepare('SELECT id, duration_ms FROM tracks ORDER BY id LIMIT 1').get() as typeof track;
});
afterAll(() => t.stop());

describe('/img', () => {
  it('serves a cacheable SVG and answers a matching If-None-Match with 304', async () => {
    const response = await fetch(`${t.url}/img/album/abcDEF123.svg`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
    expect(response.headers.get('cache-control')).toContain('immutable');
    expect(await response.text()).toMatch(/^<svg /);
    const etag = response.headers.get('etag')!;
    const again = await fetch(`${t.url}/img/album/abcDEF123.svg`, { headers: { 'If-None-Match': etag } });
    expect(again.status).toBe(304);
    for (const kind of ['artist', 'playlist', 'category', 'user']) {
      expect((await fetch(`${t.url}/img/${kind}/x1.svg`)).status).toBe(200);
    }
    expect((await fetch(`${t.url}/img/track/x1.svg`)).status).toBe(404);
    expect((await fetch(`${t.url}/img/user/..svg`)).status).toBe(404);
    expect((await fetch(`${t.url}/img/album/${'%2E%2E'}.svg`)).status).toBe(404);
  });

  it('serves the image URL it hands out for a user whose id has a dot', async () => {
    const token = t.token('guest');
    const user = (await (await fetch(`${t.url}/v1/users/aarav.sharma`, { headers: { Authorization: `Bearer ${token}` } })).json()) as {
      images: { url: string }[];
    };
    expect(user.images[0]?.url).toBe(`${t.url}/img/user/aarav.sharma.svg`);
    const image = await fetch(user.images[0]!.url);
    expect(image.status).toBe(200);
    expect(await image.text()).toMatch(/^<svg /);
  });
});

describe('/audio', () => {
  it('serves the whole WAV, as long as the track', async () => {
    const response = await fetch(`${t.url}/audio/${track.id}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('audio/wav');
    expect(response.headers.get('accept-ranges')).toBe('bytes');
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect(Number(response.headers.get('content-length'))).toBe(bytes.length);
    const seconds = new DataView(bytes.buffer).getUint32(40, true) / 2 / 8000;
    expect(seconds).toBeCloseTo(track.duration_ms / 1000, 2);
  });

  it('answers Range with 206 and exactly those bytes', async () => {
    const audio = trackAudio(track.id, track.duration_ms);
    const response = await fetch(`${t.url}/audio/${track.id}`, { headers: { Range: 'bytes=100000-100999' } });
    expect(response.status).toBe(206);
    expect(response.headers.get('content-range')).toBe(`bytes 100000-100999/${audio.byteLength}`);
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect(bytes).toEqual(renderWavBytes(audio, 100_000, 101_000));
    const tail = await fetch(`${t.url}/audio/${track.id}`, { headers: { Range: 'bytes=-10' } });
    expect(tail.status).toBe(206);
    expect((await tail.arrayBuffer()).byteLength).toBe(10);
    const beyond = await fetch(`${t.url}/audio/${track.id}`, { headers: { Range: `bytes=${audio.byteLength}-` } });
    expect(beyond.status).toBe(416);
    expect(beyond.headers.get('content-range')).toBe(`bytes */${audio.byteLength}`);
  });

  it('is cacheable and 404s an unknown track', async () => {
    const first = await fetch(`${t.url}/audio/${track.id}`, { headers: { Range: 'bytes=0-1' } });
    await first.arrayBuffer();
    const etag = first.headers.get('etag')!;
    expect(first.headers.get('cache-control')).toContain('immutable');
    expect((await fetch(`${t.url}/audio/${track.id}`, { headers: { 'If-None-Match': etag } })).status).toBe(304);
    expect((await fetch(`${t.url}/audio/NoSuchTrack0000000000`)).status).toBe(404);
  });
});
