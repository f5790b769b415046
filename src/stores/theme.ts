import { atom } from 'nanostores';
import { readStored, STORAGE_KEYS, writeStored } from '../lib/storage';

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

// Reactions kept apart from the action: persist, and mirror on <html data-theme>,
// the attribute the head script sets before first paint (src/layouts/head-scripts.ts).
$theme.listen((mode) => {
  writeStored(STORAGE_KEYS.themeMode, mode);
  if (typeof document !== 'undefined') document.documentElement.dataset.theme = mode;
});
