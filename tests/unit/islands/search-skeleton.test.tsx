import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ResultsSkeleton } from '../../../src/islands/search/SearchView';

afterEach(cleanup);

describe("the search results' skeleton", () => {
  it('stands in for the Songs track list with SPEC §9\'s 10 rows, as many as the section holds (it showed 4, and the page jumped)', () => {
    const { container } = render(<ResultsSkeleton />);
    expect(container.querySelectorAll('[data-testid="skeleton-row"]')).toHaveLength(10);
  });
});
