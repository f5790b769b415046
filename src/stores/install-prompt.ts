import { atom } from 'nanostores';
import { takeEarlyInstallOffer } from '../lib/early-install-offer';

/** The browser's install offer (Chromium's BeforeInstallPromptEvent, not in the DOM typings). */
export interface InstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

/**
 * SPEC §4 Install: the stored install offer, null until the browser signals that
 * installing is possible and again once the prompt was shown. The shell's
 * Install App buttons read it.
 */
export const $installPrompt = atom<InstallPromptEvent | null>(null);

/** Keeps the browser's install offer instead of letting it show its own banner. */
export function captureInstallPrompt(event: Event): void {
  event.preventDefault();
  $installPrompt.set(event as InstallPromptEvent);
}

/** Shows the install prompt once; the outcome is only logged (SPEC §4). */
export async function promptInstall(): Promise<void> {
  const offer = $installPrompt.get();
  if (!offer) return;
  $installPrompt.set(null);
  await offer.prompt();
  const { outcome } = await offer.userChoice;
  console.info(`Install prompt ${outcome}`);
}

let listening = false;

/** Starts listening for the browser's offer, taking over one made before (lib/early-install-offer.ts); called once by the shell's script. */
export function listenForInstallPrompt(target: Window = window): void {
  if (listening) return;
  listening = true;
  const early = takeEarlyInstallOffer(target);
  if (early) captureInstallPrompt(early);
  target.addEventListener('beforeinstallprompt', captureInstallPrompt);
  target.addEventListener('appinstalled', () => $installPrompt.set(null));
}
