import { act, cleanup } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import type { Playlist } from '../../../src/api/types';
import { OwnerActions } from '../../../src/islands/playlists/OwnerActions';

const playlist = { id: 'p1', name: 'Road Trip' } as Playlist;

afterEach(cleanup);

describe("a playlist owner's actions", () => {
  it('say aria-disabled in the server\'s HTML, where a click would be lost, and answer once hydrated', async () => {
    const html = renderToString(<OwnerActions playlist={playlist} />);
    expect(html.match(/aria-disabled="true"/g)).toHaveLength(2);
    const container = document.body.appendChild(document.createElement('div'));
    container.innerHTML = html;
    await act(async () => {
      hydrateRoot(container, <OwnerActions playlist={playlist} />);
    });
    expect(container.querySelectorAll('[aria-disabled]')).toHaveLength(0);
    await act(async () => container.querySelectorAll('button')[1]!.click());
    expect(document.body.textContent).toContain("This will remove 'Road Trip' from Your Library.");
    container.remove();
  });
});
