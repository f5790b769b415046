import { createContext } from 'react';
import type { PlayingMark } from '../lib/playing-mark';

/**
 * The mark of the player that an island's HTML shows (src/lib/playing-mark.ts): the server's
 * knowledge of what plays as it rendered the page, or null where it had none. A row reads it
 * to render, on the server and while hydrating, what the HTML holds (use-now-playing.ts); the
 * island's carried seed provides it (carried-seed.tsx).
 */
export const ShownMarkContext = createContext<PlayingMark | null>(null);
