// @vitest-environment happy-dom
// The offline shell's wait for the site (src/stores/connection.ts): it asks every few seconds,
// only while the browser says it is online, and stops when the shell is gone.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const siteAnswers = vi.hoisted(() => vi.fn<() => Promise<boolean>>());
vi.mock('../../src/api/site-pages', () => ({ siteAnswers }));

const { SITE_RETRY_MS, waitForSite } = await import('../../src/stores/connection');

describe("the offline shell's wait for the site", () => {
  let online: boolean;
  beforeEach(() => {
    vi.useFakeTimers();
    online = true;
    vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
    siteAnswers.mockReset();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('asks the site every few seconds while it does not answer, and ends once it does', async () => {
    siteAnswers.mockResolvedValueOnce(false).mockResolvedValueOnce(false).mockResolvedValue(true);
    let answered: boolean | undefined;
    void waitForSite(() => true).then((result) => (answered = result));
    await vi.advanceTimersByTimeAsync(SITE_RETRY_MS - 1);
    expect(siteAnswers).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(2 * SITE_RETRY_MS + 1);
    expect(siteAnswers).toHaveBeenCalledTimes(3);
    expect(answered).toBe(true);
  });

  it('does not ask while the browser is offline', async () => {
    online = false;
    siteAnswers.mockResolvedValue(true);
    let answered: boolean | undefined;
    void waitForSite(() => true).then((result) => (answered = result));
    await vi.advanceTimersByTimeAsync(5 * SITE_RETRY_MS);
    expect(siteAnswers).not.toHaveBeenCalled();
    online = true;
    await vi.advanceTimersByTimeAsync(SITE_RETRY_MS);
    expect(answered).toBe(true);
  });

  it('stops, without asking, once the shell is no longer on screen', async () => {
    let shellShown = true;
    siteAnswers.mockResolvedValue(false);
    let answered: boolean | undefined;
    void waitForSite(() => shellShown).then((result) => (answered = result));
    await vi.advanceTimersByTimeAsync(SITE_RETRY_MS);
    expect(siteAnswers).toHaveBeenCalledTimes(1);
    shellShown = false;
    await vi.advanceTimersByTimeAsync(SITE_RETRY_MS);
    expect(siteAnswers).toHaveBeenCalledTimes(1);
    expect(answered).toBe(false);
  });
});
