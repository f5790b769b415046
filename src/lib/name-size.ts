/**
 * How large a detail page's heading sets its name (DetailHeader.tsx; detail-header.css draws each
 * size): the longer the name, the smaller, so a long one shows whole on the first screen instead
 * of three lines of 80 px cut with "…" (a 160-letter album name made the header 480 px tall).
 * Each size is a share of the heading's column (cqi) and keeps a 150-letter name within three
 * lines beside the cover at 1280 px; on a phone each stops at a readable least (18 px for the
 * longest), where it takes a line or two more, as tall as three lines of the largest.
 */
export type NameSize = 'short' | 'long' | 'longer' | 'longest';

/** The longest name, in average letters, each size holds in three lines of its column. */
const SIZES: readonly (readonly [NameSize, number])[] = [
  ['short', 40],
  ['long', 70],
  ['longer', 110],
];

/**
 * Letters of the scripts set about twice as wide as a Latin one (Chinese, Japanese, Korean,
 * their full-width forms): a name in them fills its lines with fewer letters.
 */
const WIDE_LETTER = /[\u1100-\u115f\u2e80-\u303e\u3041-\u33ff\u3400-\u4dbf\u4e00-\u9fff\ua960-\ua97f\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6]/u;

/** A name's length in average Latin letters: a character beyond the basic plane (an emoji) is one, a wide letter two. */
function lettersOf(name: string): number {
  let letters = 0;
  for (const character of name.trim()) letters += WIDE_LETTER.test(character) ? 2 : 1;
  return letters;
}

/** The size a heading sets `name` in. */
export function nameSize(name: string): NameSize {
  const letters = lettersOf(name);
  return SIZES.find(([, most]) => letters <= most)?.[0] ?? 'longest';
}
