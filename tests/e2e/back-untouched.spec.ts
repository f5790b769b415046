import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { switchInApp } from './helpers/in-app';
import { reactCameUntouched, watchScripts, withNothingLoaded } from './helpers/untouched';

// Back and Forward on a page nobody has touched (src/components/shell/hydrate-on-intent.ts): the
// focus the shell's script gives the new page's content after the swap is not the user's input,
// so the page loads no React; and a list the tab holds more of than the page's HTML (100 rows
// loaded, the HTML's first 20) shows whole at once, its island alone hydrating as it comes.

/** Cards of a grid page (New Release). */
const cardsOf = (page: Page) => page.locator('#content .card-grid > *');

/**
 * A page loaded whole (`from`), a link followed to `to`, and `to` loaded again: a document in
 * which nobody has acted yet, with `from` one step back in its history (the router's entry).
 */
async function reloadedAfterALink(page: Page, from: string, to: string): Promise<void> {
  await page.goto(from);
  await switchInApp(page, to);
  await page.reload();
  await page.waitForLoadState('load');
  // The router's own, not a load of the document: the window keeps this mark across a swap.
  await page.evaluate(() => ((window as Window & { __sameDocument?: boolean }).__sameDocument = true));
}

const sameDocument = (page: Page) => page.evaluate(() => (window as Window & { __sameDocument?: boolean }).__sameDocument === true);

test("Back to a page, with no input on the document, loads no React: the shell's focus on the new content is not the user acting", { tag: '@viewport-free' }, async ({ page, signIn, sandbox, sandboxUrl }) => {
  await signIn(page, 'guest', { home: false });
  await withNothingLoaded(page, sandbox, sandboxUrl);
  await reloadedAfterALink(page, '/notification', '/album/new-release');
  await expect(cardsOf(page)).toHaveCount(20);
  const scripts = watchScripts(page);
  await page.goBack();
  await expect(page.locator('#content').getByText("We don't have any updates for you yet")).toBeVisible();
  expect(await sameDocument(page), 'the client router swapped the page in').toBe(true);
  // The shell's script gave the content the focus (WCAG 2.4.3), as after every swap.
  expect(await page.evaluate(() => document.activeElement?.id)).toBe('content');
  expect(await reactCameUntouched(page, scripts), 'React came to a page reached by Back with no input').toBe(false);
  expect(await page.locator('astro-island:not([ssr])').count(), 'an island hydrated with no input').toBe(0);
});

test('Forward to a list scrolled to 100 rows shows them all at once, before any input: its island hydrates as it comes, and no other', { tag: '@viewport-free' }, async ({ page, signIn, sandbox, sandboxUrl }) => {
  await signIn(page, 'guest', { home: false });
  await withNothingLoaded(page, sandbox, sandboxUrl);
  await reloadedAfterALink(page, '/notification', '/album/new-release');
  const cards = cardsOf(page);
  await expect(cards).toHaveCount(20);
  // Scrolled (no pointer, no key) to SPEC §4's cap: the list's end hydrates its island alone.
  for (let shown = 40; shown <= 100; shown += 20) {
    await cards.last().evaluate((card) => card.scrollIntoView());
    await expect(cards).toHaveCount(shown);
  }
  await page.goBack();
  await expect(page.locator('#content').getByText("We don't have any updates for you yet")).toBeVisible();

  await page.goForward();
  await expect(page).toHaveURL(/\/album\/new-release$/);
  expect(await sameDocument(page), 'the client router swapped the page in').toBe(true);
  // Nobody has acted on the page: the list's island hydrated for what its list holds, and shows all of it.
  await expect(cards).toHaveCount(100, { timeout: 2_000 });
  await expect(page.locator('#content astro-island[ssr]')).toHaveCount(0);
  // SPEC §2: the content starts at the top after every route change.
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  // The shell's islands still wait for the user: nothing else of the page changed.
  expect(await page.locator('astro-island[client="intent"][ssr]').count(), "the shell's islands waiting").toBeGreaterThan(0);
});
