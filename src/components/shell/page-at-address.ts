/**
 * The page on screen is the page at the address, whatever history did before the client router
 * listened. Astro's router starts once the document is parsed (a streamed page's last section
 * included); Back or Forward pressed before then (just after a reload, or a Forward that loaded a
 * page whole and a second one at once) moves the address among this document's entries, and the
 * popstate that says so reaches no router: the address said / while the page showed an album, or
 * the reverse, and stayed so. The head's record of the page shown (`PAGE_ADDRESS_SCRIPT`,
 * src/layouts/head-scripts.ts) is compared with the address once the router listens (App.astro's
 * script, which runs after the router's).
 */

/** What the head's script records of the page the document shows. */
export interface ShownPage {
  /** The address of the page on screen: the document's own, then that of each page the router swaps in. */
  href: string;
  /** Whether the client router has begun a navigation since the document started (it shows the address's page then). */
  routed: boolean;
  /** Whether the browser was offline as the document started (its first bytes), whatever it is by the time the shell runs. */
  offline: boolean;
}

/**
 * The head script's record; without one (a page cached before it had the script), the address as
 * it is now, which asks for nothing.
 */
export function shownPage(): ShownPage {
  return (window as { __mmPage?: ShownPage }).__mmPage ?? { href: location.href, routed: false, offline: navigator.onLine === false };
}

/**
 * What makes the page shown the one at `address`: nothing when it already is (a fragment is a
 * place in the same page) or when the router is on its way there; else the router shows it. An
 * address with a fragment is loaded whole instead: the router, which believes it stands at the
 * address already, would only scroll to the fragment and leave the page as it is.
 */
export function catchUpWith(shown: Pick<ShownPage, 'href' | 'routed'>, address: URL): 'nothing' | 'route' | 'reload' {
  if (shown.routed) return 'nothing';
  const page = new URL(shown.href, address);
  if (page.pathname === address.pathname && page.search === address.search) return 'nothing';
  return address.hash ? 'reload' : 'route';
}

/** Astro's client router, as the layout's script imports it (`astro:transitions/client`). */
interface ClientRouter {
  navigate(href: string, options: { history: 'replace' }): Promise<void>;
}

/**
 * Run once the client router listens: history that moved before it did is followed now, in place
 * (the entry, its state and the ones around it stay as they are). The router's module is loaded
 * already (its script ran first); `router` imports it only when needed, so the layout's script
 * does not fail with it (and should it fail, the address's page is loaded whole, the only way
 * left to show it).
 */
export function showPageAtAddress(router: () => Promise<ClientRouter>): void {
  const step = catchUpWith(shownPage(), new URL(location.href));
  if (step === 'reload') location.reload();
  if (step !== 'route') return;
  void router().then(
    async ({ navigate }) => {
      // Asked again: the router may have begun a navigation of its own meanwhile (a later popstate).
      if (catchUpWith(shownPage(), new URL(location.href)) === 'route') await navigate(location.href, { history: 'replace' });
    },
    () => location.reload(),
  );
}
