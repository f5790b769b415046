// The site server's small rules, each on its own: which requests may change state, who may
// see which route, the notice for the next page, when a token is renewed, and the one
// spending of a refresh token across requests and instances (in memory, and in a real Redis
// as several instances share it).
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { realRedis } from './helpers/real-redis';
import { createContext } from 'astro/middleware';
import { TokenError, type TokenSet } from '../../src/api/auth';
import { isDue, renewAt } from '../../src/lib/token-timing';
import { CLAIM_LEASE_MS, memoryLedger, redisLedger, type RefreshLedger } from '../../src/server/refresh-ledger';
import { createRefresher } from '../../src/server/refresher';
import { isAllowedRequest } from '../../src/server/request-guard';
import { accessOf } from '../../src/server/route-access';
import { leaveNotice, markNewSession, takeNewSession, takeNotice } from '../../src/server/notice';
import { FORCED_REFRESH_GAP_MS, refreshDecision, withRefreshedTokens } from '../../src/server/session-tokens';
import { loadsWholeDocument } from '../../src/server/whole-document';

const SITE = 'https://music.example';

describe('which requests may change state (RFC 10017 CSRF advice)', () => {
  const request = (method: string, headers: Record<string, string>) => ({ method, headers: new Headers(headers) });

  it('lets safe methods through, and a POST only with the custom header from the site itself', () => {
    expect(isAllowedRequest(request('GET', {}), SITE)).toBe(true);
    expect(isAllowedRequest(request('HEAD', { Origin: 'https://evil.example' }), SITE)).toBe(true);
    expect(isAllowedRequest(request('POST', { 'X-My-Music': '1', Origin: SITE }), SITE)).toBe(true);
    expect(isAllowedRequest(request('post', { 'X-My-Music': '1', 'Sec-Fetch-Site': 'same-origin' }), SITE)).toBe(true);
  });

  it('refuses another origin, a missing or wrong header, and a request that says nothing of where it comes from', () => {
    expect(isAllowedRequest(request('POST', { 'X-My-Music': '1', Origin: 'https://evil.example' }), SITE)).toBe(false);
    expect(isAllowedRequest(request('POST', { Origin: SITE }), SITE)).toBe(false);
    expect(isAllowedRequest(request('DELETE', { 'X-My-Music': '0', Origin: SITE }), SITE)).toBe(false);
    expect(isAllowedRequest(request('PUT', { 'X-My-Music': '1' }), SITE)).toBe(false);
    expect(isAllowedRequest(request('POST', { 'X-My-Music': '1', 'Sec-Fetch-Site': 'same-site' }), SITE)).toBe(false);
    // An Origin decides even when Sec-Fetch-Site claims same-origin.
    expect(isAllowedRequest(request('POST', { 'X-My-Music': '1', Origin: 'null', 'Sec-Fetch-Site': 'same-origin' }), SITE)).toBe(false);
  });

  it("takes a plain form's POST of the site's own pages (no custom header) at sign-out (LogOut with JavaScript off; the library's route too, library-form.test.ts), not at the token route, and refuses another site's", () => {
    const SIGN_OUT = '/session/sign-out';
    expect(isAllowedRequest(request('POST', { Origin: SITE, 'Content-Type': 'application/x-www-form-urlencoded' }), SITE, SIGN_OUT)).toBe(true);
    expect(isAllowedRequest(request('POST', { 'Sec-Fetch-Site': 'same-origin' }), SITE, SIGN_OUT)).toBe(true);
    expect(isAllowedRequest(request('POST', { Origin: SITE }), SITE, '/session/token')).toBe(false);
    expect(isAllowedRequest(request('PUT', { Origin: SITE }), SITE, SIGN_OUT)).toBe(false);
    expect(isAllowedRequest(request('POST', { Origin: 'https://evil.example' }), SITE, SIGN_OUT)).toBe(false);
    expect(isAllowedRequest(request('POST', { Origin: 'null', 'Sec-Fetch-Site': 'same-origin' }), SITE, SIGN_OUT)).toBe(false);
    expect(isAllowedRequest(request('POST', { 'Sec-Fetch-Site': 'cross-site' }), SITE, SIGN_OUT)).toBe(false);
    expect(isAllowedRequest(request('POST', {}), SITE, SIGN_OUT)).toBe(false);
  });
});

