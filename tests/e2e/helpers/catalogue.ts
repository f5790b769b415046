// Reads the sandbox's Web API with the signed-in page's own token (asked of the site as
// the page asks), so a test can pick real catalogue entries (an artist with many
// followers, a playlist whose description holds a link) instead of hard-coding ids a
// new seed would change.
import type { Page } from '@playwright/test';
import { accessTokenOf } from './access-token';

/** GET {sandbox}/v1/{path} as the user signed in on `page`; the parsed JSON. */
export async function providerGet<T = Record<string, unknown>>(page: Page, sandboxUrl: string, path: string): Promise<T> {
  const token = await accessTokenOf(page);
  if (!token) throw new Error('providerGet: the page is not signed in');
  const response = await fetch(`${sandboxUrl}/v1/${path}`, { headers: { Authorization: `Bearer ${token}` } });
  if (!response.ok) throw new Error(`GET ${path} answered ${response.status}`);
  return (await response.json()) as T;
}

interface Named {
  id: string;
  name: string;
}

/** The first few search results of one type for a broad query. */
export async function searchCatalogue<T extends Named>(page: Page, sandboxUrl: string, type: 'album' | 'artist' | 'playlist', limit = 50): Promise<T[]> {
  const body = await providerGet<Record<string, { items: (T | null)[] }>>(page, sandboxUrl, `search?q=a&type=${type}&limit=${limit}`);
  return (body[`${type}s`]?.items ?? []).filter((item): item is T => item !== null);
}

/** Counts the provider requests (to the sandbox's /v1) the page makes from now on. */
export function countProviderRequests(page: Page, sandboxUrl: string): { readonly urls: string[] } {
  const urls: string[] = [];
  page.on('request', (request) => {
    if (request.url().startsWith(`${sandboxUrl}/v1/`)) urls.push(request.url());
  });
  // A request the network dropped is not an ask the app made twice: the client retries
  // a GET once after a dropped connection (DESIGN §5), and the retry is the one counted.
  page.on('requestfailed', (request) => {
    // A cancelled request was still asked for: it stays counted.
    if (request.failure()?.errorText.includes('ERR_ABORTED')) return;
    const at = urls.lastIndexOf(request.url());
    if (at !== -1) urls.splice(at, 1);
  });
  return { urls };
}
