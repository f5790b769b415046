import { describe, expect, it } from 'vitest';
import { markFromAttribute, rendersAgainFor, type PlayingMark } from '../../src/lib/playing-mark';

const mark = (trackId: string | null, isPlaying = false): PlayingMark => ({ trackId, isPlaying });
/** A list holding rows of these tracks. */
const holding = (...ids: string[]) => (id: string) => ids.includes(id);

describe("whether a list must render again to show the player's mark", () => {
  it('not when its HTML shows the player as it is, or it holds neither track', () => {
    expect(rendersAgainFor(mark('a'), mark('a'), holding('a', 'b'))).toBe(false);
    expect(rendersAgainFor(mark('a', true), mark('a', true), holding('a'))).toBe(false);
    expect(rendersAgainFor(null, mark(null), holding('a'))).toBe(false);
    expect(rendersAgainFor(mark('a'), mark('b', true), holding('c'))).toBe(false);
    expect(rendersAgainFor(null, mark('b'), holding('c'))).toBe(false);
  });

  it("when the player's track is one of its rows, unmarked (the server knew nothing, or another track)", () => {
    expect(rendersAgainFor(null, mark('a'), holding('a'))).toBe(true);
    expect(rendersAgainFor(mark('b'), mark('a'), holding('a'))).toBe(true);
  });

  it("when a row it marked is no longer the player's track, or starts or stops playing", () => {
    expect(rendersAgainFor(mark('a'), mark('b'), holding('a'))).toBe(true);
    expect(rendersAgainFor(mark('a'), mark(null), holding('a'))).toBe(true);
    expect(rendersAgainFor(mark('a'), mark('a', true), holding('a'))).toBe(true);
    expect(rendersAgainFor(mark('a', true), mark('a'), holding('a'))).toBe(true);
  });
});

describe('the mark an island names', () => {
  it('reads back what the server wrote, and nothing from anything else', () => {
    expect(markFromAttribute(JSON.stringify(mark('a', true)))).toEqual(mark('a', true));
    expect(markFromAttribute(JSON.stringify(mark(null)))).toEqual(mark(null));
    expect(markFromAttribute(null)).toBeNull();
    expect(markFromAttribute('{')).toBeNull();
    expect(markFromAttribute('{"trackId":1,"isPlaying":true}')).toBeNull();
    expect(markFromAttribute('"a"')).toBeNull();
  });
});
