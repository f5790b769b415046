/** SPEC §3: an area's background colour before a random one is picked. */
export const DEFAULT_BACKGROUND = '#9759a8';

/**
 * Placeholder and detail-page background colours: saturated mid-tones dark enough
 * that white text, even at the 80% opacity of a header's description, meets WCAG AA
 * (4.5:1) on each, in both themes (tests/unit/colors-contrast.test.ts holds it).
 */
export const PALETTE: readonly string[] = [
  '#804c8f', '#b02700', '#1e3264', '#73548b', '#b50c48', '#0f7008', '#994900', '#326096',
  '#216c56', '#a1248a', '#3a667a', '#8c1932', '#984c07', '#503750', '#5e48d0', '#0c5ab9',
  '#b60e21', '#4e6908', '#a2248b', '#2d46b9', '#ad0e6d', '#006450', '#865443', '#616161',
  '#2461aa', '#7f00de', '#b00c6d', '#6a5c75', '#845414', '#056952', '#b81826', '#426384',
];

/** A random palette colour; `random` is injectable so callers' tests can pin it. */
export function randomPaletteColor(random: () => number = Math.random): string {
  const index = Math.floor(random() * PALETTE.length) % PALETTE.length;
  return PALETTE[Math.max(0, index)] ?? DEFAULT_BACKGROUND;
}

/** A palette colour chosen by a string (an image URL), so a placeholder keeps its colour across renders. */
export function placeholderColor(key: string): string {
  let hash = 0;
  for (let index = 0; index < key.length; index++) hash = (hash * 31 + key.charCodeAt(index)) >>> 0;
  return PALETTE[hash % PALETTE.length] ?? DEFAULT_BACKGROUND;
}
