import { inflateSync } from 'node:zlib';
import type { Page } from '@playwright/test';

/** A colour as the screen shows it, 0-255 per channel. */
export type Rgb = [number, number, number];

/**
 * The colour the page shows at one point of the viewport, read from a screenshot of that pixel:
 * what paints over what (a fade, a menu, the footer) shows only there, not in the DOM.
 */
export async function pixelAt(page: Page, x: number, y: number): Promise<Rgb> {
  const png = await page.screenshot({ clip: { x: Math.round(x), y: Math.round(y), width: 1, height: 1 }, animations: 'disabled' });
  return firstPixelOf(png);
}

/** The first pixel of an 8-bit, non-interlaced RGB or RGBA PNG (what Chromium's screenshots are). */
export function firstPixelOf(png: Buffer): Rgb {
  const colourType = png[25];
  const channels = colourType === 6 ? 4 : colourType === 2 ? 3 : 0;
  if (png[24] !== 8 || channels === 0 || png[28] !== 0) throw new Error(`pixels: an unexpected PNG (bit depth ${png[24]}, colour type ${colourType})`);
  const idat: Buffer[] = [];
  for (let at = 8; at < png.length; ) {
    const length = png.readUInt32BE(at);
    if (png.toString('latin1', at + 4, at + 8) === 'IDAT') idat.push(png.subarray(at + 8, at + 8 + length));
    at += length + 12;
  }
  const row = inflateSync(Buffer.concat(idat));
  // Whatever the first row's filter, the first pixel has no row above and no pixel to its left,
  // so every filter's prediction for it is zero and its bytes are its colour as they stand.
  if (row[0]! > 4) throw new Error(`pixels: unknown filter ${row[0]}`);
  return [row[1]!, row[2]!, row[3]!];
}

/** How far apart two colours are, the largest channel's difference. */
export const colourDistance = (a: Rgb, b: Rgb): number => Math.max(...a.map((value, i) => Math.abs(value - b[i]!)));

/** A CSS `rgb(r, g, b)` colour, as getComputedStyle gives it. */
export function rgbOf(css: string): Rgb {
  const [r, g, b] = (css.match(/\d+(\.\d+)?/g) ?? []).map(Number);
  return [r ?? 0, g ?? 0, b ?? 0];
}
