import { describe, expect, it, vi } from 'vitest';
import { createAdoptionMark } from '../../src/stores/adoption-mark';

describe('createAdoptionMark: the route whose server render a store adopted', () => {
  it('lets that route\'s next entry skip its load, once', () => {
    const mark = createAdoptionMark();
    mark.mark('album/1');
    expect(mark.take('album/1')).toBe(true);
    expect(mark.take('album/1')).toBe(false);
  });

  it('is spent by an entry to another route, and dropped on leaving', () => {
    const mark = createAdoptionMark();
    mark.mark('search?q=a');
    expect(mark.take('search?q=b')).toBe(false);
    expect(mark.take('search?q=a')).toBe(false);
    mark.mark('search?q=a');
    mark.clear();
    expect(mark.take('search?q=a')).toBe(false);
  });

  it('lets an entry skip its load while the page swapped in has an island still to hydrate (it adopts the seed)', () => {
    const mark = createAdoptionMark();
    vi.stubGlobal('document', { querySelector: (selector: string) => (selector === '#content astro-island[ssr]' ? {} : null) });
    try {
      expect(mark.take('search?q=a')).toBe(true);
    } finally {
      vi.unstubAllGlobals();
    }
    expect(mark.take('search?q=a')).toBe(false);
  });
});
