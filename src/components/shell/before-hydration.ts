// Astro imports this before any island of a page starts (the before-hydration stage,
// astro.config.mjs): each island's directive (client:load, client:only, client:idle) runs once
// the page's first screen is in. See first-screen.ts for why.
import { firstScreenIn } from './first-screen';

await firstScreenIn(window);
