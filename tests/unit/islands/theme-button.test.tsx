import { act, cleanup, screen } from '@testing-library/react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ICON_PATHS } from '../../../src/components/icon-paths';
import { ThemeToggle } from '../../../src/islands/shell/ShellButtons';
import { $theme, followThemeElsewhere } from '../../../src/stores/theme';
import { addShellStyles } from '../helpers/shell-styles';

// The theme toggle of a user who chose the light theme. The server cannot know the choice (it
// lives in the browser's storage), while the page's theme is set before first paint by the head
// script; hydration does not patch attributes that differ from the server's HTML.

/** The server's HTML of the toggle: the server's store holds its start value, dark. */
function serverHtml(): string {
  $theme.set('dark');
  return renderToString(<ThemeToggle />);
}

/** The page as the browser has it before any island hydrates: the stored theme, on <html data-theme> and in the store, and the shell's styles. */
function lightPageWith(html: string): HTMLElement {
  localStorage.setItem('THEME_MODE_VALUE', JSON.stringify('light'));
  $theme.set('light');
  document.documentElement.setAttribute('data-theme', 'light');
  cleanups.push(addShellStyles());
  const container = document.body.appendChild(document.createElement('div'));
  container.innerHTML = html;
  cleanups.push(() => container.remove());
  return container;
}

/** The icon the button shows: its one visible drawing. */
function shownIcon(button: HTMLElement): string | undefined {
  const drawn = [...button.querySelectorAll('svg')].filter((svg) => {
    for (let node: Element | null = svg; node && node !== button; node = node.parentElement) {
      if (getComputedStyle(node).display === 'none') return false;
    }
    return true;
  });
  expect(drawn).toHaveLength(1);
  return drawn[0]!.querySelector('path')?.getAttribute('d') ?? undefined;
}

const cleanups: (() => void)[] = [];
const roots: Root[] = [];

afterEach(() => {
  for (const root of roots.splice(0)) act(() => root.unmount());
  for (const clean of cleanups.splice(0)) clean();
  cleanup();
  vi.restoreAllMocks();
  localStorage.clear();
  document.documentElement.removeAttribute('data-theme');
});

describe("the theme toggle of a light theme's user", () => {
  it("offers the dark theme in the server's HTML already, by the page's theme, named for assistive technology", () => {
    const container = lightPageWith(serverHtml());
    const button = screen.getByRole('button', { name: 'Switch to dark theme' });
    expect(container.contains(button)).toBe(true);
    expect(shownIcon(button)).toBe(ICON_PATHS.moon);
  });

  it('offers the dark theme from hydration on, hydrating without a mismatch', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const recoverable = vi.fn();
    const container = lightPageWith(serverHtml());
    const serverHtmlNow = container.innerHTML;
    await act(async () => {
      roots.push(hydrateRoot(container, <ThemeToggle />, { onRecoverableError: recoverable }));
    });
    const button = screen.getByRole('button', { name: 'Switch to dark theme' });
    // Its tooltip by the page's theme too (shell.css shows this one under the light theme).
    expect(button.getAttribute('data-tooltip-when-light')).toBe('Dark theme');
    expect(shownIcon(button)).toBe(ICON_PATHS.moon);
    // Hydrating changed nothing inside it: a click held until then still finds its target.
    expect(container.innerHTML).toBe(serverHtmlNow);
    expect(recoverable).not.toHaveBeenCalled();
    expect(errors).not.toHaveBeenCalled();

    // And a click switches the page to dark, whose theme then shows the other state (below).
    await act(async () => button.click());
    expect($theme.get()).toBe('dark');
    expect(document.documentElement.dataset.theme).toBe('dark');
  });
});

describe('the theme toggle on a dark page', () => {
  it('offers the light theme: the sun, named for assistive technology', () => {
    document.documentElement.setAttribute('data-theme', 'dark');
    cleanups.push(addShellStyles());
    const container = document.body.appendChild(document.createElement('div'));
    cleanups.push(() => container.remove());
    container.innerHTML = serverHtml();
    const button = screen.getByRole('button', { name: 'Switch to light theme' });
    expect(shownIcon(button)).toBe(ICON_PATHS.sun);
  });
});

describe('a theme chosen in another tab', () => {
  /** What the browser tells this tab when another tab writes `key`. */
  function writtenElsewhere(key: string | null, value: string | null) {
    if (key !== null && value !== null) localStorage.setItem(key, value);
    window.dispatchEvent(new StorageEvent('storage', { key, newValue: value }));
  }

  // The toggle shows by the page's theme (the tests above); this one follows the store and the page.
  it("turns this tab's store and page", () => {
    $theme.set('dark');
    cleanups.push(followThemeElsewhere());

    act(() => writtenElsewhere('THEME_MODE_VALUE', '"light"'));
    expect($theme.get()).toBe('light');
    expect(document.documentElement.dataset.theme).toBe('light');

    act(() => writtenElsewhere('THEME_MODE_VALUE', '"dark"'));
    expect($theme.get()).toBe('dark');
    expect(document.documentElement.dataset.theme).toBe('dark');
  });

  it('follows what the storage holds now, not a stale event, and leaves other keys alone', () => {
    $theme.set('dark');
    cleanups.push(followThemeElsewhere());
    // Two quick switches elsewhere: light, then dark again; the first event arrives after both.
    localStorage.setItem('THEME_MODE_VALUE', '"dark"');
    window.dispatchEvent(new StorageEvent('storage', { key: 'THEME_MODE_VALUE', oldValue: '"dark"', newValue: '"light"' }));
    expect($theme.get()).toBe('dark');
    expect(localStorage.getItem('THEME_MODE_VALUE')).toBe('"dark"');
    // The page shows what the storage says, even when the store held it already.
    expect(document.documentElement.dataset.theme).toBe('dark');

    localStorage.setItem('THEME_MODE_VALUE', '"light"');
    writtenElsewhere('DEVICE_ID', '"device-2"');
    expect($theme.get()).toBe('dark');
  });

  it('is not followed once stopped', () => {
    $theme.set('dark');
    followThemeElsewhere()();
    writtenElsewhere('THEME_MODE_VALUE', '"light"');
    expect($theme.get()).toBe('dark');
  });
});
