import { describe, expect, it } from 'vitest';
import { toPlaylist } from '../../src/api/normalize';
import { decodeCharacterReferences } from '../../src/lib/html-text';
import { isDescriptionShown } from '../../src/stores/playlist';

describe("a playlist description as the provider escapes it", () => {
  it('reads as its characters, once: named and numeric references; anything else stays as written', () => {
    expect(decodeCharacterReferences('Rock &amp; Roll, it&#x27;s &quot;loud&quot; &#8212; 100&#37;')).toBe('Rock & Roll, it\'s "loud" — 100%');
    // Once: an escaped ampersand's own reference stays a reference.
    expect(decodeCharacterReferences('&amp;amp;')).toBe('&amp;');
    expect(decodeCharacterReferences('AT&T & co, &unknown; &#0; &#xD800; &#x110000;')).toBe('AT&T & co, &unknown; &#0; &#xD800; &#x110000;');
    expect(decodeCharacterReferences('&lt;b&gt;bold&lt;/b&gt;')).toBe('<b>bold</b>');
  });

  it("is the playlist's description, so SPEC §2's rule sees an escaped link for what it is", () => {
    const playlist = toPlaylist({ id: 'p1', name: 'Road', description: 'Songs &amp; more at https:&#x2F;&#x2F;example.com' })!;
    expect(playlist.description).toBe('Songs & more at https://example.com');
    expect(isDescriptionShown(playlist.description)).toBe(false);
    expect(isDescriptionShown(toPlaylist({ id: 'p2', name: 'Road', description: 'Songs I cannot stop playing &amp; a few surprises.' })!.description)).toBe(true);
  });
});
