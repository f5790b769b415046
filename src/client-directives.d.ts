// The site's own hydration directive, typed for .astro files (Astro's documented augmentation).
export {};

declare module 'astro' {
  interface AstroClientDirectives {
    /**
     * Hydrates when the user acts, or (`"shell"`, `"player"`) when the user acts or the shell's
     * script wakes it; clicks before then are kept (src/components/shell/hydrate-on-intent.ts).
     */
    'client:intent'?: boolean | 'shell' | 'player';
  }
}
