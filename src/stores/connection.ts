import { atom } from 'nanostores';
import { CONNECTION_PROBLEM, SOMETHING_WENT_WRONG } from '../api/errors';
import { isSiteFileGone, siteAnswers } from '../api/site-pages';
import { showToast } from './toasts';

/**
 * Whether a request of this page found no connection (SPEC §8's 'Internet Connection
 * Problem'): what the page shows is then incomplete, and the shell loads it again
 * when the browser is back online (src/components/shell/shell-client.ts).
 */
export const $connectionLost = atom(false);

/** Records that a request found no connection. */
export function noteConnectionLost(): void {
  $connectionLost.set(true);
}

/** The network is back: whether a read of this page had found none (the page then loads again); forgotten now. */
export function noteConnectionBack(): boolean {
  const lost = $connectionLost.get();
  $connectionLost.set(false);
  return lost;
}

/** The page has no connection at all (opened offline): SPEC §8's toast, and the page is incomplete. */
export function reportNoConnection(): void {
  noteConnectionLost();
  showToast(CONNECTION_PROBLEM);
}

/** Whether the site answers at all, asked now: a page the router got nothing for, while the browser says it is online. */
export function checkSiteAnswers(): Promise<boolean> {
  return siteAnswers();
}

/**
 * Whether the site no longer has a file this page's code names (an island's chunk): a newer
 * version of the site replaced it since the page loaded, and no worker kept it. False when the
 * file is there or nothing answers (then it is the connection).
 */
export function isCodeGone(url: string): Promise<boolean> {
  return isSiteFileGone(url);
}

/** A press that did nothing, and whose page is about to load again (its code gone): SPEC §8's catch-all words meanwhile. */
export function reportNothingDone(): void {
  showToast(SOMETHING_WENT_WRONG);
}

/** How long the offline shell waits between its questions to the site. */
export const SITE_RETRY_MS = 3_000;

/**
 * The offline shell's wait for the site (src/components/shell/shell-client.ts): resolves true
 * once the site answers, asked every few seconds while the browser says it is online (offline,
 * the question could only fail), or false as soon as `waiting` says the wait is over.
 */
export async function waitForSite(waiting: () => boolean): Promise<boolean> {
  while (waiting()) {
    await new Promise((done) => setTimeout(done, SITE_RETRY_MS));
    if (waiting() && navigator.onLine && (await siteAnswers())) return true;
  }
  return false;
}
