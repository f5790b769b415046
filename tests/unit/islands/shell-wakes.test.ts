import { describe, expect, it, vi } from 'vitest';
import { WAKE_ISLANDS } from '../../../src/lib/intent-signals';
import { wakeShellWhenItShows } from '../../../src/components/shell/shell-wakes';
import { openPalette } from '../../../src/stores/palette';
import { showToast } from '../../../src/stores/toasts';

// The shell's islands wait for the user's input, or for one of their stores to show what the
// server could not render: then the shell wakes them, once.
describe("what wakes the shell's islands", () => {
  it('is a toast, not the stores as they start; once woken it says nothing more', () => {
    const woken = vi.fn();
    document.addEventListener(WAKE_ISLANDS, (event) => woken((event as CustomEvent<string>).detail));
    wakeShellWhenItShows();
    expect(woken).not.toHaveBeenCalled();
    showToast('Something went wrong', 'error');
    expect(woken).toHaveBeenCalledTimes(1);
    expect(woken).toHaveBeenCalledWith('shell');
    openPalette();
    expect(woken).toHaveBeenCalledTimes(1);
  });
});
