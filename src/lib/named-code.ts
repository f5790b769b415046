/**
 * Code a page names in a meta element rather than in `modulepreload` links, and asks for when it
 * is wanted: the links in the head would be fetched with the page's first bytes, beside its style
 * sheets and covers, though no script is needed for the first paint (Lighthouse's mobile LCP on /
 * went from about 2.0 s to 1.7 s once the shell's were named here instead: BENCHMARKS.md). Asked
 * for at once, all of it comes side by side, rather than one level of imports after another, and
 * Vite's preload helper finds its links there.
 */

/** The shell's start: the layout's script asks for it once the page's first frame is painted (App.astro). */
export const SHELL_CODE_META = 'my-music-shell-code';

/** The shell islands' code (React, the shell's components): the directive asks for it as the first island starts (hydrate-on-intent.ts). */
export const ISLAND_CODE_META = 'my-music-island-code';

/**
 * Adds a `modulepreload` link for each file the meta `name` of `doc` names, but for those the page
 * already links. Once per page shown (the meta is marked; a page the router brings has its own, and
 * asking again for code already loaded costs a cache hit).
 */
export function preloadNamedCode(doc: Document, name: string): void {
  const meta = doc.querySelector(`meta[name="${name}"]`);
  if (!meta || meta.hasAttribute('data-asked')) return;
  meta.setAttribute('data-asked', '');
  for (const href of (meta.getAttribute('content') ?? '').split(' ').filter(Boolean)) {
    if (doc.querySelector(`link[rel="modulepreload"][href="${href}"]`)) continue;
    doc.head.append(Object.assign(doc.createElement('link'), { rel: 'modulepreload', href }));
  }
}
