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

/**
 * SPEC §9's list of about 90 avatar colours: a person with no picture at all (an artist or a
 * user) shows their initial on one (components/browse/Cover.tsx). Thirty hues, each at three
 * depths, every one giving white text at least 4.6:1 (tests/unit/colors-contrast.test.ts).
 */
export const AVATAR_COLOURS: readonly string[] = [
  '#d13d3d', '#ba2c2c', '#992424', '#c64d2f', '#a54027', '#84331f', '#ae5e29', '#8c4c21', '#6b3a19',
  '#996a24', '#78531c', '#573c14', '#887320', '#675718', '#463b10', '#78781c', '#575714', '#36360d',
  '#697c1d', '#4d5b15', '#313a0e', '#59801e', '#425f16', '#2b3e0f', '#45801e', '#335f16', '#223e0f',
  '#33841f', '#266317', '#1a4210', '#1f841f', '#176317', '#104210', '#1f8433', '#176326', '#10421a',
  '#1f8447', '#176336', '#104224', '#1f845c', '#176345', '#10422e', '#1e806c', '#165f50', '#0f3e34',
  '#1e8080', '#165f5f', '#0f3e3e', '#237e95', '#1b6274', '#134653', '#2978ae', '#21618c', '#194b6b',
  '#3573d0', '#2a60b2', '#224e91', '#516cd6', '#3050cf', '#2943ae', '#5a5ad8', '#3939d0', '#2b2bb6',
  '#735ad8', '#5739d0', '#462bb6', '#8956d7', '#7335d0', '#602ab2', '#9f4dd5', '#8c2fca', '#7628a9',
  '#b43dd1', '#9d2cba', '#812499', '#c22ec2', '#a126a1', '#801e80', '#ca2fab', '#a9288f', '#882073',
  '#cf308f', '#ae2978', '#8c2161', '#d03975', '#b62b62', '#952350', '#d13d5b', '#ba2c48', '#99243b',
];

/** One of `colours`, chosen by a string: the same key gets the same colour on every render, server or browser. */
function colourOf(colours: readonly string[], key: string): string {
  let hash = 0;
  for (let index = 0; index < key.length; index++) hash = (hash * 31 + key.charCodeAt(index)) >>> 0;
  return colours[hash % colours.length] ?? DEFAULT_BACKGROUND;
}

/** A palette colour chosen by a string (an image URL), so a placeholder keeps its colour across renders. */
export const placeholderColor = (key: string): string => colourOf(PALETTE, key);

/** A person's avatar colour, chosen by their name. */
export const avatarColour = (name: string): string => colourOf(AVATAR_COLOURS, name);
