import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { HomeSection } from '../../../src/api/home';
import { SectionBody } from '../../../src/components/browse/SectionBody';
import { NOT_AVAILABLE_MESSAGE } from '../../../src/stores/paged-list';

const body = (section: HomeSection<string>, compact: boolean) =>
  render(
    <SectionBody section={section} compact={compact} skeleton={<p>skeleton</p>} empty="No Recent Played Tracks Found">
      {(items) => <p>{items.join(', ')}</p>}
    </SectionBody>,
  );

describe("a home section's states, in its row of home and as a page of its own", () => {
  afterEach(cleanup);

  for (const compact of [true, false]) {
    const where = compact ? 'in its row' : 'as a page';
    it(`${where}: the skeleton until answered, the not-available note, then the items`, () => {
      body({ status: 'loading', items: [] }, compact);
      expect(screen.getByText('skeleton')).toBeTruthy();
      cleanup();
      body({ status: 'unavailable', items: [] }, compact);
      expect(screen.queryByText('skeleton')).toBeNull();
      expect(screen.getByRole('note').textContent).toBe(NOT_AVAILABLE_MESSAGE);
      cleanup();
      body({ status: 'ready', items: ['Sol', 'Luna'] }, compact);
      expect(screen.getByText('Sol, Luna')).toBeTruthy();
    });
  }

  it("says a failure in the row's small error screen and the page's whole one", () => {
    body({ status: 'error', items: [] }, true);
    expect(screen.getByRole('alert').className).toContain('error-screen--compact');
    cleanup();
    body({ status: 'error', items: [] }, false);
    expect(screen.getByRole('alert').className).not.toContain('error-screen--compact');
  });

  it('says an empty section as a note in the row and as the not-found screen on its page', () => {
    body({ status: 'ready', items: [] }, true);
    expect(screen.getByText('No Recent Played Tracks Found').className).toBe('not-available');
    expect(screen.queryByRole('alert')).toBeNull();
    cleanup();
    body({ status: 'ready', items: [] }, false);
    expect(screen.getByRole('alert').textContent).toContain('No Recent Played Tracks Found');
  });
});
