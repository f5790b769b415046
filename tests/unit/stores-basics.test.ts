// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearStorage, readStored, writeStored } from '../../src/lib/storage';
import { $theme, toggleTheme } from '../../src/stores/theme';
import { $toasts, showToast } from '../../src/stores/toasts';
import { htmlToKeep, noteServerToastsIn } from '../../src/components/shell/plain-toast';
import { ANNOUNCER_ID } from '../../src/lib/announce';

/** A page's body holding `html`. */
function pageWith(html: string): ParentNode {
  const body = document.createElement('div');
  body.innerHTML = html;
  return body;
}
import { $ui, closeImagePreview, closePremiumPrompt, openImagePreview, openPremiumPrompt } from '../../src/stores/ui';

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('storage', () => {
  it('reads JSON text and falls back to the default, logged, on an unreadable value', () => {
    writeStored('DEVICE_ID', 'd1');
    expect(localStorage.getItem('DEVICE_ID')).toBe('"d1"');
    expect(readStored('DEVICE_ID', null)).toBe('d1');
    localStorage.setItem('DEVICE_ID', '{broken');
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(readStored('DEVICE_ID', 'fallback')).toBe('fallback');
    expect(log).toHaveBeenCalledOnce();
  });

  it("a sign-out's clear changes the storage even when it is empty, so other tabs hear it; a quiet one clears only what is there", () => {
    // HTML's clear() of an empty storage returns before it tells any other tab: what reaches them is recorded.
    const kept = new Map<string, string>();
    const heard: string[] = [];
    vi.stubGlobal('localStorage', {
      get length() {
        return kept.size;
      },
      setItem: vi.fn((key: string, value: string) => void (kept.set(key, value), heard.push(key))),
      clear: () => void (kept.size > 0 && heard.push('(cleared)'), kept.clear()),
    });
    try {
      clearStorage();
      expect(heard).toEqual(['SIGNED_OUT', '(cleared)']);
      heard.length = 0;
      clearStorage({ quietly: true });
      expect(heard).toEqual([]);
      kept.set('DEVICE_ID', '"late"');
      clearStorage({ quietly: true });
      expect(heard).toEqual(['(cleared)']);
      // A full storage refuses the mark: it is cleared all the same.
      heard.length = 0;
      kept.set('THEME_MODE_VALUE', '"dark"');
      vi.mocked(localStorage.setItem).mockImplementation(() => {
        throw new DOMException('full', 'QuotaExceededError');
      });
      clearStorage();
      expect(heard).toEqual(['(cleared)']);
      expect(kept.size).toBe(0);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});

describe('theme', () => {
  it('is dark by default, toggles, and is kept as THEME_MODE_VALUE and <html data-theme>', () => {
    expect($theme.get()).toBe('dark');
    toggleTheme();
    expect($theme.get()).toBe('light');
    expect(localStorage.getItem('THEME_MODE_VALUE')).toBe('"light"');
    expect(document.documentElement.dataset.theme).toBe('light');
    toggleTheme();
    expect(localStorage.getItem('THEME_MODE_VALUE')).toBe('"dark"');
  });
});

describe('toasts', () => {
  it('last 1.5 s', () => {
    vi.useFakeTimers();
    $toasts.set([]);
    showToast('Session Expired');
    expect($toasts.get().map((toast) => toast.message)).toEqual(['Session Expired']);
    vi.advanceTimersByTime(1499);
    expect($toasts.get()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect($toasts.get()).toEqual([]);
  });

  it('say the same words once while they show, and again once they went', () => {
    vi.useFakeTimers();
    $toasts.set([]);
    const first = showToast('Internet Connection Problem');
    expect(showToast('Internet Connection Problem')).toBe(first);
    showToast('Something went wrong');
    expect($toasts.get().map((toast) => toast.message)).toEqual(['Internet Connection Problem', 'Something went wrong']);
    vi.advanceTimersByTime(1500);
    showToast('Internet Connection Problem');
    expect($toasts.get()).toHaveLength(1);
  });

  it("do not say again what the server's toast in the page says while it shows (the offline shell's), and say it once it went", () => {
    vi.useFakeTimers();
    $toasts.set([]);
    const shown = Date.now();
    noteServerToastsIn(pageWith('<div class="server-toast" role="status"><span> Internet Connection Problem </span></div>'));
    expect(showToast('Internet Connection Problem', 'error', shown + 1499)).toBeNull();
    // Other words, or the same as information (a different toast), still show.
    showToast('Something went wrong', 'error', shown + 10);
    showToast('Internet Connection Problem', 'info', shown + 10);
    expect($toasts.get().map((toast) => `${toast.kind}: ${toast.message}`)).toEqual(['error: Something went wrong', 'info: Internet Connection Problem']);
    $toasts.set([]);
    expect(showToast('Internet Connection Problem', 'error', shown + 1500)).not.toBeNull();
    expect($toasts.get().map((toast) => toast.message)).toEqual(['Internet Connection Problem']);
  });

  it("the server's are read out by the shell's announcer, once each, and it is emptied once they have gone", () => {
    vi.useFakeTimers();
    const announcer = Object.assign(document.createElement('div'), { id: ANNOUNCER_ID });
    document.body.append(announcer);
    const page = pageWith('<div class="server-toast" role="status"><span>Album Not Found</span></div><div class="server-toast" role="status"><span>Internal Server Error</span></div>');
    noteServerToastsIn(page);
    // Not at once: into a region already in place once the page is shown.
    expect(announcer.textContent).toBe('');
    vi.advanceTimersByTime(100);
    expect(announcer.textContent).toBe('Album Not Found. Internal Server Error');
    // Again for the same page (a streamed part came): nothing new is told.
    noteServerToastsIn(page);
    vi.advanceTimersByTime(1500);
    expect(announcer.textContent).toBe('');
    vi.advanceTimersByTime(1000);
    expect(announcer.textContent).toBe('');
    announcer.remove();
  });

  it("are left out of a page kept for back and forward: a return to it does not tell its render's failure again", () => {
    const page = new DOMParser().parseFromString('<html><body><main>Album</main><div class="server-toast" role="status"><span>Internal server error</span></div></body></html>', 'text/html');
    const kept = htmlToKeep(page);
    expect(kept.startsWith('<!doctype html><html>')).toBe(true);
    expect(kept).toContain('<main>Album</main>');
    expect(kept).not.toContain('Internal server error');
    // The page itself is left as it is: it still shows its toast.
    expect(page.querySelector('.server-toast')).not.toBeNull();
    const plain = new DOMParser().parseFromString('<html><body><main>Album</main></body></html>', 'text/html');
    expect(htmlToKeep(plain)).toBe(`<!doctype html>${plain.documentElement.outerHTML}`);
    // Nor its premium prompt's mark, which opened the prompt again on Back.
    const premium = new DOMParser().parseFromString('<html><body><main>Results</main><span hidden data-premium-required></span></body></html>', 'text/html');
    expect(htmlToKeep(premium)).not.toContain('data-premium-required');
  });
});

describe('ui flags', () => {
  it('open and close the premium prompt and the image preview', () => {
    openPremiumPrompt();
    openImagePreview('http://img/1.svg');
    expect($ui.get()).toMatchObject({ openDialogPremiumRequired: true, openDialogImagePreview: true, imagePreviewUrl: 'http://img/1.svg' });
    closePremiumPrompt();
    closeImagePreview();
    expect($ui.get()).toMatchObject({ openDialogPremiumRequired: false, openDialogImagePreview: false, imagePreviewUrl: null });
  });
});

describe('capabilities', () => {
  it('are kept in sessionStorage for the session and forgotten on reset', async () => {
    const { $capabilities, markCapabilityMissing, resetCapabilities, isCapabilityUsable } = await import('../../src/stores/capabilities');
    markCapabilityMissing('newReleases');
    expect(isCapabilityUsable('newReleases')).toBe(false);
    expect(JSON.parse(sessionStorage.getItem('CAPABILITIES') ?? '{}')).toEqual({ newReleases: 'missing' });
    resetCapabilities();
    expect($capabilities.get()).toEqual({});
    expect(sessionStorage.getItem('CAPABILITIES')).toBe('{}');
  });
});

describe('top loading bar', () => {
  it('stays up while overlapping page loads run and goes when the last settles, failures included', async () => {
    const { withTopLoading } = await import('../../src/stores/ui');
    let finishFirst: () => void = () => undefined;
    const first = withTopLoading(new Promise<void>((resolve) => (finishFirst = resolve)));
    const second = withTopLoading(Promise.reject(new Error('boom')));
    expect($ui.get().isTopLoading).toBe(true);
    await expect(second).rejects.toThrow('boom');
    expect($ui.get().isTopLoading).toBe(true);
    expect($ui.get().topLoadingProgress).toBeGreaterThan(30);
    finishFirst();
    await first;
    expect($ui.get()).toMatchObject({ isTopLoading: false, topLoadingProgress: 100 });
  });

  it('shown after a delay: a load that settles sooner never shows it, a slower one shows it until it settles', async () => {
    const { withTopLoading } = await import('../../src/stores/ui');
    vi.useFakeTimers();
    try {
      let answer: () => void = () => undefined;
      await withTopLoading(Promise.resolve('quick'), 150);
      await vi.advanceTimersByTimeAsync(200);
      expect($ui.get().isTopLoading).toBe(false);
      const slow = withTopLoading(new Promise<void>((resolve) => (answer = resolve)), 150);
      await vi.advanceTimersByTimeAsync(100);
      expect($ui.get().isTopLoading).toBe(false);
      await vi.advanceTimersByTimeAsync(100);
      expect($ui.get().isTopLoading).toBe(true);
      answer();
      await slow;
      await vi.advanceTimersByTimeAsync(0);
      expect($ui.get().isTopLoading).toBe(false);
    } finally {
      vi.useRealTimers();
    }
  });
});
