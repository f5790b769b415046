import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rankPage } from '../api/search-ranking';
import { startSandbox, type RunningSandbox } from './harness';

describe('rankPage', () => {
  const tiers = { exact: (n: number) => [5, 9].slice(0, n), nameStart: (n: number) => [9, 3, 7].slice(0, n), any: (n: number) => [1, 3, 5, 7, 9, 11, 13].slice(0, n) };

  it('puts exact names first, then name starts, then the rest, each once', () => {
    expect(rankPage(tiers, 0, 10)).toEqual({ keys: [5, 9, 3, 7, 1, 11, 13], total: 7 });
  });

  it('leaves the total to a count when the reads did not reach the last match', () => {
    expect(rankPage(tiers, 0, 2)).toEqual({ keys: [5, 9], total: null });
    expect(rankPage(tiers, 0, 4).total).toBeNull();
  });

  it('pages through the same order', () => {
    const page = (offset: number) => rankPage(tiers, offset, 3).keys;
    expect([...page(0), ...page(3), ...page(6)]).toEqual([5, 9, 3, 7, 1, 11, 13]);
  });

  it('reads a later tier only when the earlier ones do not fill the page', () => {
    let read = false;
    expect(rankPage({ ...tiers, any: () => ((read = true), []) }, 0, 3).keys).toEqual([5, 9, 3]);
    expect(read).toBe(false);
  });
});

// The sandbox's answers against a ranking computed the slow way: every match, sorted by tier
// (exact name, name starting with the words, the rest), then popularity, then row order.
let s: RunningSandbox;
let token: string;
beforeAll(async () => {
  s = await startSandbox();
  token = (await s.signIn()).access_token;
});
afterAll(async () => s.stop());

const plain = (text: string) => text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];

function tier(name: string, text: string): number {
  if (name.toLowerCase() === text.toLowerCase()) return 0;
  const have = plain(name);
  const want = plain(text);
  const starts = want.every((word, i) => (i === want.length - 1 ? have[i]?.startsWith(word) : have[i] === word));
  return starts ? 1 : 2;
}

type Table = 'tracks' | 'albums' | 'artists';
function slowRanking(table: Table, text: string): string[] {
  const fts = `search_${table}`;
  const words = text.normalize('NFKC').toLowerCase().match(/[\p{L}\p{M}\p{N}]+/gu) ?? [];
  const query = words.map((w, i, all) => `"${w}"${i === all.length - 1 ? '*' : ''}`).join(' ');
  const rows = s.sandbox.db
    .prepare(`SELECT t.id, t.name, t.popularity, t.rowid AS r FROM ${fts} s JOIN ${table} t ON t.rowid = s.rowid % 4294967296 WHERE ${fts} MATCH ?`)
    .all(query) as { id: string; name: string; popularity: number; r: number }[];
  return rows
    .map((row) => ({ ...row, tier: tier(row.name, text) }))
    .sort((a, b) => a.tier - b.tier || b.popularity - a.popularity || a.r - b.r)
    .map((row) => row.id);
}

async function searchPage(type: string, text: string, offset: number): Promise<{ ids: string[]; total: number }> {
  const answer = await s.get(`/v1/search?q=${encodeURIComponent(text)}&type=${type}&limit=20&offset=${offset}`, token);
  expect(answer.status).toBe(200);
  const body = (await answer.json()) as Record<string, { items: { id: string }[]; total: number }>;
  return { ids: body[`${type}s`]!.items.map((item) => item.id), total: body[`${type}s`]!.total };
}
const search = async (type: string, text: string, offset: number) => (await searchPage(type, text, offset)).ids;

describe('search ranking over HTTP', () => {
  it('matches the slow ranking for whole words, prefixes and whole names, across pages', async () => {
    const db = s.sandbox.db;
    // A word that starts many track names, and a name that other names start with.
    const { word } = db.prepare(`SELECT lower(substr(name, 1, instr(name || ' ', ' ') - 1)) AS word FROM tracks
      WHERE name GLOB '[A-Za-z][a-z][a-z]*' GROUP BY word ORDER BY count(*) DESC LIMIT 1`).get() as { word: string };
    const { name: artistName } = db.prepare('SELECT name FROM artists ORDER BY popularity LIMIT 1').get() as { name: string };
    const { name: albumName } = db.prepare("SELECT name FROM albums WHERE album_type = 'single' ORDER BY popularity LIMIT 1").get() as { name: string };
    const cases: [Table, string][] = [
      ['tracks', word],
      ['tracks', word.slice(0, 2)],
      ['tracks', albumName],
      ['albums', word],
      ['albums', albumName],
      ['artists', artistName],
      ['artists', artistName.slice(0, 3)],
    ];
    for (const [table, text] of cases) {
      const all = slowRanking(table, text);
      const expected = all.slice(0, 40);
      expect(expected.length, `${table} "${text}" has matches`).toBeGreaterThan(0);
      const type = table.slice(0, -1);
      // Counted (or known from the reads) either way, up to the furthest page a client can ask for.
      for (const offset of [0, 20]) expect((await searchPage(type, text, offset)).total, `${type} "${text}" total`).toBe(Math.min(all.length, 1050));
      expect([...(await search(type, text, 0)), ...(await search(type, text, 20))], `${type} "${text}"`).toEqual(expected);
    }
  });

  it('puts an exact name first even when it is the least popular match', async () => {
    const { name: artistName, id } = s.sandbox.db
      .prepare('SELECT name, min(id) AS id FROM artists GROUP BY name HAVING count(*) = 1 ORDER BY min(popularity) LIMIT 1')
      .get() as { name: string; id: string };
    expect((await search('artist', artistName, 0))[0]).toBe(id);
  });
});
