import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SearchBox } from '../../../src/islands/shell/SearchBox';
import { setNavigator } from '../../../src/lib/navigation';
import { syncRoute } from '../../../src/stores/route';

// On a phone the search box is a 44 px pill round a shorter input, and Enter's results come
// under the keyboard the input's focus keeps up.

let visits: string[];

/** The window as a screen driven by a finger (pointer: coarse) or not. */
function touchScreen(touch: boolean): void {
  vi.stubGlobal('matchMedia', (query: string) => ({ matches: touch && query.includes('pointer: coarse'), media: query, addEventListener() {}, removeEventListener() {} }));
}

beforeEach(() => {
  visits = [];
  setNavigator((path) => visits.push(path));
  syncRoute('/');
});

afterEach(() => {
  cleanup();
  setNavigator(null);
  vi.unstubAllGlobals();
});

const box = () => screen.getByRole<HTMLInputElement>('searchbox', { name: 'Search' });

describe('the search box on a touch screen', () => {
  it("Enter lets the input go (the keyboard with it) on a finger's screen, and keeps it for a keyboard's user", () => {
    touchScreen(true);
    render(<SearchBox />);
    box().focus();
    fireEvent.change(box(), { target: { value: 'Sol' } });
    fireEvent.submit(box().form!);
    expect(visits.at(-1)).toBe('/search?q=Sol');
    expect(document.activeElement).not.toBe(box());
    // The app gets there (the box forgets what it asked for).
    act(() => syncRoute('/search?q=Sol'));
    cleanup();

    touchScreen(false);
    render(<SearchBox />);
    box().focus();
    fireEvent.change(box(), { target: { value: 'Luna' } });
    fireEvent.submit(box().form!);
    expect(visits.at(-1)).toBe('/search?q=Luna');
    expect(document.activeElement).toBe(box());
    act(() => syncRoute('/search?q=Luna'));
  });

  it('a press on the pill round the input (its icon, its padding) focuses the input and opens /search', () => {
    touchScreen(true);
    render(<SearchBox />);
    fireEvent.click(box().form!);
    expect(document.activeElement).toBe(box());
    expect(visits).toEqual(['/search']);
  });
});
