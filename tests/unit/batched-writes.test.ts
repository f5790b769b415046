import { describe, expect, it } from 'vitest';

// scripts/lib/batched-writes.mjs: the writes of one turn of the event loop leave as one.
const { batchWrites } = (await import(new URL('../../scripts/lib/batched-writes.mjs', import.meta.url).href)) as {
  batchWrites(response: unknown, nextTurn?: (callback: () => void) => void): void;
};

/** A response that records what reaches it, and a turn of the event loop the test ends by hand. */
function recordedResponse() {
  const sent: string[] = [];
  const turns: (() => void)[] = [];
  const response = {
    ended: false,
    write(chunk: Buffer, callback?: () => void) {
      sent.push(chunk.toString());
      callback?.();
      return true;
    },
    end(callback?: () => void) {
      response.ended = true;
      callback?.();
    },
  };
  batchWrites(response, (flush) => turns.push(flush));
  const endTurn = () => turns.splice(0).forEach((flush) => flush());
  return { response: response as unknown as { write(...args: unknown[]): boolean; end(...args: unknown[]): void; ended: boolean }, sent, endTurn };
}

describe('batched writes', () => {
  it('send the pieces written in one turn as one write, when the turn ends', () => {
    const { response, sent, endTurn } = recordedResponse();
    response.write('<html>');
    response.write(new TextEncoder().encode('<body>'));
    response.write('é', 'utf8');
    expect(sent).toEqual([]);
    endTurn();
    expect(sent).toEqual(['<html><body>é']);
  });

  it('send what a page had before it waited, then what came after (a page that streams)', () => {
    const { response, sent, endTurn } = recordedResponse();
    response.write('<header>');
    endTurn();
    response.write('<main>');
    response.write('</main>');
    endTurn();
    expect(sent).toEqual(['<header>', '<main></main>']);
  });

  it('send what is gathered, and the last piece, before the end', () => {
    const { response, sent } = recordedResponse();
    response.write('<p>');
    response.end('</p>');
    expect(sent).toEqual(['<p></p>']);
    expect(response.ended).toBe(true);
  });

  it('send a write with a callback at once, after what was gathered', () => {
    const { response, sent } = recordedResponse();
    let called = false;
    response.write('<p>');
    response.write('Internal server error', () => (called = true));
    expect(sent).toEqual(['<p>', 'Internal server error']);
    expect(called).toBe(true);
  });
});
