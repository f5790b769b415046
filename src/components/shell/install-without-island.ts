import { $installPrompt } from '../../stores/install-prompt';

/** The attribute that marks an Install App button for the shell's script. */
const INSTALL_ATTRIBUTE = 'data-install-app';

/** The mark itself, which ShellButtons.tsx spreads on its Install App button. */
export const INSTALL_BUTTON_MARK = { [INSTALL_ATTRIBUTE]: '' };

/**
 * SPEC §4's Install App buttons follow the browser's install offer before their island has
 * hydrated: the server renders them disabled, and the offer (which Chromium makes on most first
 * visits, with no input) enables them in the server's HTML instead of waking the shell's islands,
 * which loaded React DOM on every such page for one attribute. A click then hydrates the island
 * and is given to it (hydrate-on-intent.ts). A hydrated island's buttons are React's.
 * Returns the way to stop following.
 */
export function followInstallOfferWithoutIsland(doc: Document = document): () => void {
  return $installPrompt.subscribe((offer) => {
    for (const button of doc.querySelectorAll<HTMLButtonElement>(`astro-island[ssr] button[${INSTALL_ATTRIBUTE}]`)) button.disabled = offer === null;
  });
}
