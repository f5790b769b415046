import { act, cleanup } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import type { Playlist } from '../../../src/api/types';
import { OwnerActions } from '../../../src/islands/playlists/OwnerActions';

const playlist = { id: 'p1', name: 'Road Trip' } as Playlist;

afterEach(cleanup);

describe("a playlist owner's actions", () => {
  it('are in the server\'s HTML and answer once hydrated (a click before then waits for it: hydrate-on-intent.ts)', async () => {
    const html = renderToString(<OwnerActions playlist={playlist} />);
    expect(html.match(/<button/g)).toHaveLength(2);
    const container = document.body.appendChild(document.createElement('div'));
    container.innerHTML = html;
    await act(async () => {
      hydrateRoot(container, <OwnerActions playlist={playlist} />);
    });
    await act(async () => container.querySelectorAll('button')[1]!.click());
    expect(document.body.textContent).toContain("This will remove 'Road Trip' from Your Library.");
    container.remove();
  });
});
