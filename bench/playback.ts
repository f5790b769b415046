/**
 * `node --import tsx bench/playback.ts` (also run by `npm run bench`): how fast the
 * sandbox's playback answers. A fresh small sandbox runs as its own process, the
 * guest signs in through the real code flow, and the SDK's demo page in Chromium
 * connects a device. Each run pauses, then times, inside the page, from the
 * PUT me/player/play call to (a) the first player_state_changed that is not
 * paused for that track and (b) the audio element's `playing` event (sound).
 * Prints median and p95 of 20 runs. Then the site's own player card (bench/player-card.ts):
 * click on the card to the audio element's first `playing`, median of 10.
 * Writes bench/results/playback.json.
 */
import { chromium } from '@playwright/test';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { signIn } from '../sandbox/tests/oauth';
import { chromiumArgs, chromiumPath } from '../tests/e2e/helpers/chromium';
import { benchPlayerCard, CARD_RUNS } from './player-card';
import { percentile } from './sandbox-load';
import { startSandboxProcess } from '../sandbox/tests/process';

const PORT = Number(process.env.PLAYBACK_BENCH_PORT ?? 4374);
const RUNS = 20;

/** The guest's token with the scopes the player needs, through /authorize and /api/token. */
async function signInGuest(url: string): Promise<string> {
  const scopes = ['streaming', 'user-read-email', 'user-read-private', 'user-read-playback-state', 'user-modify-playback-state'];
  return (await signIn(url, scopes)).access_token;
}

async function trackUris(url: string, token: string): Promise<string[]> {
  const get = async (path: string) =>
    (await (await fetch(`${url}/v1/${path}`, { headers: { Authorization: `Bearer ${token}` } })).json()) as { items?: { id: string }[]; albums?: { items: { id: string }[] } };
  const albums = (await get('browse/new-releases?limit=20')).albums?.items ?? [];
  const uris: string[] = [];
  for (const album of albums) {
    for (const track of (await get(`albums/${album.id}/tracks?limit=2`)).items ?? []) uris.push(`spotify:track:${track.id}`);
  }
  return uris;
}

interface BenchWindow {
  demo: {
    events: { name: string; payload: { device_id?: string } }[];
    player: {
      addListener(event: string, callback: (state: { paused: boolean; track_window: { current_track: { uri: string } } } | null) => void): void;
      removeListener(event: string, callback: unknown): void;
      _audio: HTMLAudioElement;
    };
  };
}

const dataDir = mkdtempSync(join(tmpdir(), 'my-music-playback-bench-'));
const server = await startSandboxProcess({ SANDBOX_DATA_DIR: dataDir, SANDBOX_SIZE: 'small', SANDBOX_PORT: String(PORT) });
let serverStopped = false;
const stopServer = async () => {
  if (serverStopped) return;
  serverStopped = true;
  await server.stop();
};
const browser = await chromium.launch({ executablePath: chromiumPath(), args: chromiumArgs });
try {
  const token = await signInGuest(server.url);
  const uris = await trackUris(server.url, token);
  const page = await browser.newPage();
  // tsx compiles this file with esbuild's keepNames, whose __name helper does not exist in the page.
  await page.addInitScript('window.__name = (fn) => fn');
  await page.goto(`${server.url}/sdk/demo?token=${encodeURIComponent(token)}`);
  const ready = await page.waitForFunction(() => (window as unknown as BenchWindow).demo.events.find((e) => e.name === 'ready')?.payload.device_id);
  const deviceId = (await ready.jsonValue()) as string;

  const toState: number[] = [];
  const toSound: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const uri = uris[run % uris.length]!;
    const timing = await page.evaluate(
      async ({ base, token, deviceId, uri }) => {
        const { player } = (window as unknown as BenchWindow).demo;
        const headers = { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' };
        await fetch(`${base}/v1/me/player/pause`, { method: 'PUT', headers });
        const audio = player._audio;
        const start = performance.now();
        const state = new Promise<number>((resolve) => {
          const listener = (s: { paused: boolean; track_window: { current_track: { uri: string } } } | null) => {
            if (!s || s.paused || s.track_window.current_track.uri !== uri) return;
            player.removeListener('player_state_changed', listener);
            resolve(performance.now() - start);
          };
          player.addListener('player_state_changed', listener);
        });
        const sound = new Promise<number>((resolve) => {
          audio.addEventListener('playing', () => resolve(performance.now() - start), { once: true });
        });
        const answer = await fetch(`${base}/v1/me/player/play?device_id=${deviceId}`, {
          method: 'PUT', headers, body: JSON.stringify({ uris: [uri], position_ms: 0 }),
        });
        if (answer.status !== 204) throw new Error(`play answered ${answer.status}`);
        return { state: await state, sound: await sound };
      },
      { base: server.url, token, deviceId, uri },
    );
    toState.push(timing.state);
    toSound.push(timing.sound);
  }

  const figures = (samples: number[]) => {
    // Runs with no `playing` event are counted as missed, not averaged in.
    const sorted = samples.filter((value) => !Number.isNaN(value)).sort((a, b) => a - b);
    const round = (value: number) => Math.round(value * 10) / 10;
    return {
      median: round(percentile(sorted, 50)),
      p95: round(percentile(sorted, 95)),
      min: round(sorted[0] ?? Number.NaN),
      max: round(sorted[sorted.length - 1] ?? Number.NaN),
      missed: samples.length - sorted.length,
    };
  };
  await page.close();
  await stopServer();
  const card = await benchPlayerCard(browser);
  const result = {
    runs: RUNS,
    playToStateMs: figures(toState),
    playToSoundMs: figures(toSound),
    cardRuns: CARD_RUNS,
    cardTrackClickToSoundMs: figures(card.track),
    cardNextClickToSoundMs: figures(card.next),
    cardPlayClickToSoundMs: figures(card.resume),
  };
  const ms = (value: number) => `${value.toFixed(1)} ms`;
  const print = (label: string, f: ReturnType<typeof figures>) =>
    console.log(`  ${label.padEnd(44)} median ${ms(f.median)}  p95 ${ms(f.p95)}  min ${ms(f.min)}  max ${ms(f.max)}${f.missed ? `  (${f.missed} runs without sound)` : ''}`);
  console.log(`Playback, ${RUNS} runs (Chromium, sandbox SDK, small catalogue)`);
  print('play call -> player_state_changed (playing)', result.playToStateMs);
  print('play call -> audio "playing" event', result.playToSoundMs);
  console.log(`The site's player card, ${CARD_RUNS} runs each (built site, budget 300 ms)`);
  print('click Next (new track) -> audio "playing"', result.cardNextClickToSoundMs);
  print('click Play (resume) -> audio "playing"', result.cardPlayClickToSoundMs);
  print('click a track row -> audio "playing"', result.cardTrackClickToSoundMs);
  mkdirSync('bench/results', { recursive: true });
  writeFileSync('bench/results/playback.json', JSON.stringify({ measuredAt: new Date().toISOString(), ...result }, null, 2));
  console.log('Written: bench/results/playback.json');
} finally {
  await browser.close();
  await stopServer();
  rmSync(dataDir, { recursive: true, force: true });
}
