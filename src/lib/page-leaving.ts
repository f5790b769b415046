/**
 * SPEC §8's exits from a page: the session the provider ended (a 401 the refresh could not
 * mend), or a 403 on a bad request. The server carries one out before its response
 * (src/server/page-data.ts); a part that streams after it tells the browser in a mark
 * (components/ServerNotices.astro), and the browser carries it out (stores/session.ts).
 */
export type PageLeaving = { kind: 'expire-session' } | { kind: 'deny-access'; message: string | null };

/**
 * The mark of SPEC §8's premium prompt that a page's calls met: no exit, but told the same way
 * (ServerNotices.astro), opened by the shell's script, and left out of a page kept for back and
 * forward (plain-toast.ts htmlToKeep), which would open it again on every return.
 */
export const PREMIUM_PROMPT_MARK = 'data-premium-required';
