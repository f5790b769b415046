import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { hydrateRoot, type Root } from 'react-dom/client';
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
    let root!: Root;
    await act(async () => {
      root = hydrateRoot(container, <OwnerActions playlist={playlist} />);
    });
    await act(async () => container.querySelectorAll('button')[1]!.click());
    expect(document.body.textContent).toContain("This will remove 'Road Trip' from Your Library.");
    await act(async () => root.unmount());
    container.remove();
  });

  it('asks before removing in an alertdialog (a destructive action), described by what it will do', () => {
    render(<OwnerActions playlist={playlist} />);
    fireEvent.click(screen.getByRole('button', { name: 'Remove from Your Library' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Remove from Your Library?' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    const description = document.getElementById(dialog.getAttribute('aria-describedby') ?? '');
    expect(description?.textContent).toBe("This will remove 'Road Trip' from Your Library.");
    expect(dialog.contains(description)).toBe(true);
    // The safer answer has the focus.
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Cancel' }));
  });
});
