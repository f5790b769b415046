import { describe, expect, it } from 'vitest';
import type { TokenSet } from '../../src/api/auth';
import { SHOWN_MARK, type Marked, type PlayingMark } from '../../src/lib/playing-mark';
import { notePlayingRead, runPageCalls } from '../../src/server/page-calls';
import { PLAYING_MARK_WAIT_MS, pageSeed, splitPageSeed, streamedSeed } from '../../src/server/page-data';
import type { SessionContext } from '../../src/server/session-tokens';

// The server renders a page's rows with the player's mark when its read of what plays (started
// beside the page's calls by the middleware) says so in time; no provider is asked here.

const tokens: TokenSet = { accessToken: 'a', refreshToken: 'r', expiresAt: Date.now() + 3_600_000 } as TokenSet;
const context = { cookies: { get: () => undefined } } as unknown as SessionContext;
const astro = { response: { status: 200, statusText: '' }, cookies: { get: () => undefined }, redirect: () => new Response() } as never;
const mark: PlayingMark = { trackId: 't1', isPlaying: true };
const later = <T,>(value: T, ms: number) => new Promise<T>((resolve) => setTimeout(resolve, ms, value));
const markOf = (seed: unknown) => (seed as Marked<object>)[SHOWN_MARK];

describe("a page's rows and the player's mark the server found", () => {
  it('are marked when the read has said, or says within the wait, on every way a page gets its seed', async () => {
    const seeds = await runPageCalls(context, tokens, async () => {
      notePlayingRead(later(mark, PLAYING_MARK_WAIT_MS / 5));
      const whole = await pageSeed(astro, async () => ({ failure: null }));
      const streamed = await streamedSeed(async () => ({ rows: 1 }));
      const split = await splitPageSeed(astro, { head: Promise.resolve({ failure: null, part: 'head' }), whole: Promise.resolve({ failure: null, part: 'whole' }) });
      return { whole, streamed, split };
    });
    expect(markOf(seeds.whole)).toEqual(mark);
    expect(markOf(seeds.streamed)).toEqual(mark);
    expect(markOf((seeds.split as { seed: unknown }).seed)).toEqual(mark);
    // The mark rides beside the seed, not in its JSON.
    expect(JSON.parse(JSON.stringify(seeds.whole))).toEqual({ failure: null });
  });

  it('are not marked when the page reads nothing (the router fetched it), or the read comes late; the page does not wait for a late one', async () => {
    const unread = await runPageCalls(context, tokens, () => pageSeed(astro, async () => ({ failure: null })));
    expect(markOf(unread)).toBeUndefined();
    let readSaid = false;
    const late = await runPageCalls(context, tokens, async () => {
      notePlayingRead(later(mark, PLAYING_MARK_WAIT_MS * 10).then((said) => ((readSaid = true), said)));
      return pageSeed(astro, async () => ({ failure: null }));
    });
    expect(markOf(late)).toBeUndefined();
    // The page went on without it.
    expect(readSaid).toBe(false);
  });
});