describe('which pages the browser loads whole (and the client router does not fetch)', () => {
  const request = (method: string, headers: Record<string, string>) => ({ method, headers: new Headers(headers) });

  it('is a GET for a document, or the service worker fetching a navigation', () => {
    expect(loadsWholeDocument(request('GET', { 'Sec-Fetch-Dest': 'document', 'Sec-Fetch-Mode': 'navigate' }))).toBe(true);
    expect(loadsWholeDocument(request('GET', { 'Sec-Fetch-Dest': 'empty', 'Sec-Fetch-Mode': 'navigate' }))).toBe(true);
  });

  it("is not the client router's fetch, a page fetched ahead, a request that says nothing, or a form's POST", () => {
    expect(loadsWholeDocument(request('GET', { 'Sec-Fetch-Dest': 'empty', 'Sec-Fetch-Mode': 'cors' }))).toBe(false);
    expect(loadsWholeDocument(request('GET', { 'Sec-Fetch-Dest': 'empty', 'Sec-Fetch-Mode': 'same-origin' }))).toBe(false);
    expect(loadsWholeDocument(request('GET', {}))).toBe(false);
    expect(loadsWholeDocument(request('POST', { 'Sec-Fetch-Dest': 'document', 'Sec-Fetch-Mode': 'navigate' }))).toBe(false);
  });
});

describe('who may see which route (SPEC §2, §6)', () => {
  it('keeps /auth and /access_denied for visitors, the sign-in, session and error routes and the offline shell open, and everything else for the signed in', () => {
    expect(accessOf('/auth')).toBe('visitor-only');
    expect(accessOf('/access_denied/')).toBe('visitor-only');
    for (const open of ['/login', '/callback', '/session/token', '/session/sign-out', '/404', '/500', '/offline']) expect(accessOf(open), open).toBe('open');
    for (const app of ['/', '/album/[id]', '/search', '/collection/tracks', '/player']) expect(accessOf(app), app).toBe('app');
  });

  it("offers nobody Astro's image endpoint, which no page uses", () => {
    expect(accessOf('/_image')).toBe('none');
  });
});

describe('the notice for the next page', () => {
  it('is read once on /auth as SPEC §8\'s text, and an unknown notice says nothing', () => {
    const ended = createContext({ request: new Request(`${SITE}/`), defaultLocale: 'en', locals: {} });
    leaveNotice(ended.cookies, 'session-expired');
    const [line] = [...ended.cookies.headers()];
    expect(line).toMatch(/^my-music-notice=session-expired; Max-Age=60; Path=\/auth; HttpOnly; Secure; SameSite=Lax$/);
    const auth = createContext({ request: new Request(`${SITE}/auth`, { headers: { cookie: 'my-music-notice=session-expired' } }), defaultLocale: 'en', locals: {} });
    expect(takeNotice(auth.cookies)).toBe('Session Expired');
    expect([...auth.cookies.headers()].join()).toMatch(/^my-music-notice=deleted; Path=\/auth; Expires=Thu, 01 Jan 1970/);
    const forged = createContext({ request: new Request(`${SITE}/auth`, { headers: { cookie: 'my-music-notice=%3Cb%3E' } }), defaultLocale: 'en', locals: {} });
    expect(takeNotice(forged.cookies)).toBeNull();
  });

  it('marks a new session for its first page, which takes the mark once', () => {
    const callback = createContext({ request: new Request(`${SITE}/callback`), defaultLocale: 'en', locals: {} });
    markNewSession(callback.cookies);
    expect([...callback.cookies.headers()].join()).toMatch(/^my-music-new-session=1; Max-Age=300; Path=\/; HttpOnly; Secure; SameSite=Lax$/);
    const first = createContext({ request: new Request(`${SITE}/`, { headers: { cookie: 'my-music-new-session=1' } }), defaultLocale: 'en', locals: {} });
    expect(takeNewSession(first.cookies)).toBe(true);
    expect([...first.cookies.headers()].join()).toMatch(/^my-music-new-session=deleted; Path=\/; Expires=Thu, 01 Jan 1970/);
    const next = createContext({ request: new Request(`${SITE}/`), defaultLocale: 'en', locals: {} });
    expect(takeNewSession(next.cookies)).toBe(false);
  });

  // The Secure attribute above comes from SITE_URL's https.
  beforeAll(() => vi.stubEnv('SITE_URL', SITE));
  afterAll(() => vi.unstubAllEnvs());
});

