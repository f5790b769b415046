import { hashString, pick, seededRandom } from '../catalogue/random';

/**
 * Generated artwork for the sandbox's catalogue: cover art, artist images,
 * category icons and avatars, as SVG text. Only the kind and the id decide
 * the picture, so a URL names one image forever and can be cached as immutable.
 */

export const ART_KINDS = ['album', 'artist', 'playlist', 'category', 'user'] as const;
export type ArtKind = (typeof ART_KINDS)[number];

export function isArtKind(value: string): value is ArtKind {
  return (ART_KINDS as readonly string[]).includes(value);
}

/**
 * Ids as the provider writes them (base62), plus the '-' and '_' some seeded ids use and
 * the dots inside user ids (`aarav.sharma`); never a leading, trailing or doubled dot.
 */
const ID_PATTERN = /^[A-Za-z0-9_-]+(?:\.[A-Za-z0-9_-]+)*$/;

export function isArtId(value: string): boolean {
  return value.length <= 64 && ID_PATTERN.test(value);
}

const SIZE = 640;

interface Palette {
  background: string;
  accent: string;
  light: string;
}

function palette(random: () => number): Palette {
  const hue = Math.floor(random() * 360);
  const shift = 30 + Math.floor(random() * 150);
  return {
    background: `hsl(${hue} 55% 28%)`,
    accent: `hsl(${(hue + shift) % 360} 70% 55%)`,
    light: `hsl(${(hue + 2 * shift) % 360} 80% 78%)`,
  };
}

function svgDocument(body: string, label: string): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${SIZE}" height="${SIZE}" viewBox="0 0 ${SIZE} ${SIZE}" role="img" aria-label="${label}">` +
    body +
    '</svg>'
  );
}

function round(value: number): number {
  return Math.round(value * 10) / 10;
}

/** Overlapping circles, bars and rings on a gradient: an abstract record sleeve. */
function albumArt(random: () => number, colours: Palette): string {
  const parts = [
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${colours.background}"/><stop offset="1" stop-color="${colours.accent}"/></linearGradient></defs>`,
    `<rect width="${SIZE}" height="${SIZE}" fill="url(#g)"/>`,
  ];
  const shapes = 3 + Math.floor(random() * 5);
  for (let i = 0; i < shapes; i++) {
    const x = round(random() * SIZE);
    const y = round(random() * SIZE);
    const size = round(40 + random() * 220);
    const fill = pick(random, [colours.light, colours.accent, colours.background]);
    const opacity = round(0.35 + random() * 0.5);
    if (random() < 0.5) {
      parts.push(`<circle cx="${x}" cy="${y}" r="${size / 2}" fill="${fill}" fill-opacity="${opacity}"/>`);
    } else {
      const angle = Math.floor(random() * 180);
      parts.push(
        `<rect x="${x}" y="${y}" width="${size}" height="${round(size / 3)}" fill="${fill}" fill-opacity="${opacity}" transform="rotate(${angle} ${x} ${y})"/>`,
      );
    }
  }
  parts.push(`<circle cx="320" cy="320" r="${round(60 + random() * 80)}" fill="none" stroke="${colours.light}" stroke-width="6" stroke-opacity="0.6"/>`);
  return svgDocument(parts.join(''), 'Album cover');
}

/** A head-and-shoulders figure in front of soft spotlights. */
function portrait(random: () => number, colours: Palette, label: string): string {
  const headX = round(280 + random() * 80);
  const headY = round(230 + random() * 40);
  const headR = round(95 + random() * 30);
  const parts = [
    `<rect width="${SIZE}" height="${SIZE}" fill="${colours.background}"/>`,
    `<circle cx="${round(random() * SIZE)}" cy="${round(random() * 200)}" r="220" fill="${colours.accent}" fill-opacity="0.35"/>`,
    `<circle cx="${round(random() * SIZE)}" cy="${round(random() * 200)}" r="160" fill="${colours.light}" fill-opacity="0.2"/>`,
    `<ellipse cx="${headX}" cy="${round(headY + headR + 230)}" rx="${round(headR * 2.2)}" ry="${round(headR * 2)}" fill="${colours.light}"/>`,
    `<circle cx="${headX}" cy="${headY}" r="${headR}" fill="${colours.light}"/>`,
  ];
  return svgDocument(parts.join(''), label);
}

/** Four tiles, as the provider shows a playlist made of several albums. */
function playlistArt(random: () => number, colours: Palette): string {
  const parts: string[] = [];
  const tiles = [colours.background, colours.accent, colours.light, colours.accent];
  for (let i = 0; i < 4; i++) {
    const x = (i % 2) * 320;
    const y = Math.floor(i / 2) * 320;
    parts.push(`<rect x="${x}" y="${y}" width="320" height="320" fill="${tiles[i] ?? colours.background}"/>`);
    parts.push(`<circle cx="${x + 160}" cy="${y + 160}" r="${round(40 + random() * 90)}" fill="${colours.background}" fill-opacity="${round(0.2 + random() * 0.4)}"/>`);
  }
  parts.push(`<path d="M250 220 L430 320 L250 420 Z" fill="#fff" fill-opacity="0.85"/>`);
  return svgDocument(parts.join(''), 'Playlist cover');
}

/** A bold tile with one tilted shape, like the provider's browse categories. */
function categoryIcon(random: () => number, colours: Palette): string {
  const angle = 15 + Math.floor(random() * 20);
  const shape =
    random() < 0.5
      ? `<rect x="380" y="360" width="220" height="220" rx="12" fill="${colours.light}" transform="rotate(${angle} 490 470)"/>`
      : `<circle cx="500" cy="480" r="130" fill="${colours.light}"/>`;
  return svgDocument(`<rect width="${SIZE}" height="${SIZE}" fill="${colours.accent}"/>${shape}`, 'Category icon');
}

/** The SVG text for one image; the same kind and id always give the same text. */
export function renderArt(kind: ArtKind, id: string): string {
  const random = seededRandom(hashString(`${kind}:${id}`));
  const colours = palette(random);
  switch (kind) {
    case 'album':
      return albumArt(random, colours);
    case 'artist':
      return portrait(random, colours, 'Artist image');
    case 'playlist':
      return playlistArt(random, colours);
    case 'category':
      return categoryIcon(random, colours);
    case 'user':
      return portrait(random, colours, 'User avatar');
  }
}
