/**
 * The provider sends a playlist's description HTML-escaped ("Rock &amp; Roll", "it&#x27;s",
 * "https:&#x2F;&#x2F;…"): as text, it showed its codes, filled the edit dialog with them (and was
 * saved back escaped again), and hid a link from SPEC §2's "a description with a link is hidden".
 * This turns character references back into the characters, once, with no DOM (the server
 * renders too). What it gives is still shown as text, never as markup.
 */
const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

/** A code point a reference may stand for: a Unicode scalar value, and not NUL. */
const isCharacter = (code: number): boolean => Number.isInteger(code) && code > 0 && code <= 0x10ffff && (code < 0xd800 || code > 0xdfff);

export function decodeCharacterReferences(value: string): string {
  if (!value.includes('&')) return value;
  return value.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (reference: string, body: string) => {
    if (body[0] !== '#') return NAMED[body.toLowerCase()] ?? reference;
    const code = body[1] === 'x' || body[1] === 'X' ? Number.parseInt(body.slice(2), 16) : Number.parseInt(body.slice(1), 10);
    return isCharacter(code) ? String.fromCodePoint(code) : reference;
  });
}
