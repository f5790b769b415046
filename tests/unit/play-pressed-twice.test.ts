// Node's own fetch and URL: the sandbox reads its files through import.meta.url, which a DOM environment breaks.
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { search } from '../../src/api/search';
import type { Track } from '../../src/api/types';
import { writeStored } from '../../src/lib/storage';
import { $whereabouts, catchUpWithPlayback } from '../../src/stores/devices';
import { resetPlayer } from '../../src/stores/player';
import { togglePlay } from '../../src/stores/play';
import { $session } from '../../src/stores/session';
import { connectDevice } from '../../sandbox/tests/harness';
import { type RunningSandbox, startSignedIn } from './helpers/sandbox';

// Play pressed twice in one tick: two taps on the card's Play made before it hydrated are both
// held, then given to it one after the other, before it shows the first as busy
// (hydrate-on-intent.ts). The playback the card shows was left behind by the page before a reload.

let running: RunningSandbox;
let tracks: Track[];
let here: Awaited<ReturnType<typeof connectDevice>>;
const auth = () => ({ Authorization: `Bearer ${$session.get()!.accessToken}` });

beforeAll(async () => {
  ({ running } = await startSignedIn());
  tracks = (await search('a', ['track'])).tracks.items.slice(0, 2);
  here = await connectDevice(running.url, $session.get()!.accessToken, 'My Music');
  await here.next('ready');
  writeStored('DEVICE_ID', here.deviceId);
}, 120_000);

afterAll(async () => {
  here?.close();
  await running?.stop();
});

it('sends one play for a playback left behind, not two', async () => {
  const old = await connectDevice(running.url, $session.get()!.accessToken, 'My Music');
  await old.next('ready');
  await fetch(`${running.base}/v1/me/player/play?device_id=${old.deviceId}`, {
    method: 'PUT',
    headers: { ...auth(), 'Content-Type': 'application/json' },
    body: JSON.stringify({ uris: tracks.map((track) => track.uri), position_ms: 10_000 }),
  });
  old.close();
  await expect.poll(async () => ((await (await fetch(`${running.base}/v1/me/player`, { headers: auth() })).json()) as { is_playing: boolean }).is_playing).toBe(false);
  resetPlayer();
  await catchUpWithPlayback();
  expect($whereabouts.get().at).toBe('left');

  const plays: string[] = [];
  const fetched = globalThis.fetch;
  const spy = vi.spyOn(globalThis, 'fetch').mockImplementation((input, init) => {
    const url = String(input instanceof Request ? input.url : input);
    if ((init?.method ?? (input instanceof Request ? input.method : 'GET')) === 'PUT' && url.includes('/me/player/play')) plays.push(url);
    return fetched(input, init);
  });
  try {
    await Promise.all([togglePlay(), togglePlay()]);
  } finally {
    spy.mockRestore();
  }
  expect(plays).toHaveLength(1);
});
