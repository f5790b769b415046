// Astro imports this before any island of a page starts (the before-hydration stage,
// astro.config.mjs): each island's directive (client:intent) runs once
// the page's first screen is in, and React DOM has been evaluated in a task of its own when an
// island starts as the page loads (none does on most pages: they wait for the user). See
// first-screen.ts for why. Runs once per document: pages the client router brings wait for nothing.
import { firstScreenIn, nextTask, rendererFirst } from './first-screen';

await firstScreenIn(window);
await rendererFirst(document, (url) => import(/* @vite-ignore */ url), nextTask);
