/**
 * The browser's install offer when it comes before the shell's script runs: that script starts
 * after the page's first frame (App.astro), and Chromium may make its offer sooner, once the page
 * has loaded. Missed, the offer never came again and Install App stayed disabled. The layout's
 * own script holds it from the start; the install store takes it over (stores/install-prompt.ts).
 */
let held: Event | null = null;

const hold = (event: Event) => {
  // No banner of the browser's own: the app's Install App button makes the offer.
  event.preventDefault();
  held = event;
};

/** Starts holding the offer; called by the layout's script as the page is parsed. */
export function holdEarlyInstallOffer(target: Pick<Window, 'addEventListener'> = window): void {
  target.addEventListener('beforeinstallprompt', hold);
}

/** Stops holding and hands over the offer held so far, if one came. */
export function takeEarlyInstallOffer(target: Pick<Window, 'removeEventListener'> = window): Event | null {
  target.removeEventListener('beforeinstallprompt', hold);
  const offer = held;
  held = null;
  return offer;
}
