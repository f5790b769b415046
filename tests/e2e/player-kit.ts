// Shared by the player's end-to-end specs (player.spec.ts, player-autoplay.spec.ts; the accessibility walk plays a row too).
import type { Locator, Page } from '@playwright/test';
import { expect, type SandboxControl, type SignIn } from './fixtures';
import { accessTokenOf } from './helpers/access-token';

/** Test-side instruments, installed before the site's scripts: the audio elements that play, Media Session handlers, the SDK's event streams (WebSockets). */
export const INSTRUMENTS = `
  window.__audios = [];
  const play = HTMLMediaElement.prototype.play;
  window.__plays = [];
  HTMLMediaElement.prototype.play = function (...args) {
    if (!window.__audios.includes(this)) window.__audios.push(this);
    window.__plays.push({ active: navigator.userActivation ? navigator.userActivation.isActive : null, during: window.event ? window.event.type : null });
    return play.apply(this, args);
  };
  window.__media = {};
  if (window.MediaSession) {
    const set = MediaSession.prototype.setActionHandler;
    MediaSession.prototype.setActionHandler = function (action, handler) {
      window.__media[action] = handler;
      return set.call(this, action, handler);
    };
  }
  window.__streams = [];
  const Socket = window.WebSocket;
  window.WebSocket = class extends Socket {
    constructor(url, protocols) { super(url, protocols); window.__streams.push(String(url)); }
  };
`;

export interface Instrumented {
  /** Each play() call: whether the page had a (transient) user activation, and the event being handled then (null outside one). */
  __plays: { active: boolean | null; during: string | null }[];
  __audios: HTMLAudioElement[];
  __media: Record<string, ((details: object) => void) | null>;
  __streams: string[];
  __sameDocument?: boolean;
}

export interface PlayerJson {
  is_playing: boolean;
  progress_ms: number;
  shuffle_state: boolean;
  repeat_state: string;
  item: { id: string; name: string };
  context: { uri: string } | null;
}

export const card = (page: Page) => page.getByRole('region', { name: 'Player' });

/**
 * The player's status line as it shows: the card's, or on a phone the bar's, where it stands in
 * for the artists. (The bar also has a hidden live region with the same words, for screen readers.)
 */
export const playerStatusLine = (page: Page) => card(page).locator('.player-card__status, .player-bar__artists.is-status');

/**
 * The first row of home's trending lists, pinned by its track id: the three lists load
 * one by one, so "the first row" may be another row a moment later (a Hindi row
 * arriving above the Punjabi one read a moment before).
 */
export async function aTrendingRow(page: Page): Promise<{ row: Locator; name: string }> {
  const first = page.locator('[aria-label^="Tranding Songs"] [data-track-id]').first();
  await expect(first).toBeVisible();
  const id = await first.getAttribute('data-track-id');
  const row = page.locator(`[aria-label^="Tranding Songs"] [data-track-id="${id}"]`).first();
  return { row, name: (await row.locator('.track-row__title').textContent())! };
}

const tokens = new WeakMap<Page, string>();

/** The signed-in token, asked of the site once per page (the sandbox's tokens last an hour). */
export async function token(page: Page): Promise<string> {
  const known = tokens.get(page);
  if (known) return known;
  const read = await accessTokenOf(page);
  if (!read) throw new Error('token: the page is not signed in');
  tokens.set(page, read);
  return read;
}

export async function webApi(page: Page, sandbox: SandboxControl, method: string, path: string, body?: unknown) {
  const response = await fetch(`${sandbox.url}/v1/${path}`, {
    method,
    headers: { Authorization: `Bearer ${await token(page)}`, 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, json: (text ? JSON.parse(text) : null) as never };
}

/** The provider's view of the guest's playback (null when nothing is loaded). */
export async function provider(page: Page, sandbox: SandboxControl): Promise<PlayerJson | null> {
  return (await webApi(page, sandbox, 'GET', 'me/player')).json as PlayerJson | null;
}

export const audio = (page: Page) =>
  page.evaluate(() => {
    const [element] = (window as unknown as Instrumented).__audios;
    return element ? { time: element.currentTime, paused: element.paused, count: (window as unknown as Instrumented).__audios.length } : null;
  });

/** Waits until the SDK's audio element plays: not paused, and its clock moves. */
export async function expectSound(page: Page): Promise<void> {
  await expect.poll(async () => (await audio(page))?.paused, { timeout: 15_000 }).toBe(false);
  const from = (await audio(page))!.time;
  await expect.poll(async () => (await audio(page))!.time, { timeout: 10_000 }).toBeGreaterThan(from + 0.3);
}

/** An album of at least three tracks: its uri and its track ids and names, in order. */
export async function anAlbum(page: Page, sandbox: SandboxControl) {
  const releases = (await webApi(page, sandbox, 'GET', 'browse/new-releases?limit=10')).json as { albums: { items: { id: string; uri: string; total_tracks: number }[] } };
  const album = releases.albums.items.find((item) => item.total_tracks >= 3)!;
  const tracks = (await webApi(page, sandbox, 'GET', `albums/${album.id}/tracks?limit=50`)).json as { items: { id: string; name: string }[] };
  return { id: album.id, uri: album.uri, tracks: tracks.items };
}

/**
 * Signs in and starts an album playing on the site's SDK device the way a person
 * does: a click on the album page's first track row (the album plays as its
 * context).
 */
export async function startPlaying(page: Page, sandbox: SandboxControl, signIn: SignIn) {
  await page.addInitScript(INSTRUMENTS);
  await signIn(page, 'guest', { home: false });
  const album = await anAlbum(page, sandbox);
  // The click waits for this page's own device, as a user who clicks once the page has settled:
  // an id an earlier page stored (a real sign-in ends on home) names a device gone with that page,
  // and the provider's 404 for it (which the play recovers from, stores/play.ts) would be logged.
  const earlier = await page.evaluate(() => localStorage.getItem('DEVICE_ID'));
  await page.goto(`/album/${album.id}`);
  await page.waitForFunction((gone) => {
    const stored = localStorage.getItem('DEVICE_ID');
    return stored !== null && stored !== gone && (JSON.parse(stored) as string | null) !== null;
  }, earlier);
  await page.locator('[aria-label^="Tracks of"] [data-track-id]').first().getByRole('button', { name: /^Play / }).click();
  await expect(card(page).getByText(album.tracks[0]!.name, { exact: true })).toBeVisible();
  return album;
}

/** Whether this page is phone-sized (the shell's narrow layout: the player is a bar there, not the card). */
export const isNarrow = (page: Page) => (page.viewportSize()?.width ?? 1280) < 900;

/**
 * Opens the Now Playing view (/player) from the player, as a user of this screen size does:
 * a tap on the phone's bar, the card's "Open Now Playing" on wide screens. Resolves once the
 * view answers (its controls stop saying aria-disabled); `card(page)` is then the view's player.
 */
export async function openNowPlaying(page: Page): Promise<void> {
  await card(page).getByRole('link', { name: /^Open Now Playing/ }).click();
  await page.waitForURL((url) => url.pathname === '/player');
  await expect(page.locator('.now-playing__player')).toBeVisible();
  await expect(card(page).getByRole('button', { name: 'Queue', exact: true })).toBeEnabled();
}
