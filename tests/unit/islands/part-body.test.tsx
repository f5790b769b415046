import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PartBody } from '../../../src/components/browse/PartBody';
import { sectionStateOf, type PartState, type Section } from '../../../src/lib/part-state';
import { NOT_AVAILABLE_MESSAGE } from '../../../src/stores/paged-list';

const part = (state: PartState, options: { compact?: boolean; onRetry?: () => void; wholePage?: boolean } = {}) =>
  render(
    <PartBody state={state} skeleton={<p>skeleton</p>} empty="No Recent Played Tracks Found" notFound="Album Not Found" {...options}>
      {() => <p>Sol, Luna</p>}
    </PartBody>,
  );

const section = (value: Section<string>, compact: boolean) =>
  render(
    <PartBody state={sectionStateOf(value)} compact={compact} skeleton={<p>skeleton</p>} empty="No Recent Played Tracks Found">
      {() => <p>{value.items.join(', ')}</p>}
    </PartBody>,
  );

describe("a loading part's states: a home section in its row and as a page of its own, a list, a detail page", () => {
  afterEach(cleanup);

  for (const compact of [true, false]) {
    const where = compact ? 'in its row' : 'as a page';
    it(`${where}: the skeleton until answered, the not-available note, then the items`, () => {
      section({ status: 'loading', items: [] }, compact);
      expect(screen.getByText('skeleton')).toBeTruthy();
      cleanup();
      section({ status: 'unavailable', items: [] }, compact);
      expect(screen.queryByText('skeleton')).toBeNull();
      expect(screen.getByRole('note').textContent).toBe(NOT_AVAILABLE_MESSAGE);
      cleanup();
      section({ status: 'ready', items: ['Sol', 'Luna'] }, compact);
      expect(screen.getByText('Sol, Luna')).toBeTruthy();
    });
  }

  it("says a failure in the row's small error screen and the page's whole one", () => {
    section({ status: 'error', items: [] }, true);
    expect(screen.getByRole('alert').className).toContain('error-screen--compact');
    cleanup();
    section({ status: 'error', items: [] }, false);
    expect(screen.getByRole('alert').className).not.toContain('error-screen--compact');
  });

  it('says an empty section as a note in the row and as the not-found screen on its page', () => {
    section({ status: 'ready', items: [] }, true);
    expect(screen.getByText('No Recent Played Tracks Found').className).toBe('not-available');
    expect(screen.queryByRole('alert')).toBeNull();
    cleanup();
    section({ status: 'ready', items: [] }, false);
    expect(screen.getByRole('alert').textContent).toContain('No Recent Played Tracks Found');
  });

  it('offers Try again on a failure only where asking again can help, and asks when pressed', () => {
    part('error');
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    cleanup();
    const retry = vi.fn();
    part('error', { onRetry: retry });
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(retry).toHaveBeenCalledTimes(1);
  });

  it("says an absent entity with SPEC §8's message", () => {
    part('not-found');
    expect(screen.getByRole('alert').querySelector('h2')?.textContent).toBe('Album Not Found');
  });
});

describe("a detail page's absent or failed entity", () => {
  afterEach(cleanup);

  it("is the page's heading (h1), as the header it stands for held; a section's failure stays an h2", () => {
    part('not-found', { wholePage: true });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Album Not Found');
    cleanup();
    part('error', { wholePage: true });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Something went wrong.');
    cleanup();
    part('error', { compact: true });
    expect(screen.queryByRole('heading', { level: 1 })).toBeNull();
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('Something went wrong.');
  });
});
