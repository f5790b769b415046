import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { LOADING_BAR_PLACE_ID, showTopLoadingWithoutIsland, SLOW_PAGE_MS } from '../../../src/components/shell/plain-loading-bar';
import { finishTopLoading, startTopLoading } from '../../../src/stores/ui';

const bar = () => document.querySelector<HTMLElement>('[role="progressbar"][aria-label="Loading"]');

/** The router's `astro:before-preparation` as the layout's script hears it; resolves with the loader it is left with. */
function routerAsks(load: () => Promise<void>): () => Promise<void> {
  const event = Object.assign(new Event('astro:before-preparation', { cancelable: true }), { loader: load });
  document.dispatchEvent(event);
  return event.loader;
}

describe('the top loading bar without an island (plain-loading-bar.ts)', () => {
  beforeAll(() => {
    document.body.innerHTML = `<div id="${LOADING_BAR_PLACE_ID}"></div>`;
    showTopLoadingWithoutIsland(document);
  });
  afterAll(() => {
    vi.useRealTimers();
    document.body.innerHTML = '';
  });

  it('follows the ui store: none, then at the given progress, then gone when finished', () => {
    expect(bar()).toBeNull();
    startTopLoading(40);
    expect(bar()?.style.width).toBe('40%');
    expect(bar()?.getAttribute('aria-valuenow')).toBe('40');
    startTopLoading(70);
    expect(document.querySelectorAll('.top-loading-bar')).toHaveLength(1);
    finishTopLoading();
    expect(bar()).toBeNull();
  });

  it("shows while the client router's page is slow to come, with no shell script or React yet", async () => {
    vi.useFakeTimers();
    let answer!: () => void;
    const loader = routerAsks(() => new Promise<void>((resolve) => (answer = resolve)));
    const loading = loader();
    // A page that answers at once does not flash it.
    await vi.advanceTimersByTimeAsync(SLOW_PAGE_MS - 10);
    expect(bar()).toBeNull();
    await vi.advanceTimersByTimeAsync(20);
    expect(bar()).not.toBeNull();
    answer();
    await loading;
    expect(bar()).toBeNull();
    // A quick one never shows it.
    await routerAsks(() => Promise.resolve())();
    await vi.advanceTimersByTimeAsync(SLOW_PAGE_MS * 2);
    expect(bar()).toBeNull();
  });
});
