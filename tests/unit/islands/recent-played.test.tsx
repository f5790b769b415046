import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RecentPlayedSeed } from '../../../src/api/page-seeds';
import { renderCarried } from '../helpers/carried-view';

// /track/recent-played is a page of its own (not home, whose sections only hide when they fail,
// SPEC §8): when its one list failed, it says so and offers Try again, as every list page does.

const getRecentPlayTracks = vi.fn(async () => []);
vi.mock('../../../src/api/home', async (original) => ({ ...(await original<typeof import('../../../src/api/home')>()), getRecentPlayTracks }));

afterEach(() => {
  cleanup();
  document.body.innerHTML = '';
});

describe('the recent plays page that failed', () => {
  it('offers Try again, which asks for the recent plays again', async () => {
    window.history.replaceState(null, '', '/track/recent-played');
    const { RecentPlayedView } = await import('../../../src/islands/browse/BrowseLists');
    const seed: RecentPlayedSeed = { recentPlays: { status: 'error', items: [] }, flags: {}, failure: null };
    renderCarried(RecentPlayedView, seed);
    expect(document.body.textContent).toContain('Something went wrong');
    expect(getRecentPlayTracks).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(getRecentPlayTracks).toHaveBeenCalledTimes(1);
    expect(await screen.findByText('No Recent Played Tracks Found')).toBeTruthy();
  });
});
