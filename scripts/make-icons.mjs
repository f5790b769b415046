// Renders the PWA icons (PNG) from the logo SVG once; the PNGs are committed under
// public/icons so the build needs no image tooling. Run again after changing the logo:
//   node scripts/make-icons.mjs
// sharp is used because it is already installed (a transitive dependency), not added for this.
import { readFile } from 'node:fs/promises';
import sharp from 'sharp';

const logo = await readFile(new URL('../public/images/logo.svg', import.meta.url));
const out = (name) => new URL(`../public/icons/${name}`, import.meta.url).pathname;

for (const size of [192, 512]) {
  await sharp(logo, { density: 384 }).resize(size, size).png().toFile(out(`icon-${size}.png`));
}
await sharp(logo, { density: 384 }).resize(180, 180).flatten({ background: '#0a0b10' }).png().toFile(out('apple-touch-icon.png'));
// Maskable: the mark inside the 80 % safe zone on the theme background.
const inner = await sharp(logo, { density: 384 }).resize(410, 410).png().toBuffer();
await sharp({ create: { width: 512, height: 512, channels: 4, background: '#0d1630' } })
  .composite([{ input: inner, gravity: 'center' }])
  .png()
  .toFile(out('maskable-512.png'));
console.log('icons written to public/icons');
