import islandScript from 'astro/runtime/server/astro-island.prebuilt.js';
import idleDirective from 'astro/client/idle.prebuilt.js';
import loadDirective from 'astro/client/load.prebuilt.js';
import mediaDirective from 'astro/client/media.prebuilt.js';
import onlyDirective from 'astro/client/only.prebuilt.js';
import visibleDirective from 'astro/client/visible.prebuilt.js';
import { FORGET_SESSION_SCRIPT, INSTANT_SWAP_SCRIPT, NEW_SESSION_SCRIPT, PAGE_ADDRESS_SCRIPT, ROOT_MARKS_SCRIPT } from './head-scripts';

/**
 * The `client:intent` directive's script as Astro inlines it: the build defines it
 * (scripts/lib/intent-directive.mjs); outside a build (unit tests) there is none.
 */
export const INTENT_DIRECTIVE_SCRIPT: string = typeof __INTENT_DIRECTIVE_SCRIPT__ === 'string' ? __INTENT_DIRECTIVE_SCRIPT__ : '';

/**
 * Every inline script a page of the site may carry, as the page carries it: ours (the
 * theme script, the session's forgetting, the record of the page shown, the instant swaps) and Astro's own (the island
 * element and its hydration directives, ours among them, the same text Astro inlines). The Content Security Policy
 * allows exactly these by hash (src/middleware.ts), so any other inline script is refused.
 * The provider configuration is a JSON data block, not a script, and needs no hash.
 */
export const INLINE_SCRIPTS: readonly string[] = [
  FORGET_SESSION_SCRIPT,
  NEW_SESSION_SCRIPT,
  ROOT_MARKS_SCRIPT,
  PAGE_ADDRESS_SCRIPT,
  INSTANT_SWAP_SCRIPT,
  islandScript,
  idleDirective,
  loadDirective,
  mediaDirective,
  onlyDirective,
  visibleDirective,
  ...(INTENT_DIRECTIVE_SCRIPT ? [INTENT_DIRECTIVE_SCRIPT] : []),
];
