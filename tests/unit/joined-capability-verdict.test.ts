// Node's own fetch and URL: the sandbox reads its files through import.meta.url, which a DOM environment breaks.
// Two sessions render one artist at once on the server: the catalogue cache joins their calls in
// flight (src/server/catalogue-cache.ts), so one session's call to related-artists answers both.
// DESIGN §2's verdict on its refusal (gone, or that artist not there) is reached once, by the
// session that asked, and both sessions learn the same from it (src/api/client.ts tellFailure).
import { describe, expect, it } from 'vitest';
import type { TokenSet } from '../../src/api/auth';
import type { ApiProfile } from '../../sandbox/env';
import { faultHits } from '../../sandbox/tests/harness';
import { addFault, useServerSandbox } from './helpers/sandbox';
import { siteContext } from './helpers/site-session';

describe.each<[ApiProfile, 'available' | 'missing']>([
  // A first 404 there: the probe finds the endpoint answering about another artist, so "not found".
  ['extended', 'available'],
  // The endpoint is gone: the probe is refused too.
  ['development', 'missing'],
])('in the %s profile, a render that joined another session\'s refused call', (profile, learnt) => {
  const sandbox = useServerSandbox(profile);

  const tokensOf = (userId: string): TokenSet => ({ accessToken: sandbox().token(userId), refreshToken: null, expiresAt: null, renewAt: null });

  it(`learns relatedArtists ${learnt}, as the session whose call it shared did`, async () => {
    const { runPageCalls, pageCapabilities } = await import('../../src/server/page-calls');
    const { startDetailPage } = await import('../../src/server/page-data');
    const { artistPage } = await import('../../src/api/artists');
    const search = (await (await sandbox().get('/v1/search?q=a&type=artist&limit=1', sandbox().token('guest'))).json()) as { artists: { items: { id: string }[] } };
    const artistId = search.artists.items[0]!.id;
    await addFault(sandbox().url, { match: { path: `^/v1/artists/${artistId}/related-artists$` }, status: 404, delayMs: 300, times: 1 });

    const render = (userId: string) =>
      runPageCalls(siteContext(new Request('http://127.0.0.1:4331/artist/x'), new Map()), tokensOf(userId), async () => {
        await startDetailPage(artistPage, artistId).whole;
        return pageCapabilities().relatedArtists;
      });
    const [asked, joined] = await Promise.all([render('guest'), render('free')]);

    // One call for both: the second render joined the first's.
    expect(await faultHits(sandbox().url)).toEqual([1]);
    expect(asked).toBe(learnt);
    expect(joined).toBe(learnt);
  });
});
