import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from './harness';

let s: RunningSandbox;
let token: string;
let artist: string;
beforeAll(async () => {
  s = await startSandbox();
  token = (await s.signIn()).access_token;
  artist = (s.sandbox.db.prepare('SELECT id FROM artists LIMIT 1').get() as { id: string }).id;
});
afterAll(async () => s.stop());

const BAD_IDS = ['short', '0'.repeat(23), "'%20OR%201=1--", '%F0%9F%8E%B5%F0%9F%8E%B5%F0%9F%8E%B5%F0%9F%8E%B5%F0%9F%8E%B5%F0%9F%8E%B5', 'a'.repeat(1000), '%ZZ', '%00%00', '..%2F..%2Fetc'];
const BAD_LIMITS = ['-1', '0', '51', 'abc', '1e3', '2.5', '99999999999999999999', '%20', '10,20'];
const SEARCH_TEXT = ['"', '""', "'", 'AND OR NOT', 'NEAR(a b)', 'a*', '*', '^start', 'name:foo', '(((', 'a OR', '🎵🔥', '%ZZ', 'x'.repeat(1000), 'दिल "ਪਿਆਰ" NOT 夜', '\\', '-', 'artist:"Ava Hart" year:2020-2024'];

/** The answer's status and its body, parsed when it is JSON. */
async function answerOf(path: string): Promise<{ status: number; body: unknown }> {
  const answer = await fetch(s.url + path, { headers: { Authorization: `Bearer ${token}` } });
  const text = await answer.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON: kept as text, which the envelope check then refuses
  }
  return { status: answer.status, body };
}

async function status(path: string, method = 'GET', body?: string): Promise<number> {
  const answer = await fetch(s.url + path, {
    method,
    headers: { Authorization: `Bearer ${token}`, ...(body !== undefined ? { 'Content-Type': 'application/json' } : {}) },
    body,
  });
  await answer.arrayBuffer();
  return answer.status;
}