describe('when a token is renewed', () => {
  it('a minute before it expires, or a quarter of a short lifetime before', () => {
    expect(renewAt(0, 3600_000)).toBe(3540_000);
    expect(renewAt(0, 120_000)).toBe(90_000);
    expect(isDue({ renewAt: 10 }, 9)).toBe(false);
    expect(isDue({ renewAt: 10 }, 10)).toBe(true);
    expect(isDue({ renewAt: null }, Number.MAX_SAFE_INTEGER)).toBe(false);
  });

  it('and at once when the page reports that the provider refused the token the session holds, but not twice within the gap', () => {
    const tokens: TokenSet = { accessToken: 'A1', refreshToken: 'R1', expiresAt: 100_000, renewAt: 50_000 };
    expect(refreshDecision(tokens, 10)).toBe('use');
    expect(refreshDecision(tokens, 10, 'A1')).toBe('force');
    expect(refreshDecision(tokens, 10, 'A0')).toBe('use');
    expect(refreshDecision(tokens, 50_000)).toBe('renew');
    // A refusal within the gap of the last forced refresh is held; a due token is renewed all the same.
    expect(refreshDecision(tokens, 10_000, 'A1', 10_000 - FORCED_REFRESH_GAP_MS + 1)).toBe('hold');
    expect(refreshDecision(tokens, 10_000, 'A1', 10_000 - FORCED_REFRESH_GAP_MS)).toBe('force');
    expect(refreshDecision(tokens, 50_000, 'A1', 49_999)).toBe('renew');
  });

  it('and kept only in a session that still holds the tokens spent: one that moved on keeps its newer ones', () => {
    const spent: TokenSet = { accessToken: 'A1', refreshToken: 'R1', expiresAt: 100, renewAt: 50 };
    const fresh: TokenSet = { ...spent, accessToken: 'A2', refreshToken: 'R2' };
    expect(withRefreshedTokens({ tokens: spent, viewer: 'kept' }, spent, fresh)).toEqual({ tokens: fresh, viewer: 'kept' });
    expect(withRefreshedTokens({ tokens: fresh }, spent, fresh)).toBeNull();
    expect(withRefreshedTokens({ tokens: { ...spent, accessToken: 'A3', refreshToken: 'R3' } }, spent, fresh)).toBeNull();
    expect(withRefreshedTokens({ tokens: spent }, spent, fresh, 123)).toEqual({ tokens: fresh, forcedRefreshAt: 123 });
  });
});

/** A token URL stand-in that counts its spendings and answers after `ms`. */
function tokenUrl(ms = 20) {
  const spent: string[] = [];
  return {
    spent,
    spend: async (refreshToken: string): Promise<TokenSet> => {
      spent.push(refreshToken);
      await new Promise((resolve) => setTimeout(resolve, ms));
      if (refreshToken === 'revoked') throw new TokenError('invalid_grant', 400);
      if (refreshToken === 'unreachable') throw new TypeError('fetch failed');
      return { accessToken: `A-${spent.length}`, refreshToken: `R-${spent.length}`, expiresAt: 1, renewAt: 1 };
    },
  };
}

