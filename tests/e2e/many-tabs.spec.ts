import { expect, test } from './fixtures';
import { accessTokenOf } from './helpers/access-token';

// Many tabs of the site, each with its player (the sandbox's SDK). A browser holds at most six
// HTTP/1.1 connections per host: when the SDK heard its events over server-sent events, six
// tabs' streams took all six to the sandbox, and every other call from any tab (a like, a play,
// the next page of a list) waited 30 s and failed. Its event stream is a WebSocket now, as the
// provider's is, which is not one of the six.

const TABS = 7;

test('with seven tabs open, each with its player, a like in the last tab takes at once', { tag: '@viewport-free' }, async ({ page, signIn, sandbox }) => {
  test.slow();
  await sandbox.reset();
  await signIn(page, 'guest', { home: false });
  const token = await accessTokenOf(page);
  const playersListed = async () => {
    const answer = await fetch(`${sandbox.url}/v1/me/player/devices`, { headers: { Authorization: `Bearer ${token}` } });
    return ((await answer.json()) as { devices: unknown[] }).devices.length;
  };

  const tabs = [page];
  for (let opened = 1; opened < TABS; opened++) tabs.push(await page.context().newPage());
  // One after another, as a user opens them (and two cores can follow).
  for (const tab of tabs) await tab.goto('/search/track/Sol');
  // The players have registered: six at least (all the old event streams could hold), the last tab's on its way.
  await expect.poll(playersListed, { timeout: 20_000 }).toBeGreaterThanOrEqual(TABS - 1);

  const last = tabs.at(-1)!;
  await last.bringToFront();
  const row = last.locator('.track-row').filter({ has: last.getByRole('button', { name: /^Save to Liked/ }) }).first();
  await expect(row).toBeVisible();
  const id = await row.getAttribute('data-track-id');
  const liked = last.locator(`.track-row[data-track-id="${id}"]`).first();
  await liked.getByRole('button', { name: /^Save to Liked/ }).click();
  await expect(liked.getByRole('button', { name: /^Remove from Liked/ })).toBeVisible({ timeout: 5_000 });
  const contains = await fetch(`${sandbox.url}/v1/me/tracks/contains?ids=${id}`, { headers: { Authorization: `Bearer ${token}` } });
  expect(await contains.json()).toEqual([true]);
  // And every tab's player is there, the seventh too.
  await expect.poll(playersListed, { timeout: 10_000 }).toBeGreaterThanOrEqual(TABS);
  for (const tab of tabs.slice(1)) await tab.close();
});
