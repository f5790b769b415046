/**
 * The site's side of the playback bench (bench/playback.ts runs it): the built
 * site and a fresh small sandbox on the bench ports, the guest signed in
 * through the real flow, an album playing on the site's own SDK device. Then,
 * in the page, from a click to the SDK audio element's first `playing` event:
 * the card's Next (a new track loads) and Play after a pause (the loaded track
 * resumes), then a click on a track row of home's Tranding Songs. Median of 10 each
 * (BENCH_CARD_RUNS sets another count, for a smoke run).
 *
 * Every timed click must bring a new `playing` event: a row is never the track
 * already playing (a click on it restarts a sounding element, which fires none).
 */
import type { Browser, Locator, Page } from '@playwright/test';
import { accessTokenOf } from '../tests/e2e/helpers/access-token';
import { signInThroughProvider } from '../tests/e2e/helpers/sign-in';
import { startBenchStack } from './lib/bench-stack';

export const CARD_RUNS = Number(process.env.BENCH_CARD_RUNS ?? 10);

/** Times one click: resolves to the milliseconds from the click to the audio element's next `playing`. */
async function clickToPlaying(page: Page, target: Locator, what: string): Promise<number> {
  await page.evaluate(() => {
    const timing = window as unknown as { __clickAt?: number; __playingAt?: Promise<number> };
    const audio = (window as unknown as { __audios: HTMLAudioElement[] }).__audios[0]!;
    delete timing.__clickAt;
    document.addEventListener('click', () => (timing.__clickAt = performance.now()), { capture: true, once: true });
    timing.__playingAt = new Promise((resolve) => {
      // Only a `playing` after the click counts (a late one from the run before does not).
      const onPlaying = () => {
        if (timing.__clickAt === undefined) return;
        audio.removeEventListener('playing', onPlaying);
        resolve(performance.now());
      };
      audio.addEventListener('playing', onPlaying);
    });
  });
  await target.click();
  const elapsed = await page.evaluate(async () => {
    const timing = window as unknown as { __clickAt: number; __playingAt: Promise<number> };
    const late = new Promise<number>((resolve) => setTimeout(() => resolve(Number.NaN), 10_000));
    return (await Promise.race([timing.__playingAt, late])) - timing.__clickAt;
  });
  // A click whose sound never came is reported, not hidden: the caller counts the misses.
  if (Number.isNaN(elapsed)) console.warn(`no "playing" within 10 s of a click on ${what}`);
  return elapsed;
}

/** Runs the card's runs; resolves to the samples of each (ms). */
export async function benchPlayerCard(browser: Browser): Promise<{ track: number[]; next: number[]; resume: number[] }> {
  const stack = await startBenchStack('bench-player');
  try {
    const page = await browser.newPage();
    // tsx compiles this file with esbuild's keepNames, whose __name helper does not exist in the page.
    await page.addInitScript('window.__name = (fn) => fn');
    await page.addInitScript(`
      window.__audios = [];
      const play = HTMLMediaElement.prototype.play;
      HTMLMediaElement.prototype.play = function (...args) {
        if (!window.__audios.includes(this)) window.__audios.push(this);
        return play.apply(this, args);
      };`);
    await signInThroughProvider(page, stack.siteUrl, stack.sandboxUrl, 'guest');
    const deviceId = (await (await page.waitForFunction(() => localStorage.getItem('DEVICE_ID'))).jsonValue()) as string;
    const token = (await accessTokenOf(page)) ?? '';
    const api = (path: string, init: RequestInit = {}) =>
      fetch(`${stack.sandboxUrl}/v1/${path}`, { ...init, headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' } });
    const releases = (await (await api('browse/new-releases?limit=20')).json()) as { albums: { items: { uri: string; total_tracks: number }[] } };
    const album = releases.albums.items.reduce((most, item) => (item.total_tracks > most.total_tracks ? item : most));
    await api(`me/player/play?device_id=${JSON.parse(deviceId) as string}`, { method: 'PUT', body: JSON.stringify({ context_uri: album.uri }) });
    await page.getByRole('region', { name: 'Player' }).getByRole('button', { name: 'Pause', exact: true }).waitFor();
    // Repeat the album, so Next always has a track to go to.
    await api('me/player/repeat?state=context', { method: 'PUT' });
    const card = page.getByRole('region', { name: 'Player' });
    // The page is home: a click on a track row of Tranding Songs, a different one each run,
    // never the row marked as playing.
    const rows = page.locator('[aria-label^="Tranding Songs"] [data-track-id]:not([aria-current="true"])');
    const track: number[] = [];
    for (let run = 0; run < CARD_RUNS; run++) {
      await page.waitForTimeout(500);
      const count = await rows.count();
      track.push(await clickToPlaying(page, rows.nth(run % count).getByRole('button', { name: /^Play / }), 'a track row'));
    }
    const next: number[] = [];
    const resume: number[] = [];
    for (let run = 0; run < CARD_RUNS; run++) {
      await page.waitForTimeout(500); // let the run before settle (the SDK's state follows its sound)
      next.push(await clickToPlaying(page, card.getByRole('button', { name: 'Next', exact: true }), 'Next'));
      await card.getByRole('button', { name: 'Pause', exact: true }).click();
      await page.waitForFunction(() => (window as unknown as { __audios: HTMLAudioElement[] }).__audios[0]!.paused);
      resume.push(await clickToPlaying(page, card.getByRole('button', { name: 'Play', exact: true }), 'Play'));
    }
    await page.close();
    return { track, next, resume };
  } finally {
    await stack.stop();
  }
}
