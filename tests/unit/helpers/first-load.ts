/**
 * How long a test waits for a lazy chunk's first load (a menu, a sheet, a dialog): on a clean
 * clone, vitest transforms the chunk on that first import, which took over the Testing Library's
 * default second on a slow two-core machine. The tests check that it shows, not how fast:
 * speed is measured in bench/ (first-open.ts), not asserted here.
 */
export const FIRST_LOAD = { timeout: 10_000 };
