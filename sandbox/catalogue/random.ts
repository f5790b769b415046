/**
 * Seeded randomness for the catalogue and its generated media: the same SANDBOX_SEED
 * gives the same catalogue, ids included, and the same id the same picture and melody,
 * on every machine.
 */
export type Random = () => number;

/** sfc32: small, fast and good enough for picking names; seeded from a 32-bit number. */
export function seededRandom(seed: number): Random {
  let a = 0x9e3779b9;
  let b = 0x243f6a88;
  let c = 0xb7e15162;
  let d = seed >>> 0;
  const next = () => {
    a >>>= 0;
    b >>>= 0;
    c >>>= 0;
    d >>>= 0;
    let t = (a + b) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    d = (d + 1) | 0;
    t = (t + d) | 0;
    c = (c + t) | 0;
    return (t >>> 0) / 4294967296;
  };
  for (let i = 0; i < 12; i++) next();
  return next;
}

export function hashString(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 16777619);
  }
  return h >>> 0;
}

export function pick<T>(random: Random, list: readonly T[]): T {
  return list[Math.floor(random() * list.length)]!;
}

export function between(random: Random, min: number, max: number): number {
  return min + Math.floor(random() * (max - min + 1));
}

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** A 22-character base62 id, like the provider's, fixed by seed, kind and number. */
export function catalogueId(seed: number, kind: string, n: number): string {
  const random = seededRandom(hashString(`${seed}:${kind}:${n}`));
  let id = '';
  for (let i = 0; i < 22; i++) id += BASE62[Math.floor(random() * 62)];
  return id;
}

/** Spotify ids are 22 base62 characters; anything else is a 400 "Invalid base62 id". */
export function isCatalogueId(value: string): boolean {
  return /^[0-9A-Za-z]{22}$/.test(value);
}