const quietly = { sleep: (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)), pollMs: 5 };

/** The ledger shared by a test's instances, made fresh for each test: `instance` gives the ledger instance i reads and writes. */
type Ledgers = (leaseMs?: number) => Promise<(instance: number) => RefreshLedger>;

function spendsOnceAcrossInstances(ledgers: Ledgers) {
  it('spends a refresh token once for parallel requests of several instances, and shares the answer', async () => {
    const ledgerOf = await ledgers();
    const url = tokenUrl();
    const instances = [0, 1, 2].map((instance) => createRefresher({ spend: url.spend, ledger: ledgerOf(instance), ...quietly }));
    const results = await Promise.all(instances.flatMap((refresh) => [refresh('R0'), refresh('R0')]));
    expect(url.spent).toEqual(['R0']);
    expect(new Set(results.map((result) => JSON.stringify(result))).size).toBe(1);
    expect(results[0]).toEqual({ kind: 'refreshed', tokens: expect.objectContaining({ accessToken: 'A-1' }) });
    // A late request with the spent token gets the same answer, still without spending.
    expect(await instances[0]!('R0')).toEqual(results[0]);
    expect(url.spent).toEqual(['R0']);
  });

  it('keeps a claim while its token request runs past a lease, and lets the others on a lease after its instance was killed', async () => {
    // A lease eight renewals long: a busy machine's stall of a few renewals does not lose it.
    const leaseMs = 400;
    const renewMs = leaseMs / 8;
    const ledgerOf = await ledgers(leaseMs);
    const slow = tokenUrl(2 * leaseMs);
    const [a, b] = [0, 1].map((instance) => createRefresher({ spend: slow.spend, ledger: ledgerOf(instance), ...quietly, renewMs }));
    // A live holder whose token URL is slow keeps its claim: spent once, the answer shared.
    const [first, second] = await Promise.all([a!('R0'), b!('R0')]);
    expect(slow.spent).toEqual(['R0']);
    expect(second).toEqual(first);

    // An instance killed while it held a claim: it never renews nor settles it.
    const held = ledgerOf(0);
    let claimed!: () => void;
    const hasClaimed = new Promise<void>((resolve) => (claimed = resolve));
    const killed: RefreshLedger = {
      ...held,
      claim: async (key, holder) => {
        const won = await held.claim(key, holder);
        if (won) claimed();
        return won;
      },
      renew: async () => undefined,
      settle: async () => undefined,
    };
    let kill!: (error: Error) => void;
    const hung = () => new Promise<TokenSet>((_, reject) => (kill = reject));
    const dead = createRefresher({ spend: hung, ledger: killed, ...quietly, renewMs })('R1');
    await hasClaimed;
    const url = tokenUrl(0);
    // It waits 3 s at most here: a claim that held 35 s whatever became of its holder left it nothing.
    const result = await createRefresher({ spend: url.spend, ledger: ledgerOf(1), ...quietly, waitMs: 3_000 })('R1');
    expect(result).toEqual({ kind: 'refreshed', tokens: expect.objectContaining({ accessToken: 'A-1' }) });
    expect(url.spent).toEqual(['R1']);
    // The killed instance's request, ended (its timers with it).
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    kill(new TypeError('fetch failed'));
    await dead;
    vi.restoreAllMocks();
  });

  it('shares a refusal, and lets the next request try again after an unreachable token URL', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const ledgerOf = await ledgers();
    const url = tokenUrl();
    const [a, b] = [0, 1].map((instance) => createRefresher({ spend: url.spend, ledger: ledgerOf(instance), ...quietly }));
    expect(await Promise.all([a!('revoked'), b!('revoked')])).toEqual([{ kind: 'refused' }, { kind: 'refused' }]);
    expect(url.spent).toEqual(['revoked']);
    expect(await a!('unreachable')).toEqual({ kind: 'unreachable' });
    expect(await b!('unreachable')).toEqual({ kind: 'unreachable' });
    expect(url.spent).toEqual(['revoked', 'unreachable', 'unreachable']);
    vi.restoreAllMocks();
  });
}

