import { $installPrompt } from '../../stores/install-prompt';

/** The mark of an Install App button (ShellButtons.tsx spreads it), found by the shell's script. */
export const INSTALL_BUTTON_MARK = { 'data-install-app': '' } as const;

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
    for (const button of doc.querySelectorAll<HTMLButtonElement>('astro-island[ssr] button[data-install-app]')) button.disabled = offer === null;
  });
}
