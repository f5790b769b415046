import { describe, expect, it } from 'vitest';
import { holdEarlyInstallOffer } from '../../../src/lib/early-install-offer';
import { $installPrompt, listenForInstallPrompt } from '../../../src/stores/install-prompt';

// Chromium may make its install offer before the shell's script runs (after the first paint): the
// layout's script holds it, and the store takes it over when the shell starts listening.
describe("the browser's install offer before the shell's script", () => {
  it('is held, kept from the browser\'s own banner, and offered by the store once the shell listens', () => {
    holdEarlyInstallOffer(window);
    const offer = new Event('beforeinstallprompt', { cancelable: true });
    window.dispatchEvent(offer);
    expect(offer.defaultPrevented).toBe(true);
    expect($installPrompt.get()).toBeNull();
    listenForInstallPrompt(window);
    expect($installPrompt.get()).toBe(offer);
    // Later offers go to the store itself.
    const later = new Event('beforeinstallprompt', { cancelable: true });
    window.dispatchEvent(later);
    expect($installPrompt.get()).toBe(later);
    $installPrompt.set(null);
  });
});