describe('the one spending of a refresh token, in one instance\'s memory', () => {
  it('never spends twice when another request claims, spends and settles between a look and a claim', async () => {
    const shared = memoryLedger();
    const url = tokenUrl(0);
    const other = createRefresher({ spend: url.spend, ledger: shared, ...quietly });
    // This request finds nothing, then the other one runs its whole refresh before this one claims.
    let claimed = '';
    const late: RefreshLedger = { ...shared, claim: async (key, holder) => ((claimed = key), await other('R0'), shared.claim(key, holder)) };
    const result = await createRefresher({ spend: url.spend, ledger: late, ...quietly })('R0');
    expect(url.spent).toEqual(['R0']);
    expect(result).toEqual({ kind: 'refreshed', tokens: expect.objectContaining({ accessToken: 'A-1' }) });
    // The claim it took to look again is let go.
    expect(await shared.claim(claimed, 'next')).toBe(true);
  });

  it('keeps what the token URL gave when the ledger cannot note it (Redis gone after the spending): the refresh token is spent', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const url = tokenUrl(0);
    const ledger: RefreshLedger = { ...memoryLedger(), settle: () => Promise.reject(new Error('Connection is closed.')) };
    const result = await createRefresher({ spend: url.spend, ledger, ...quietly })('R0');
    expect(url.spent).toEqual(['R0']);
    expect(result).toEqual({ kind: 'refreshed', tokens: expect.objectContaining({ accessToken: 'A-1', refreshToken: 'R-1' }) });
    vi.restoreAllMocks();
  });

  // One instance's requests: each refresher below stands for a request path of the same process.
  spendsOnceAcrossInstances(async (leaseMs) => {
    const ledger = memoryLedger(Date.now, leaseMs);
    return () => ledger;
  });

  it('forgets an answer after a minute, and a claim a lease after its holder last renewed it', async () => {
    let now = 0;
    const ledger = memoryLedger(() => now);
    expect(await ledger.claim('k', 'a')).toBe(true);
    expect(await ledger.claim('k', 'b')).toBe(false);
    // Renewed while its holder lives; renewing or letting go another's claim changes nothing.
    now = CLAIM_LEASE_MS - 1;
    await ledger.renew('k', 'a');
    await ledger.renew('k', 'b');
    await ledger.settle('k', null, 'b');
    now = CLAIM_LEASE_MS + 1;
    expect(await ledger.claim('k', 'b')).toBe(false);
    // Its holder gone (no renewal): the claim lapses one lease after the last.
    now = 2 * CLAIM_LEASE_MS - 1;
    expect(await ledger.claim('k', 'b')).toBe(true);
    // A holder that stalled past its lease takes it again on its next renewal, while nobody else has.
    expect(await ledger.claim('stalled', 'c')).toBe(true);
    now += 2 * CLAIM_LEASE_MS;
    await ledger.renew('stalled', 'c');
    expect(await ledger.claim('stalled', 'd')).toBe(false);
    await ledger.settle('k', { kind: 'refused' }, 'b');
    expect(await ledger.find('k')).toEqual({ kind: 'refused' });
    now += 60_000;
    expect(await ledger.find('k')).toBeNull();
  });
});

describe('the one spending of a refresh token, in Redis shared by instances', () => {
  const redis = realRedis();

  // Each instance has its own connection to the one server, as the site's processes do.
  spendsOnceAcrossInstances(async (leaseMs) => {
    const clients = await redis.clients(3);
    return (instance) => redisLedger(clients[instance]!, leaseMs);
  });
});
