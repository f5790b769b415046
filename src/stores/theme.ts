import { atom } from 'nanostores';
import { readStored, STORAGE_KEYS, writeStored } from '../lib/storage';
import { BROWSER_BAR_COLOURS } from '../lib/browser-bar';

type ThemeMode = 'dark' | 'light';

function storedTheme(): ThemeMode {
  const value = readStored<unknown>(STORAGE_KEYS.themeMode, 'dark');
  return value === 'light' ? 'light' : 'dark';
}

/** The colour theme: dark by default, light as the alternative, kept as THEME_MODE_VALUE. */
export const $theme = atom<ThemeMode>(storedTheme());

/** Switches between dark and light. */
export function toggleTheme(): void {
  $theme.set($theme.get() === 'dark' ? 'light' : 'dark');
}

/**
 * Shows `mode` on <html data-theme> and in the browser's bar (the theme-color meta), as the head
 * script does before the first paint (src/layouts/head-scripts.ts).
 */
function showTheme(mode: ThemeMode): void {
  if (typeof document === 'undefined') return;
  document.documentElement.dataset.theme = mode;
  document.querySelector('meta[name="theme-color"]')?.setAttribute('content', BROWSER_BAR_COLOURS[mode]);
}

// Reactions kept apart from the action: persist, and show on the page.
$theme.listen((mode) => {
  writeStored(STORAGE_KEYS.themeMode, mode);
  showTheme(mode);
});

/**
 * Follows the theme another tab chose. $theme reads the storage once, when this module loads:
 * without this, a tab whose page turned with the other tab's choice (its head script reads the
 * storage again on every page swap) kept a toggle that offered the theme it already shows.
 * The browser tells only other tabs' writes, so this tab's own changes never come back here.
 * The storage is read again rather than the event's value: after two quick switches elsewhere the
 * first event's value is stale, and setting it would write it back over the newer one. Clearing the
 * whole storage (key null) is a sign-out, which the session store follows. Called once by the
 * shell's script; gives a way to stop, for tests.
 */
export function followThemeElsewhere(target: Pick<Window, 'addEventListener' | 'removeEventListener'> = window): () => void {
  const follow = (event: StorageEvent) => {
    if (event.key !== STORAGE_KEYS.themeMode) return;
    const mode = storedTheme();
    $theme.set(mode);
    // Also when the store held it already: the page shows what the storage says.
    showTheme(mode);
  };
  target.addEventListener('storage', follow);
  return () => target.removeEventListener('storage', follow);
}
