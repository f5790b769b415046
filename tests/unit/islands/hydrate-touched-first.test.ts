import { describe, expect, it } from 'vitest';
import { directive, island } from '../helpers/intent-islands';

// A page's first input on an island (its own file: a document is acted on once).

describe('the first input on an island', () => {
  it('hydrates that island at once, and the others only once the browser is idle', async () => {
    const shell = directive(island('s1'), 'shell');
    const list = island('t1');
    const touched = directive(list);
    const other = directive(island('t2'));
    list.querySelector('.play')!.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true }));
    expect(touched.load).toHaveBeenCalledTimes(1);
    expect(shell.load).not.toHaveBeenCalled();
    expect(other.load).not.toHaveBeenCalled();
    await new Promise((idle) => setTimeout(idle, 300));
    expect(shell.load).toHaveBeenCalledTimes(1);
    expect(other.load).toHaveBeenCalledTimes(1);
  });
});
