/** SPEC §3: an area's background colour before a random one is picked. */
export const DEFAULT_BACKGROUND = '#9759a8';

/**
 * Placeholder and detail-page background colours: saturated mid-tones that
 * keep white text readable in both themes.
 */
export const PALETTE: readonly string[] = [
  '#9759a8', '#e13300', '#1e3264', '#8d67ab', '#e8115b', '#148a08', '#bc5900', '#509bf5',
  '#27856a', '#af2896', '#477d95', '#8c1932', '#ba5d07', '#503750', '#7358ff', '#0d73ec',
  '#e91429', '#608108', '#b02897', '#2d46b9', '#dc148c', '#006450', '#a56752', '#777777',
  '#2e77d0', '#8400e7', '#e1118c', '#b49bc8', '#f59b23', '#056952', '#eb1e32', '#5179a1',
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
