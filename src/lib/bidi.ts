/**
 * Provider names inside text we compose as one string (the command palette's lines): each sits
 * between FIRST STRONG ISOLATE and POP DIRECTIONAL ISOLATE, so that a right-to-left name neither
 * reorders the names beside it nor pulls the bullets and commas next to it into its own run. In
 * the page's markup the same is done by elements (`dir="auto"`, `<bdi>`: components/browse/
 * ArtistLinks.tsx). The two marks are invisible, and screen readers pass over them.
 */
export const isolated = (name: string): string => `\u2068${name}\u2069`;

/** Names joined by `separator`, each isolated. */
export const isolatedList = (names: readonly string[], separator = ', '): string => names.map(isolated).join(separator);
