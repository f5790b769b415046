import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { CardSkeletons, HeaderSkeleton, ListPageSkeleton, RowSkeletons } from '../../../src/components/browse/Skeletons';

// A status region's name (aria-label) is not what a screen reader reads out when it shows: its
// text is. The placeholders were empty of words, and said nothing; each now holds its word,
// hidden from sight, and keeps its name, which tests and tools look for it by.
afterEach(cleanup);

describe("the loading placeholders' words", () => {
  it.each([
    ['rows', <RowSkeletons key="rows" />],
    ['cards', <CardSkeletons key="cards" />],
    ['a row of cards', <CardSkeletons key="row" row />],
    ['a detail header', <HeaderSkeleton key="header" />],
    ['a list page', <ListPageSkeleton key="page" title="New Releases" items="cards" />],
  ])("%s: a status region named Loading that says 'Loading', out of sight", (_what, skeleton) => {
    render(skeleton);
    const status = screen.getByRole('status', { name: 'Loading' });
    expect(status.textContent).toBe('Loading');
    const words = status.querySelector('.visually-hidden');
    expect(words?.textContent).toBe('Loading');
  });
});
