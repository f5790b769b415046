/// <reference types="astro/client" />

declare namespace App {
  interface Locals {
    /** SPEC §8's toast for this render's failed provider calls (the shell shows it); set by src/middleware.ts. */
    serverToast?: () => string | null;
    /** Whether SPEC §8's premium prompt opens for this render's failed provider calls (once); set by src/middleware.ts. */
    premiumPrompt?: () => boolean;
    /** When the provider's rate limit this render met ends, if not yet (the top bar counts down); set by src/middleware.ts. */
    limitedUntil?: () => number | null;
    /** SPEC §8's exit this render's calls met (a streamed part tells the browser); set by src/middleware.ts. */
    leaving?: () => import('./lib/page-leaving').PageLeaving | null;
    /** What the page's provider calls know the provider offers this app (DESIGN §2), told to the browser. */
    learntCapabilities?: () => import('./api/errors').LearntCapabilities;
    /** This page is the first a sign-in opened: it forgets what the browser kept of an earlier session (src/server/notice.ts). */
    newSession?: boolean;
    /** What the account plays, for the player card of a page the browser loads whole; set by src/middleware.ts. */
    playingNow?: Promise<import('./api/page-seeds').NowPlayingSeed | null>;
  }
}

/** The `client:intent` directive's inline script, defined by the build (scripts/lib/intent-directive.mjs). */
declare const __INTENT_DIRECTIVE_SCRIPT__: string | undefined;
