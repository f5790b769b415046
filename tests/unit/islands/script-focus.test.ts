import { afterEach, describe, expect, it } from 'vitest';
import { isUserInput } from '../../../src/components/shell/hydrate-on-intent';
import { focusWithoutIntent, HYDRATES_AS_IT_COMES } from '../../../src/lib/intent-signals';
import { directive, island } from '../helpers/intent-islands';

// The client:intent directive over a page reached with no input on it (helpers/intent-islands.ts):
// the focus the shell's script gives the new page's content after a swap is not the user acting,
// and an island marked to hydrate as it comes (a page shown again whose list holds more than its
// HTML) does so alone. The user acts on a document only once: the tests run in a page's order.

afterEach(() => {
  document.body.innerHTML = '';
});

/** The page's content, as the shell's App.astro renders it: focusable by script only. */
function content(): HTMLElement {
  const main = document.createElement('main');
  main.id = 'content';
  main.tabIndex = -1;
  document.body.append(main);
  return main;
}

describe('what counts as the user acting', () => {
  it("is not the focus the shell's script is giving; any other focus, a key or a pointer is", () => {
    const main = content();
    const other = document.createElement('button');
    expect(isUserInput({ type: 'focusin', target: main }, main)).toBe(false);
    expect(isUserInput({ type: 'focusin', target: other }, main)).toBe(true);
    expect(isUserInput({ type: 'focusin', target: main }, null)).toBe(true);
    expect(isUserInput({ type: 'keydown', target: main }, main)).toBe(true);
  });
});

describe('a page reached by Back with no input on it', () => {
  it("loads no island's code as the shell's script focuses its content", () => {
    const waiting = directive(island('t1'));
    const main = content();
    focusWithoutIntent(main, { preventScroll: true });
    expect(document.activeElement).toBe(main);
    expect(waiting.load).not.toHaveBeenCalled();
  });

  it('hydrates an island marked to hydrate as it comes at once, and no other', () => {
    const plain = directive(island('t2'));
    const marked = island('t3');
    marked.setAttribute(HYDRATES_AS_IT_COMES, '');
    expect(directive(marked).load).toHaveBeenCalledTimes(1);
    expect(plain.load).not.toHaveBeenCalled();
  });

  it("still takes the user's own focus (a screen reader's, a Tab's) for input", () => {
    const waiting = directive(island('t4'));
    content().focus();
    expect(waiting.load).toHaveBeenCalledTimes(1);
  });
});