describe('malformed input never gets a 500', () => {
  it("bad base62 ids are Spotify's 400 with its error envelope (404 only for unknown categories and users, whose ids are free text)", async () => {
    const templates = ['/v1/artists/{}', '/v1/artists/{}/albums', '/v1/artists/{}/top-tracks', '/v1/artists/{}/related-artists',
      '/v1/albums/{}', '/v1/albums/{}/tracks', '/v1/tracks/{}', '/v1/playlists/{}', '/v1/playlists/{}/tracks', '/v1/playlists/{}/items',
      '/v1/me/albums/contains?ids={}', '/v1/me/tracks/contains?ids={}', '/v1/me/following/contains?type=artist&ids={}', '/v1/artists?ids={}'];
    for (const template of templates) {
      for (const id of BAD_IDS) {
        const path = template.replace('{}', id);
        const { status: code, body } = await answerOf(path);
        expect(code, path).toBe(400);
        expect(body, path).toMatchObject({ error: { status: 400, message: expect.any(String) } });
      }
    }
    for (const id of BAD_IDS) {
      for (const path of [`/v1/users/${id}`, `/v1/users/${id}/playlists`, `/v1/browse/categories/${id}`, `/v1/browse/categories/${id}/playlists`]) {
        expect([400, 404], path).toContain(await status(path));
      }
    }
  });

  it('unknown but well-formed ids are 404', async () => {
    for (const kind of ['artists', 'albums', 'tracks', 'playlists']) {
      expect(await status(`/v1/${kind}/0000000000000000000000`)).toBe(404);
    }
    expect(await status('/v1/users/nobody.here')).toBe(404);
  });

  it('bad limits and offsets are 400', async () => {
    const paged = ['/v1/search?q=a&type=track', `/v1/artists/${artist}/albums?`, '/v1/browse/new-releases?', '/v1/browse/categories?',
      '/v1/browse/featured-playlists?', '/v1/me/playlists?', '/v1/me/tracks?', '/v1/me/albums?', '/v1/me/top/tracks?',
      '/v1/me/following?type=artist', '/v1/me/player/recently-played?', '/v1/users/guest/playlists?'];
    for (const base of paged) {
      const join = base.endsWith('?') ? '' : '&';
      for (const limit of BAD_LIMITS) expect(await status(`${base}${join}limit=${limit}`), `${base} limit=${limit}`).toBe(400);
      if (!base.includes('following') && !base.includes('recently')) {
        for (const offset of ['-1', 'x', '1e12', '9999999999']) expect(await status(`${base}${join}offset=${offset}`), `${base} offset=${offset}`).toBe(400);
      }
    }
    expect(await status('/v1/me/player/recently-played?after=1&before=2')).toBe(400);
    expect(await status('/v1/me/player/recently-played?before=yesterday')).toBe(400);
    expect(await status('/v1/browse/new-releases?market=india')).toBe(400);
  });

  it('odd search text is a 200 with results or none, never a 500', async () => {
    for (const text of SEARCH_TEXT) {
      const path = `/v1/search?q=${text.startsWith('%') ? text : encodeURIComponent(text)}&type=track,artist,album,playlist&limit=10`;
      expect([200, 400], text.slice(0, 30)).toContain(await status(path));
    }
  });

  it('bad JSON bodies and huge query strings are 4xx', async () => {
    for (const path of ['/v1/me/tracks', '/v1/me/albums', '/v1/me/following?type=artist']) {
      for (const body of ['{', 'null', '[]', '{"ids": "abc"}', '{"ids": [1, 2]}', '{"ids": ["short"]}', '"x"']) {
        expect(await status(path, 'PUT', body), `${path} ${body}`).toBe(400);
      }
    }
    const manyIds = Array.from({ length: 60 }, () => artist).join(',');
    expect(await status(`/v1/me/following/contains?type=artist&ids=${manyIds}`)).toBe(400);
    expect(await status(`/v1/artists?ids=${manyIds}`)).toBe(400);
    const huge = 'q'.repeat(12_000);
    const answer = await status(`/v1/search?q=${huge}&type=track`);
    expect(answer).toBeGreaterThanOrEqual(200);
    expect(answer).toBeLessThan(500);
    expect(await status(`/v1/me/library?uris=${'spotify:track:x,'.repeat(500)}`, 'PUT')).toBe(400);
    expect(await status('/v1/me/top/everything')).toBe(400);
    expect(await status('/v1/me/tracks', 'PUT', JSON.stringify({ ids: Array.from({ length: 20_000 }, () => artist) }))).toBe(413);
  });

  it('the sign-in page and token endpoint refuse junk with a 4xx', async () => {
    const junk = ['%ZZ', 'x'.repeat(5000), '%00', '<script>alert(1)</script>'];
    for (const value of junk) {
      for (const name of ['client_id', 'redirect_uri', 'response_type', 'scope', 'state', 'code_challenge']) {
        const answer = await fetch(`${s.url}/authorize?client_id=my-music&response_type=code&redirect_uri=http://127.0.0.1:1/callback&${name}=${value}`, { redirect: 'manual' });
        expect(answer.status, `${name}=${value.slice(0, 20)}`).toBeGreaterThanOrEqual(400);
        expect(answer.status).toBeLessThan(500);
        expect(await answer.text()).not.toContain('<script>alert');
      }
    }
    const forms = ['', 'grant_type=authorization_code', 'grant_type=authorization_code&code=x&redirect_uri=y&code_verifier=short',
      `grant_type=refresh_token&refresh_token=${'r'.repeat(5000)}`, '%ZZ=%ZZ', 'grant_type[]=x'];
    for (const body of forms) {
      const answer = await fetch(`${s.url}/api/token`, { method: 'POST', body, headers: { 'Content-Type': 'application/x-www-form-urlencoded' } });
      expect(answer.status, body.slice(0, 40)).toBe(400);
      expect((await answer.json()).error).toMatch(/^(invalid_request|invalid_grant|invalid_client|unsupported_grant_type)$/);
    }
    const post = await fetch(`${s.url}/authorize`, { method: 'POST', body: 'not a form', headers: { 'Content-Type': 'text/plain' } });
    expect(post.status).toBe(400);
  });

  it('unknown paths and methods get the envelope', async () => {
    const answer = await fetch(`${s.url}/v1/nothing/here`, { headers: { Authorization: `Bearer ${token}` } });
    expect(answer.status).toBe(404);
    expect((await answer.json()).error.status).toBe(404);
    expect(await status('/v1/artists/0000000000000000000000', 'PATCH')).toBe(404);
    const preflight = await fetch(`${s.url}/v1/me`, { method: 'OPTIONS', headers: { Origin: 'http://127.0.0.1:4321', 'Access-Control-Request-Method': 'PUT', 'Access-Control-Request-Headers': 'authorization,content-type' } });
    expect(preflight.status).toBeLessThan(300);
    expect(preflight.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('authorization');
  });
});
